import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import { type AccountGeneral, AccountGeneralResponseSchema } from './contract/account';
import { parseResponse } from './parse-response';
import { queryKeys } from './query-keys';

export async function getAccountGeneral(options?: RequestOptions): Promise<AccountGeneral> {
  return parseResponse(AccountGeneralResponseSchema, await http.get('/api/account/general', options)).data;
}

/** The account page's details: asked again on every visit, as a profile change may have moved them. */
export const accountGeneralQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.account, 'general'],
    queryFn: ({ signal }) => getAccountGeneral({ signal }),
  });
