import type { Clock } from './clock';
import type { Store } from './store/store';

/** Kept per address; older messages fall off so the file does not grow without end. */
const OUTBOX_LIMIT = 200;

export interface Mail {
  to: string;
  subject: string;
  body: string;
  code?: string;
}

/**
 * "Sends" a message: there is no mail server, so it goes to the console and to the outbox that
 * developers and tests read at `GET /api/dev/outbox?email=`. Call inside a store transaction.
 */
export function createOutbox(store: Store, clock: Clock, print: (line: string) => void) {
  return {
    send(data: Store['data'], mail: Mail): void {
      data.outbox.push({ ...mail, sentAt: clock.now().toISOString() });
      const mine = data.outbox.filter((message) => message.to === mail.to);
      if (mine.length > OUTBOX_LIMIT) data.outbox.splice(data.outbox.indexOf(mine[0]!), 1);
      print(`[outbox] to ${mail.to}: ${mail.subject}${mail.code ? ` (code ${mail.code})` : ''}`);
    },
    read(email: string) {
      return store.data.outbox.filter((message) => message.to === email).reverse();
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
