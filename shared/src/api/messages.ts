// How a page words a failed call to the member: the server's own text, translated where the page
// knows it, or the page's own words where the server sent none (docs/product/api.md, "Error
// texts"). A federated module of its own, apart from the endpoints: every page words errors,
// sign-in included, and sign-in is usable before the endpoints' module is fetched.
import { ApiError, GENERIC_ERROR_MESSAGE, toldElsewhere } from '@loyalty/shared/http';

/**
 * The API's words when a limit refuses a call (429, docs/product/limits.md): the mock API says
 * them, and the pages know them, from here.
 */
export const LIMIT_TEXTS = {
  /** A client's budget for a kind of call, or the wait after failed sign-ins for an address. */
  tooManyAttempts: 'Too many attempts. Please wait a moment before trying again.',
  /** Too many wrong codes for an address: its codes are suspended for a while. */
  codesSuspended:
    'Too many wrong codes for this address. Codes are suspended for now and the account owner has been told by e-mail.',
  /** The cool-down, or the hourly cap, of an address's codes. */
  codeSentRecently: 'A code was sent to this address a moment ago. Please wait before asking for another.',
} as const;

/** The mock API's passkey refusals, word for word: the pages know them and say them in the member's language. */
export const PASSKEY_TEXTS = {
  lastSignInMethod:
    'This passkey is your only way to sign in, because password sign-in is off. Turn password sign-in on, or add another passkey, before you remove it.',
  challengeSpent: 'This passkey request has expired or was already used. Please try again.',
  registrationFailed: 'The passkey could not be verified. Please try again.',
  alreadyRegistered: 'This passkey is already registered.',
  signInFailed: 'This passkey could not sign you in. Try again, or sign in with your password.',
  /** Sign-in with the right password of an account whose password sign-in is off. */
  passwordSignInOff: 'Password sign-in is off for this account. Sign in with your passkey.',
  /** Turning password sign-in off without a passkey to sign in with. */
  passkeyNeeded: 'Add a passkey before you turn off password sign-in.',
  /** Confirming a deletion with a passkey, for a member who has none. */
  noPasskey: 'You have no passkey. Confirm with your password.',
  /** Any refused passkey confirmation of a deletion: the session stays. */
  confirmFailed: 'This passkey could not confirm it is you. Please try again.',
  /** A password offered to delete an account whose password sign-in is off. */
  confirmWithPasskey: 'Password sign-in is off for this account. Confirm with your passkey.',
  /** Adding a passkey or turning password sign-in off without a confirmation (decision 067). */
  confirmNeeded: 'Enter your password to confirm it is you.',
  /** A wrong password given to confirm such a change. */
  passwordIncorrect: 'Password is incorrect',
} as const;

/**
 * The browser's own refusal of a passkey ceremony, read from the error's name or its cause's (as
 * `@simplewebauthn/browser` wraps it): the member closed the dialog, it timed out or another
 * ceremony took over (`NotAllowedError`, `AbortError`); or, when adding one, this authenticator
 * already holds a passkey of theirs (`InvalidStateError`). Null for anything else.
 */
export function passkeyBrowserRefusal(error: unknown): 'cancelled' | 'already-registered' | null {
  const names = [error, (error as { cause?: unknown } | null)?.cause]
    .filter((candidate): candidate is Error => candidate instanceof Error)
    .map((candidate) => candidate.name);
  if (names.includes('InvalidStateError')) return 'already-registered';
  if (names.includes('NotAllowedError') || names.includes('AbortError')) return 'cancelled';
  return null;
}

/**
 * The mock API's claim outcomes, word for word (docs/product/points.md, "Claims"): the pages know
 * them and say them in the member's language.
 */
export const CLAIM_TEXTS = {
  accepted:
    'Claim has been successful. Please note that the points will be reflected in your balance after processing is completed.',
  invalid: 'Invalid Booking ID - The provided booking id is invalid or does not exist',
  alreadyClaimed: 'This transaction has already been claimed',
  /** A stay whose check-out is further back than the claim window (CLAIM_WINDOW_DAYS). */
  windowClosed: 'This stay ended more than 180 days ago: its points can no longer be claimed.',
} as const;

