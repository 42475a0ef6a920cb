import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import { CurrentUserResponseSchema, type User } from './contract/auth';
import { parseResponse } from './parse-response';
import { queryKeys } from './query-keys';
import type { StartUpRequestOptions } from './start-up-answers';
import { START_UP_ADDRESSES } from './start-up-addresses';

export async function getCurrentUser(options?: RequestOptions): Promise<User> {
  return parseResponse(CurrentUserResponseSchema, await http.get(START_UP_ADDRESSES.currentUser, options)).data;
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
