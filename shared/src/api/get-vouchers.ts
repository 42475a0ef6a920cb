import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import type { Voucher } from './contract/rewards';
import { VouchersResponseSchema } from './contract/vouchers';
import { parseResponse } from './parse-response';
import { queryKeys } from './query-keys';

/** The member's vouchers, newest first, each in its state now (an unused one past its day reads expired). */
export async function getVouchers(options?: RequestOptions): Promise<Voucher[]> {
  return parseResponse(VouchersResponseSchema, await http.get('/api/user/vouchers', options)).data;
}

/** One list, read by the dashboard (active ones) and "My rewards" (all). */
export const vouchersQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.vouchers, 'list'],
    queryFn: ({ signal }) => getVouchers({ signal }),
  });
