import { mutationOptions } from './query-options';
import { http } from '@loyalty/shared/http';
import type { QueryClient } from '@tanstack/react-query';
import { AddPasskeyResponseSchema, PasskeyOptionsResponseSchema, type AddPasskeyResponse } from './contract/passkeys';
import { parseResponse } from './parse-response';
import { queryKeys } from './query-keys';
import type { StepUp } from './step-up';

/**
 * Registration options for the signed-in member: a fresh challenge, their passkeys excluded. A
 * password confirmation is checked here already, so a wrong one never leaves the device a key.
 */
export async function getPasskeyRegistrationOptions(confirmation?: StepUp): Promise<Record<string, unknown>> {
  const body = confirmation && 'password' in confirmation ? { password: confirmation.password } : {};
  return parseResponse(PasskeyOptionsResponseSchema, await http.post('/api/auth/passkeys/registration-options', body))
    .data;
}

/**
 * Adds a passkey: `confirm` gives the member's confirmation first (a passkey's ceremony, when it is
 * one, comes before the new one's), `createCredential` runs the browser's ceremony on the options
 * (the page passes `@simplewebauthn/browser`'s `startRegistration`, loaded only then), and the API
 * checks both in one request.
 */
export async function addPasskey({
  confirm,
  createCredential,
}: {
  confirm: () => Promise<StepUp>;
  createCredential: (options: Record<string, unknown>) => Promise<Record<string, unknown>>;
}): Promise<AddPasskeyResponse> {
  const confirmation = await confirm();
  const response = await createCredential(await getPasskeyRegistrationOptions(confirmation));
  return parseResponse(
    AddPasskeyResponseSchema,
    await http.post('/api/auth/passkeys/register', { response, ...confirmation }),
  );
}

export const addPasskeyMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
  });
