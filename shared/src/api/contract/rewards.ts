import * as v from 'valibot';
import { LocalizedTextSchema } from './localized-text';
import { BalanceSchema, TransactionSchema } from './points';

/** The catalogue's shelves (docs/product/rewards.md). The portal names each in the member's language. */
export const REWARD_CATEGORIES = ['stays', 'upgrades', 'dining', 'wellness', 'travel', 'experiences'] as const;
export const RewardCategorySchema = v.picklist(REWARD_CATEGORIES);
export type RewardCategory = v.InferOutput<typeof RewardCategorySchema>;

/** The pictures the portal draws for a reward; the catalogue names one per reward. */
export const REWARD_ICONS = ['bed', 'upgrade', 'clock', 'dining', 'spa', 'lounge', 'car', 'ticket'] as const;
export const RewardIconSchema = v.picklist(REWARD_ICONS);
export type RewardIcon = v.InferOutput<typeof RewardIconSchema>;

/** One reward of the catalogue, as the member sees it now. */
export const RewardSchema = v.object({
  id: v.string(),
  name: LocalizedTextSchema,
  description: LocalizedTextSchema,
  category: RewardCategorySchema,
  icon: RewardIconSchema,
  /** What it costs in points now; the price a redemption pays is the catalogue's at that moment. */
  cost: v.number(),
  /** Units left; `null` when the programme does not count them. */
  remaining: v.nullable(v.number()),
  soldOut: v.boolean(),
});
export type Reward = v.InferOutput<typeof RewardSchema>;

export const RewardsResponseSchema = v.object({ data: v.array(RewardSchema) });
export type RewardsResponse = v.InferOutput<typeof RewardsResponseSchema>;

/**
 * `POST /api/rewards/{rewardId}/redeem`. `cost` is the price the member saw and confirmed: the
 * debit is always the catalogue's price, and a price that moved since is refused rather than paid.
 */
export const RedeemRewardRequestSchema = v.object({
  cost: v.pipe(
    v.number('validation.value_invalid'),
    v.integer('validation.value_invalid'),
    v.minValue(0, 'validation.value_invalid'),
    v.maxValue(10_000_000, 'validation.value_invalid'),
  ),
});
export type RedeemRewardRequest = v.InferInput<typeof RedeemRewardRequestSchema>;

export const RedeemRewardResponseSchema = v.object({
  message: v.string(),
  data: v.object({ transaction: TransactionSchema, balance: BalanceSchema, reward: RewardSchema }),
});
export type RedeemRewardResponse = v.InferOutput<typeof RedeemRewardResponseSchema>;

/** The field a refusal names, so a page knows which refusal it is whatever the server's words. */
export const REWARD_REFUSAL_FIELDS = { soldOut: 'reward', priceChanged: 'cost', overBalance: 'points' } as const;
