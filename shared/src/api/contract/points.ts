import * as v from 'valibot';

/** SPEC §3 "Balance". `pointBalance` is what can be redeemed now. */
export const BalanceSchema = v.object({
  pointBalance: v.number(),
  pointsPending: v.number(),
  totalClaimed: v.number(),
});
export type Balance = v.InferOutput<typeof BalanceSchema>;

export const BalanceResponseSchema = v.object({ data: BalanceSchema });
export type BalanceResponse = v.InferOutput<typeof BalanceResponseSchema>;
