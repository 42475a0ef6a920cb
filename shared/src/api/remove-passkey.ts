import { mutationOptions } from './query-options';
import { http } from '@loyalty/shared/http';
import type { QueryClient } from '@tanstack/react-query';
import { MessageResponseSchema, type MessageResponse } from './contract/auth';
import { parseResponse } from './parse-response';
import { queryKeys } from './query-keys';

export async function removePasskey(passkeyId: string): Promise<MessageResponse> {
  return parseResponse(
    MessageResponseSchema,
    await http.post(`/api/auth/passkeys/${encodeURIComponent(passkeyId)}/remove`, {}),
  );
}

/** A refusal (the last way to sign in) also asks for the list again: it shows what is true now. */
export const removePasskeyMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: removePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
  });
