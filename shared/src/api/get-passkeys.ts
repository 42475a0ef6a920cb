import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import { PasskeysResponseSchema, type PasskeysResponse } from './contract/passkeys';
import { parseResponse } from './parse-response';
import { queryKeys } from './query-keys';

/** The signed-in member's passkeys, and whether their password still signs in. */
export async function getPasskeys(options?: RequestOptions): Promise<PasskeysResponse> {
  return parseResponse(PasskeysResponseSchema, await http.get('/api/auth/passkeys', options));
}

export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.passkeys, 'list'],
    queryFn: ({ signal }) => getPasskeys({ signal }),
  });
