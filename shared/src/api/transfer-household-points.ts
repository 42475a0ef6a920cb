import { mutationOptions } from './query-options';
import { http } from '@loyalty/shared/http';
import { balanceQueryOptions, parseResponse, queryKeys } from '@loyalty/shared/api';
import {
  HouseholdTransferResponseSchema,
  type HouseholdPoolRequest,
  type HouseholdTransferRequest,
  type HouseholdTransferResponse,
} from './contract/household';
import { householdQueryOptions } from './get-household';
import type { QueryClient } from '@tanstack/react-query';

/** A transfer names its points; a pool (no points) sends everything the member may send today. */
export type HouseholdTransferInput = HouseholdTransferRequest | HouseholdPoolRequest;

export async function transferHouseholdPoints(input: HouseholdTransferInput): Promise<HouseholdTransferResponse> {
  const route = 'points' in input ? '/api/user/household/transfers' : '/api/user/household/pool';
  return parseResponse(HouseholdTransferResponseSchema, await http.post(route, input));
}

/**
 * A transfer answers with the sender's new balance and household (what was sent today), which show
 * at once; every points query is then asked again, after a refusal too (the balance moved).
 */
export const transferHouseholdPointsMutationOptions = (queryClient: QueryClient) => {
  const askAgain = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.points }),
      queryClient.invalidateQueries({ queryKey: queryKeys.household }),
    ]);
  return mutationOptions({
    mutationFn: transferHouseholdPoints,
    onSuccess: (response) => {
      queryClient.setQueryData(balanceQueryOptions().queryKey, response.data.balance);
      queryClient.setQueryData(householdQueryOptions().queryKey, response.data.household);
      return askAgain();
    },
    onError: () => void askAgain().catch(() => undefined),
  });
};
