import { mutationOptions } from './query-options';
import { http } from '@loyalty/shared/http';
import type { QueryClient } from '@tanstack/react-query';
import { PasswordSignInResponseSchema, type PasswordSignInResponse } from './contract/passkeys';
import { parseResponse } from './parse-response';
import { queryKeys } from './query-keys';
import type { StepUp } from './step-up';

/**
 * Password sign-in on, or off with the member's confirmation (off needs a passkey); off again also
 * cancels a reset's return.
 */
export async function setPasswordSignIn(
  change: { enabled: true } | { enabled: false; confirm: () => Promise<StepUp> },
): Promise<PasswordSignInResponse> {
  const body = change.enabled ? { enabled: true } : { enabled: false, ...(await change.confirm()) };
  return parseResponse(PasswordSignInResponseSchema, await http.post('/api/auth/password-sign-in', body));
}

export const setPasswordSignInMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: setPasswordSignIn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
  });
