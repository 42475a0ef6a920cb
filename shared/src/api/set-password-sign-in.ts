import { mutationOptions } from './query-options';
import { http } from '@loyalty/shared/http';
import type { QueryClient } from '@tanstack/react-query';
import { PasswordSignInResponseSchema, type PasswordSignInResponse } from './contract/passkeys';
import { parseResponse } from './parse-response';
import { queryKeys } from './query-keys';

/** Password sign-in on or off (off needs a passkey); off again also cancels a reset's return. */
export async function setPasswordSignIn(enabled: boolean): Promise<PasswordSignInResponse> {
  return parseResponse(PasswordSignInResponseSchema, await http.post('/api/auth/password-sign-in', { enabled }));
}

export const setPasswordSignInMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: setPasswordSignIn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
  });
