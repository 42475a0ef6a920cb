import { mutationOptions } from './query-options';
import { http } from '@loyalty/shared/http';
import { refusalNamed } from './refusal';
import { REWARD_REFUSAL_FIELDS, RedeemRewardResponseSchema, type RedeemRewardResponse } from './contract/rewards';
import { balanceQueryOptions } from './get-balance';
import { parseResponse } from './parse-response';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

export interface RedeemRewardInput {
  rewardId: string;
  /** The price the member confirmed. */
  cost: number;
}

export async function redeemReward({ rewardId, cost }: RedeemRewardInput): Promise<RedeemRewardResponse> {
  return parseResponse(
    RedeemRewardResponseSchema,
    await http.post(`/api/rewards/${encodeURIComponent(rewardId)}/redeem`, { cost }),
  );
}

export type RewardRefusal = keyof typeof REWARD_REFUSAL_FIELDS;

/**
 * Which of the catalogue's refusals a failed redemption is: the last unit went to someone else
 * (409), the price moved since the page read it (409), or the balance went down (422). Read from
 * the field the refusal names, so the page words it in the member's language.
 */
export function rewardRefusal(error: unknown): RewardRefusal | null {
  return refusalNamed(REWARD_REFUSAL_FIELDS, error);
}

/**
 * A redemption answers with the new balance and the voucher it issued, which shows at once everywhere; the points and the
 * catalogue are then asked again. A refusal also asks for both again: the page then shows the
 * units, price or balance that are true now.
 */
export const redeemRewardMutationOptions = (queryClient: QueryClient) => {
  const askAgain = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.points }),
      queryClient.invalidateQueries({ queryKey: queryKeys.rewards }),
      queryClient.invalidateQueries({ queryKey: queryKeys.vouchers }),
    ]);
  return mutationOptions({
    mutationFn: redeemReward,
    onSuccess: (response) => {
      queryClient.setQueryData(balanceQueryOptions().queryKey, response.data.balance);
      return askAgain();
    },
    onError: (error) => {
      if (rewardRefusal(error) === null) return;
      void askAgain().catch(() => undefined);
    },
  });
};
