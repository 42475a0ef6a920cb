import { mutationOptions } from './query-options';
import { http } from '@loyalty/shared/http';
import { type ClaimPointsRequest, type ClaimPointsResponse, ClaimPointsResponseSchema } from './contract/points';
import { parseResponse } from './parse-response';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

export async function claimPoints(payload: ClaimPointsRequest): Promise<ClaimPointsResponse> {
  return parseResponse(ClaimPointsResponseSchema, await http.post('/api/user/points/claim', payload));
}

/** A claim adds a pending credit: every points query (balance, pending, tiers, history) is asked again. */
export const claimPointsMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: claimPoints,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.points }),
  });
