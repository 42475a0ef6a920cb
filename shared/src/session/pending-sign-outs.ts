import { jwtDecode } from 'jwt-decode';
import { ApiError } from '@loyalty/shared/http';
import { loadApi } from './api-on-demand';

/**
 * Sign-outs the server has not heard of yet (decision 078). A sign-out that gets no answer (or a
 * 5xx) still forgets the session on the device at once; what stays is the session's sign-out key
 * alone: the API made it, it names one session and can only end it, and it says nothing of the
 * member. It is kept in localStorage, which every tab of the portal shares and which outlives the
 * tab, and sent when the network is back (the `online` event, or the next page load in any tab,
 * signed in or not), then forgotten. Read and written by hand, not through zustand's `persist`:
 * its code, on the sign-in page that sends the keys, took that page past its size budget
 * (docs/performance.md, "Behind the code").
 */
export const PENDING_SIGN_OUTS_KEY = 'pendingSignOuts';

/** More than a shared device's sign-outs of a day; the oldest goes first. */
const PENDING_AT_MOST = 10;

interface PendingSignOut {
  key: string;
  /** When the session ends by itself (the token's `exp`, in ms): the key is of no use after it. */
  until: number;
}

const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function isPending(value: unknown): value is PendingSignOut {
  const pending = value as Partial<PendingSignOut> | null;
  return typeof pending?.key === 'string' && typeof pending.until === 'number';
}

function readPending(now = Date.now()): PendingSignOut[] {
  try {
    const kept: unknown = JSON.parse(storage()?.getItem(PENDING_SIGN_OUTS_KEY) ?? '[]');
    return Array.isArray(kept) ? kept.filter(isPending).filter((pending) => pending.until > now) : [];
  } catch {
    return [];
  }
}

function writePending(pending: PendingSignOut[]): void {
  try {
    if (pending.length > 0) storage()?.setItem(PENDING_SIGN_OUTS_KEY, JSON.stringify(pending));
    else storage()?.removeItem(PENDING_SIGN_OUTS_KEY);
  } catch {
    // Storage refused: the session still ends with its token's expiry.
  }
  listeners.forEach((listener) => listener());
}

function forget(key: string): void {
  writePending(readPending().filter((pending) => pending.key !== key));
}

/**
 * Keeps the sign-out key that `token` carries (its `sok` claim), never the token. Returns whether
 * there was one to keep.
 */
export function keepSignOutKey(token: string | null): boolean {
  if (!token) return false;
  let claims: { sok?: unknown; exp?: unknown };
  try {
    claims = jwtDecode(token);
  } catch {
    return false;
  }
  const { sok, exp } = claims;
  if (typeof sok !== 'string' || typeof exp !== 'number') return false;
  const others = readPending().filter((pending) => pending.key !== sok);
  writePending([...others, { key: sok, until: exp * 1000 }].slice(-PENDING_AT_MOST));
  return true;
}

/** How many sign-outs wait for the server, for a page that tells the member. */
export function pendingSignOutCount(): number {
  return readPending().length;
}

/** Calls `listener` when the sign-outs waiting change, here or in another tab. */
export function subscribePendingSignOuts(listener: () => void): () => void {
  listeners.add(listener);
  const fromAnotherTab = (event: StorageEvent) => {
    if (event.key === PENDING_SIGN_OUTS_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', fromAnotherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromAnotherTab);
  };
}

/**
 * An answer after which the key is of no more use: the session ended, or had ended, or the API
 * refuses the key. A key that got no answer, a 5xx, a time limit or a spent budget is sent again.
 */
function settles(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);
}

let sending: Promise<void> | undefined;

/** Sends each kept key once, forgetting those the server has settled. Never rejects. */
export function sendPendingSignOuts(): Promise<void> {
  if (readPending().length === 0 || (typeof navigator !== 'undefined' && !navigator.onLine)) {
    return Promise.resolve();
  }
  sending ??= (async () => {
    const { signOutByKey } = await loadApi();
    for (const { key } of readPending()) {
      try {
        await signOutByKey(key);
        forget(key);
      } catch (error) {
        if (settles(error)) forget(key);
        // No answer: the others would get none either.
        else if (error instanceof ApiError && error.status === 0) return;
      }
    }
  })()
    .catch(() => undefined)
    .finally(() => {
      sending = undefined;
    });
  return sending;
}

/** Sends the kept keys now (a page load, in any tab) and each time the network comes back. */
export function sendPendingSignOutsWhenOnline(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('online', () => void sendPendingSignOuts());
  void sendPendingSignOuts();
}
