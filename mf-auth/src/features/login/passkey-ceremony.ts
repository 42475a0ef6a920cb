import { WebAuthnAbortService, startAuthentication } from '@simplewebauthn/browser';

/**
 * The browser's side of a passkey sign-in, with `@simplewebauthn/browser`. Imported only when a
 * ceremony starts (passkey-sign-in.ts), so neither the library nor the names of its functions are
 * in the sign-in page's first JavaScript (e2e/tests/performance/size-budgets.spec.ts checks it).
 */
export async function askForPasskey(
  options: Record<string, unknown>,
  useBrowserAutofill: boolean,
): Promise<Record<string, unknown>> {
  return { ...(await startAuthentication({ optionsJSON: options as never, useBrowserAutofill })) };
}

/** Lets the browser go of a waiting autofill request. */
export function cancelPasskeyRequest(): void {
  WebAuthnAbortService.cancelCeremony();
}
