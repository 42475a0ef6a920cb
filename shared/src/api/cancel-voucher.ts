import { mutationOptions } from './query-options';
import { http } from '@loyalty/shared/http';
import { refusalNamed } from './refusal';
import { CancelVoucherResponseSchema, VOUCHER_REFUSAL_FIELDS, type CancelVoucherResponse } from './contract/vouchers';
import { balanceQueryOptions } from './get-balance';
import { parseResponse } from './parse-response';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

export async function cancelVoucher(voucherId: string): Promise<CancelVoucherResponse> {
  return parseResponse(
    CancelVoucherResponseSchema,
    await http.post(`/api/user/vouchers/${encodeURIComponent(voucherId)}/cancel`, {}),
  );
}

export type VoucherRefusal = keyof typeof VOUCHER_REFUSAL_FIELDS;

/** Which refusal a failed cancellation is (already used, cancelled or expired; or past its window). */
export function voucherRefusal(error: unknown): VoucherRefusal | null {
  return refusalNamed(VOUCHER_REFUSAL_FIELDS, error);
}

/**
 * A cancellation credits the points back and gives the unit back to the catalogue: the balance it
 * answers with shows at once; vouchers, points and the catalogue are asked again, after a refusal
 * too (the voucher was used or cancelled meanwhile: the list then shows it so).
 */
export const cancelVoucherMutationOptions = (queryClient: QueryClient) => {
  const askAgain = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.vouchers }),
      queryClient.invalidateQueries({ queryKey: queryKeys.points }),
      queryClient.invalidateQueries({ queryKey: queryKeys.rewards }),
    ]);
  return mutationOptions({
    mutationFn: cancelVoucher,
    onSuccess: (response) => {
      queryClient.setQueryData(balanceQueryOptions().queryKey, response.data.balance);
      return askAgain();
    },
    onError: () => void askAgain().catch(() => undefined),
  });
};
