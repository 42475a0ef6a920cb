import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import { type Tiers, TiersResponseSchema } from './contract/points';
import { parseResponse } from './parse-response';
import { POINTS_FRESH_MS, queryKeys } from './query-keys';
import type { StartUpRequestOptions } from './start-up-answers';
import { START_UP_ADDRESSES } from './start-up-addresses';

export async function fetchTiers(options?: RequestOptions): Promise<Tiers> {
  return parseResponse(TiersResponseSchema, await http.get(START_UP_ADDRESSES.tiers, options)).data;
}

/** The programme's tiers and the member's progress: a claim can move it, so it is a points query. */
export const tiersQueryOptions = (request: StartUpRequestOptions = {}) =>
  queryOptions({
    queryKey: [...queryKeys.points, 'tiers'],
    queryFn: ({ signal }) => fetchTiers({ ...request, signal }),
    staleTime: POINTS_FRESH_MS,
  });
