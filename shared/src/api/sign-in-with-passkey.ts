import { http } from '@loyalty/shared/http';
import {
  PasskeyOptionsResponseSchema,
  PasskeySignInResponseSchema,
  type PasskeySignInResponse,
} from './contract/passkeys';
import { afterSignIn } from './kept-session';
import { parseResponse } from './parse-response';

/** Options for a passkey sign-in: a fresh challenge, no address asked (the passkey says who). */
export async function getPasskeySignInOptions(): Promise<Record<string, unknown>> {
  return parseResponse(PasskeyOptionsResponseSchema, await http.post('/api/auth/passkeys/authentication-options', {}))
    .data;
}

/** Sends the browser's assertion, and whether to keep the device signed in (decision 080); answers as `login` does. */
export async function signInWithPasskey(
  response: Record<string, unknown>,
  keepSignedIn?: boolean,
): Promise<PasskeySignInResponse> {
  const signedIn = parseResponse(
    PasskeySignInResponseSchema,
    await http.post('/api/auth/passkeys/sign-in', { response, keepSignedIn }),
  );
  afterSignIn(signedIn.keptUntil);
  return signedIn;
}
