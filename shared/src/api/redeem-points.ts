import { mutationOptions } from './query-options';
import { ApiError, http } from '@loyalty/shared/http';
import { type RedeemPointsRequest, type RedeemPointsResponse, RedeemPointsResponseSchema } from './contract/points';
import { balanceQueryOptions } from './get-balance';
import { parseResponse } from './parse-response';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

export async function redeemPoints(payload: RedeemPointsRequest): Promise<RedeemPointsResponse> {
  return parseResponse(RedeemPointsResponseSchema, await http.post('/api/user/points/redeem', payload));
}

/** A refusal because the balance went down since the page read it (another tab, a device). */
export function isOverBalanceRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 422 && Boolean(error.fieldErrors?.points);
}

/**
 * A redemption answers with the new balance, which shows at once everywhere; every points query is
 * then asked again. A refusal because the balance went down meanwhile fetches the balance the
 * server holds, so the page shows what can be redeemed now.
 */
export const redeemPointsMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: redeemPoints,
    onSuccess: (response) => {
      queryClient.setQueryData(balanceQueryOptions().queryKey, response.data.balance);
      return queryClient.invalidateQueries({ queryKey: queryKeys.points });
    },
    // Not awaited: the refusal shows at once, the new balance when it comes.
    onError: (error) => {
      if (!isOverBalanceRefusal(error)) return;
      void queryClient
        .invalidateQueries({ queryKey: queryKeys.points })
        .then(() => queryClient.fetchQuery(balanceQueryOptions()))
        .catch(() => undefined);
    },
  });
