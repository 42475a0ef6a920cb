/**
 * The browser's side of the passkey ceremonies the profile starts. `@simplewebauthn/browser` loads
 * only when one starts: no page pays for it up front.
 */

/** Creates a passkey on the member's device from the API's registration options. */
export async function createCredential(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return { ...(await startRegistration({ optionsJSON: options as never })) };
}

/** Asks the member's device for an assertion of one of their passkeys, on the API's options. */
export async function getAssertion(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return { ...(await startAuthentication({ optionsJSON: options as never })) };
}
