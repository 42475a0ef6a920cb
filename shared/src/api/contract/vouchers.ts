import * as v from 'valibot';
import { BalanceSchema, TransactionSchema } from './points';
import { VOUCHER_CODE, VoucherSchema } from './rewards';

export const VouchersResponseSchema = v.object({ data: v.array(VoucherSchema) });
export const VoucherResponseSchema = v.object({ data: VoucherSchema });

/** `POST /api/user/vouchers/{voucherId}/cancel`: the voucher, its refund line and the new balance. */
export const CancelVoucherResponseSchema = v.object({
  message: v.string(),
  data: v.object({ voucher: VoucherSchema, transaction: TransactionSchema, balance: BalanceSchema }),
});
export type CancelVoucherResponse = v.InferOutput<typeof CancelVoucherResponseSchema>;

/** `POST /api/dev/vouchers/use`: the hotel's desk scans or types a code. */
export const UseVoucherRequestSchema = v.object({
  code: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(VOUCHER_CODE, 'validation.value_invalid')),
});

/** The field a refusal names, so a page knows which refusal it is whatever the server's words. */
export const VOUCHER_REFUSAL_FIELDS = { notCancellable: 'voucher', windowClosed: 'cancellableUntil' } as const;
