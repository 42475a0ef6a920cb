import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import { type PendingPoints, PendingPointsResponseSchema } from './contract/points';
import { parseResponse } from './parse-response';
import { POINTS_FRESH_MS, queryKeys } from './query-keys';
import type { StartUpRequestOptions } from './start-up-answers';
import { START_UP_ADDRESSES } from './start-up-addresses';

export async function getPendingPoints(options?: RequestOptions): Promise<PendingPoints[]> {
  return parseResponse(PendingPointsResponseSchema, await http.get(START_UP_ADDRESSES.pendingPoints, options)).data;
}

export const pendingPointsQueryOptions = (request: StartUpRequestOptions = {}) =>
  queryOptions({
    queryKey: [...queryKeys.points, 'pending'],
    queryFn: ({ signal }) => getPendingPoints({ ...request, signal }),
    staleTime: POINTS_FRESH_MS,
  });
