/** The session storage entries of docs/product/accounts.md. Losing any of them ends the session (docs/product/accounts.md). */
export const SESSION_KEYS = ['accessToken', 'email', 'fullName'] as const;
/**
 * The mark of a device kept signed in (decision 080), in localStorage: the session's first scripts
 * look whether it is there; the API layer reads and writes it (`kept-device.ts`).
 */
export const KEPT_DEVICE_KEY = 'keptDevice';

export type SessionKey = (typeof SESSION_KEYS)[number];

export interface StoredSession {
  accessToken: string;
  email: string;
  fullName: string;
}

export function readStoredSession(): Partial<StoredSession> {
  return Object.fromEntries(
    SESSION_KEYS.map((key) => [key, sessionStorage.getItem(key) ?? undefined]),
  ) as Partial<StoredSession>;
}

export function writeStoredSession(session: StoredSession): void {
  SESSION_KEYS.forEach((key) => sessionStorage.setItem(key, session[key]));
}

export function clearStoredSession(): void {
  SESSION_KEYS.forEach((key) => sessionStorage.removeItem(key));
}

/** True while any of the three entries is missing. */
export function isStoredSessionIncomplete(): boolean {
  return SESSION_KEYS.some((key) => !sessionStorage.getItem(key));
}
