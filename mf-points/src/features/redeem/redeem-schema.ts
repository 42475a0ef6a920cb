import { redeemPointsSchema, v } from '@loyalty/shared/validation';

/** Whole points, at least 1 and at most what is available now (the server checks it again). */
export function redeemFormSchema(available: number) {
  return v.object({
    points: v.pipe(redeemPointsSchema, v.maxValue(available, 'redeem.over_balance')),
  });
}
export type RedeemForm = v.InferOutput<ReturnType<typeof redeemFormSchema>>;
