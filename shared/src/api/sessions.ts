import type { QueryClient } from '@tanstack/react-query';
import { http } from '@loyalty/shared/http';
import {
  EndOtherSessionsResponseSchema,
  EndSessionResponseSchema,
  type SessionView,
  SessionsResponseSchema,
} from './contract/account';
import { parseResponse } from './parse-response';
import { mutationOptions, queryOptions } from './query-options';
import { queryKeys } from './query-keys';

const sessionsKey = [...queryKeys.account, 'sessions'] as const;

export async function getSessions(signal?: AbortSignal): Promise<SessionView[]> {
  return parseResponse(SessionsResponseSchema, await http.get('/api/account/sessions', { signal })).data;
}

/** The member's signed-in sessions (docs/product/accounts.md, "Sessions and devices"), asked again on every visit. */
export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionsKey, queryFn: ({ signal }) => getSessions(signal) });

/** Ends one session (`id`), or every other one (`others`); the list is asked for again after. */
export const endSessionsMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: async (which: { id: string } | 'others') =>
      which === 'others'
        ? parseResponse(EndOtherSessionsResponseSchema, await http.post('/api/account/sessions/end-others', {}))
        : parseResponse(
            EndSessionResponseSchema,
            await http.post(`/api/account/sessions/${encodeURIComponent(which.id)}/end`, {}),
          ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
