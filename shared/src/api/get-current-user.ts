import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import { CurrentUserResponseSchema, type User } from './contract/auth';
import { parseResponse } from './parse-response';
import { queryKeys } from './query-keys';
import type { StartUpRequestOptions } from './start-up-answers';

export async function getCurrentUser(options?: RequestOptions): Promise<User> {
  return parseResponse(CurrentUserResponseSchema, await http.get('/api/auth/me', options)).data;
}

/**
 * The signed-in member, as the session restores it. Never fresh: the session asks whenever it
 * (re)starts, and keeps the member it got as its own state.
 */
export const currentUserQueryOptions = (request: StartUpRequestOptions = {}) =>
  queryOptions({
    queryKey: [...queryKeys.member, 'me'],
    queryFn: ({ signal }) => getCurrentUser({ ...request, signal }),
    staleTime: 0,
  });
