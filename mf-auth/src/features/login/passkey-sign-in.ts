import { sessionStore } from '@loyalty/shared/session';
import { ApiError } from '@loyalty/shared/http';
import { PASSKEY_TEXTS, knownServerText, limitMessage, type ServerMessage } from '@loyalty/shared/api/messages';

/**
 * Signs in with a passkey. `@simplewebauthn/browser` loads only now: the sign-in page's first
 * JavaScript never carries it. `autofill`: conditional mediation, the browser offering the
 * member's passkeys in the e-mail field's suggestions; the request waits until one is picked, and a
 * later ceremony (the button) cancels it.
 */
export async function signInWithPasskey(mode: 'button' | 'autofill'): Promise<void> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  await sessionStore.getState().loginWithPasskey(async (options) => ({
    ...(await startAuthentication({ optionsJSON: options as never, useBrowserAutofill: mode === 'autofill' })),
  }));
}

/** Ends a waiting autofill request (the page is leaving). */
export async function cancelPasskeyRequest(): Promise<void> {
  const { WebAuthnAbortService } = await import('@simplewebauthn/browser');
  WebAuthnAbortService.cancelCeremony();
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

/** The browser's own refusal: the member closed its dialog, it timed out, or another ceremony took over. */
export function browserCancelled(error: unknown): boolean {
  const names = [error, (error as { cause?: unknown } | null)?.cause]
    .filter((candidate): candidate is Error => candidate instanceof Error)
    .map((candidate) => candidate.name);
  return names.includes('NotAllowedError') || names.includes('AbortError');
}

/** What a failed passkey sign-in says: a limit's wait, the API's refusal, the browser's, or the generic text. */
export function passkeyErrorMessage(error: unknown): ServerMessage {
  const limit = limitMessage(error);
  if (limit) return limit;
  if (browserCancelled(error)) return { key: 'login.passkey_errors.cancelled' };
  if (error instanceof ApiError) {
    const known = knownServerText(error.message, {
      [PASSKEY_TEXTS.signInFailed]: 'login.passkey_errors.failed',
      [PASSKEY_TEXTS.challengeSpent]: 'login.passkey_errors.expired',
    });
    if ('key' in known) return known;
  }
  return { key: 'login.passkey_errors.failed' };
}
