import type { Clock } from './clock';
import type { Store, Transaction } from './store/store';

/** Kept per address; older messages fall off so the file does not grow without end. */
const OUTBOX_LIMIT = 200;

export interface Mail {
  to: string;
  subject: string;
  body: string;
  code?: string;
  /** A reset link the mail carries (also in its body), for developers and tests to open. */
  link?: string;
  /** Ids of the members, other than the recipient, whose names the mail carries. */
  naming?: string[];
}

/**
 * "Sends" a message: there is no mail server, so it goes to the console and to the outbox that
 * developers and tests read at `GET /api/dev/outbox?email=`. Call inside a store transaction, with it.
 */
export function createOutbox(store: Store, clock: Clock, print: (line: string) => void) {
  /**
   * Does all of sending's work but the change, and returns the change: a caller that must take
   * as long whether or not it sends (forgot-password) prepares every time and sends or not.
   */
  function prepare(data: Store['data'], mail: Mail, transaction: Transaction): () => void {
    const message = { ...mail, sentAt: clock.now().toISOString() };
    const mine = data.outbox.filter((stored) => stored.to === mail.to);
    // The address's oldest message, when this one takes it past the limit (pushing does not move it).
    const oldest = mine.length >= OUTBOX_LIMIT ? data.outbox.indexOf(mine[0]!) : -1;
    const line = `[outbox] to ${mail.to}: ${mail.subject}${mail.code ? ` (code ${mail.code})` : ''}`;
    return () => {
      data.outbox.push(message);
      if (oldest !== -1) data.outbox.splice(oldest, 1);
      // Once the transaction is kept: a discarded one sends nothing.
      transaction.afterCommit(() => print(line));
    };
  }
  return {
    prepare,
    send(data: Store['data'], mail: Mail, transaction: Transaction): void {
      prepare(data, mail, transaction)();
    },
    read(email: string) {
      return store.data.outbox.filter((message) => message.to === email).reverse();
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
