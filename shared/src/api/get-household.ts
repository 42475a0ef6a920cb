import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import { parseResponse, queryKeys } from '@loyalty/shared/api';
import { HouseholdResponseSchema, type Household } from './contract/household';

/** The member's household (members, pending invitations, what they sent today), or null. */
export async function getHousehold(options?: RequestOptions): Promise<Household | null> {
  return parseResponse(HouseholdResponseSchema, await http.get('/api/user/household', options)).data;
}

export const householdQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.household, 'mine'],
    queryFn: ({ signal }) => getHousehold({ signal }),
  });
