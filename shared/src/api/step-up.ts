import { http } from '@loyalty/shared/http';
import { PasskeyOptionsResponseSchema } from './contract/passkeys';
import { parseResponse } from './parse-response';

/**
 * The member's fresh confirmation that the API asks for with a change to the ways into the
 * account (adding a passkey, turning password sign-in off) and with the account's deletion: the
 * current password, or one of their passkeys' assertions when the password no longer signs in.
 */
export type StepUp = { password: string } | { passkey: Record<string, unknown> };

/**
 * A passkey's confirmation: `getAssertion` runs the browser's ceremony (the page passes
 * `@simplewebauthn/browser`'s `startAuthentication`, loaded only then) on options the API made for
 * this member alone.
 */
export async function confirmWithPasskey(
  getAssertion: (options: Record<string, unknown>) => Promise<Record<string, unknown>>,
): Promise<StepUp> {
  const options = parseResponse(
    PasskeyOptionsResponseSchema,
    await http.post('/api/auth/passkeys/confirmation-options', {}),
  );
  return { passkey: await getAssertion(options.data) };
}
