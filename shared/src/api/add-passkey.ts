import { mutationOptions } from './query-options';
import { http } from '@loyalty/shared/http';
import type { QueryClient } from '@tanstack/react-query';
import { AddPasskeyResponseSchema, PasskeyOptionsResponseSchema, type AddPasskeyResponse } from './contract/passkeys';
import { parseResponse } from './parse-response';
import { queryKeys } from './query-keys';

/** Registration options for the signed-in member: a fresh challenge, their passkeys excluded. */
export async function getPasskeyRegistrationOptions(): Promise<Record<string, unknown>> {
  return parseResponse(PasskeyOptionsResponseSchema, await http.post('/api/auth/passkeys/registration-options', {}))
    .data;
}

/**
 * Adds a passkey: `createCredential` runs the browser's ceremony on the options (the page passes
 * `@simplewebauthn/browser`'s `startRegistration`, loaded only then), and the API verifies it.
 */
export async function addPasskey(
  createCredential: (options: Record<string, unknown>) => Promise<Record<string, unknown>>,
): Promise<AddPasskeyResponse> {
  const response = await createCredential(await getPasskeyRegistrationOptions());
  return parseResponse(AddPasskeyResponseSchema, await http.post('/api/auth/passkeys/register', { response }));
}

export const addPasskeyMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
  });
