import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import { RewardsResponseSchema, type Reward } from './contract/rewards';
import { parseResponse } from './parse-response';
import { queryKeys } from './query-keys';

/** The rewards catalogue with each reward's price and units left now. */
export async function getRewards(options?: RequestOptions): Promise<Reward[]> {
  return parseResponse(RewardsResponseSchema, await http.get('/api/rewards', options)).data;
}

/** Asked again on every visit: prices and units left move while the member is away. */
export const rewardsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.rewards, 'catalogue'],
    queryFn: ({ signal }) => getRewards({ signal }),
  });
