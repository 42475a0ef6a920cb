import { sessionStore } from '@loyalty/shared/session';
import { ApiError } from '@loyalty/shared/http';
import {
  PASSKEY_TEXTS,
  knownServerText,
  limitMessage,
  passkeyBrowserRefusal,
  type ServerMessage,
} from '@loyalty/shared/api/messages';

/**
 * Signs in with a passkey through the browser's dialog. The ceremony's module, with
 * `@simplewebauthn/browser`, loads only now: the sign-in page's first JavaScript never carries it.
 */
export async function signInWithPasskey(keepSignedIn: () => boolean): Promise<void> {
  const { askForPasskey } = await import('./passkey-ceremony');
  await sessionStore.getState().loginWithPasskey((options) => askForPasskey(options, false), keepSignedIn);
}

export interface PasskeyAutofill {
  /** Ends the waiting request, and resolves once the browser has let it go. */
  stop(): Promise<void>;
  /** Whether the request is over (signed in, refused, timed out or stopped). */
  readonly ended: boolean;
}

/**
 * Conditional mediation: the browser offers the member's passkeys among the e-mail field's
 * suggestions, and the request waits until one is picked. A browser allows one request at a time
 * and lets an aborted one go only later, so a page must `stop()` it, and wait, before it asks
 * with the dialog.
 */
export function startPasskeyAutofill(onError: (error: unknown) => void, keepSignedIn: () => boolean): PasskeyAutofill {
  let stopped = false;
  let waiting = false;
  let ended = false;
  const running = (async () => {
    if (!(await passkeyAutofillAvailable())) return;
    const { askForPasskey } = await import('./passkey-ceremony');
    if (stopped) return;
    await sessionStore.getState().loginWithPasskey(async (options) => {
      if (stopped) throw new DOMException('The page asked otherwise', 'AbortError');
      waiting = true;
      return askForPasskey(options, true);
    }, keepSignedIn);
  })()
    .catch((error: unknown) => {
      // A closed or timed-out browser dialog, or another ceremony taking over, is no error to show.
      if (!stopped && passkeyBrowserRefusal(error) !== 'cancelled') onError(error);
    })
    .finally(() => {
      ended = true;
    });
  return {
    get ended() {
      return ended;
    },
    stop: async () => {
      stopped = true;
      if (waiting) (await import('./passkey-ceremony')).cancelPasskeyRequest();
      await running;
    },
  };
}

/**
 * Whether the browser offers passkeys in autofill, asked of the browser itself (what
 * `browserSupportsWebAuthnAutofill` asks) so the question costs no library.
 */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  const credential = (
    globalThis as { PublicKeyCredential?: { isConditionalMediationAvailable?: () => Promise<boolean> } }
  ).PublicKeyCredential;
  try {
    return (await credential?.isConditionalMediationAvailable?.()) === true;
  } catch {
    return false;
  }
}

/** What a failed passkey sign-in says: a limit's wait, the API's refusal, the browser's, or the generic text. */
export function passkeyErrorMessage(error: unknown): ServerMessage {
  const limit = limitMessage(error);
  if (limit) return limit;
  if (passkeyBrowserRefusal(error) === 'cancelled') return { key: 'login.passkey_errors.cancelled' };
  if (error instanceof ApiError) {
    const known = knownServerText(error.message, {
      [PASSKEY_TEXTS.signInFailed]: 'login.passkey_errors.failed',
      [PASSKEY_TEXTS.challengeSpent]: 'login.passkey_errors.expired',
    });
    if ('key' in known) return known;
  }
  return { key: 'login.passkey_errors.failed' };
}