/** The wait said when a 429 names none (a proxy's own refusal). */
const DEFAULT_RETRY_SECONDS = 60;

/**
 * The server's own text for a failed call (docs/product/api.md), or undefined when it sent none. A network
 * failure, or an answer without a message, carries only the generic English text: the page then
 * says it in the member's language instead (`common:errors.generic`, or its own fallback).
 */
export function serverText(error: unknown): string | undefined {
  const own =
    error instanceof ApiError && error.status > 0 && error.message !== '' && error.message !== GENERIC_ERROR_MESSAGE;
  return own ? error.message : undefined;
}

/**
 * A failure the shell's update notice tells of (decision 068): a file of the page's build that the
 * action needed did not load. The page shows no message of its own beside the notice (its text is
 * empty, which the forms kit shows as nothing), and what the member typed stays.
 */
export const TOLD_ELSEWHERE = { toldElsewhere: true } as const;

/**
 * A failure in words: a key of the page's own texts (with the values its text takes), or the
 * server's words as sent.
 */
export type WordedMessage = { text: string } | { key: string; values?: Record<string, number | string> };

/** What a page shows for a failed call: words, or nothing of its own (`TOLD_ELSEWHERE`). */
export type ServerMessage = WordedMessage | typeof TOLD_ELSEWHERE;

/**
 * A call refused by a limit (429), as the member's words with when they may try again (the
 * `common` texts format `seconds` in their language); undefined for any other failure.
 */
export function limitMessage(error: unknown): WordedMessage | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  const key =
    error.message === LIMIT_TEXTS.codesSuspended
      ? 'common:errors.codes_suspended'
      : error.message === LIMIT_TEXTS.codeSentRecently
        ? 'common:errors.code_sent_recently'
        : 'common:errors.too_many_requests';
  return { key, values: { seconds: error.retryAfterSeconds ?? DEFAULT_RETRY_SECONDS } };
}

/**
 * A call that got no answer because the browser has no network: the member is told it needs a
 * connection (decision 068), not that something went wrong.
 */
export function isOfflineFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0 && typeof navigator !== 'undefined' && !navigator.onLine;
}

/**
 * A server text the page knows (`known`: the server's exact English text → the key of its own
 * translation) as that key, so the member reads it in their language; any other text as sent.
 */
export function knownServerText(text: string, known: Readonly<Record<string, string>>): WordedMessage {
  return Object.hasOwn(known, text) ? { key: known[text]! } : { text };
}

/**
 * The message of a member's action that failed (docs/product/api.md): nothing of the page's own when
 * a file of its build did not load and the shell tells of it (`TOLD_ELSEWHERE`; handed over here,
 * once, so that no form can forget it); else as `queryFailureMessage`. Called where the failure is
 * caught, never while rendering: handing over starts the shell's search for a new version.
 */
export function serverMessage(
  error: unknown,
  fallbackKey: string,
  known: Readonly<Record<string, string>> = {},
): ServerMessage {
  return toldElsewhere(error) ? TOLD_ELSEWHERE : queryFailureMessage(error, fallbackKey, known);
}

/**
 * The message of a failed call, worded by the page whatever caused it (a query's, shown in its place
 * beside a Retry, as the remote areas keep their own message): a limit's refusal with its wait
 * (`limitMessage`); the server's own text, translated when the page knows it (`knownServerText`);
 * `fallbackKey` when the server sent no words of its own (`serverText`).
 */
export function queryFailureMessage(
  error: unknown,
  fallbackKey: string,
  known: Readonly<Record<string, string>> = {},
): WordedMessage {
  const limit = limitMessage(error);
  if (limit) return limit;
  if (isOfflineFailure(error)) return { key: 'common:errors.offline' };
  const text = serverText(error);
  return text === undefined ? { key: fallbackKey } : knownServerText(text, known);
}

/** A `ServerMessage` as text, through the page's translate function; empty when told elsewhere. */
export function messageText(
  message: ServerMessage,
  translate: (key: string, values?: Record<string, number | string>) => string,
): string {
  if ('toldElsewhere' in message) return '';
  return 'key' in message ? translate(message.key, message.values) : message.text;
}
