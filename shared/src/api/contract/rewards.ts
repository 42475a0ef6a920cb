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

/**
 * Each icon's outline (a 24×24 path, stroked): the catalogue's small tile in the portal and the
 * reward's picture the mock API draws both use it.
 */
export const REWARD_ICON_PATHS: Record<RewardIcon, string> = {
  bed: 'M3 18V7M3 14h18v4M21 14v-2a3 3 0 00-3-3h-7v5M7 12a2 2 0 100-4 2 2 0 000 4z',
  upgrade: 'M12 19V5M6 11l6-6 6 6M5 21h14',
  clock: 'M12 7v5l3 3M12 21a9 9 0 100-18 9 9 0 000 18z',
  dining: 'M7 3v8M5 3v5a2 2 0 004 0V3M7 11v10M17 3c-2 2-2 7 0 9v9',
  spa: 'M12 21c-4 0-7-3-7-7 3 0 5 1 7 3 2-2 4-3 7-3 0 4-3 7-7 7zM12 17c-2-3-2-7 0-11 2 4 2 8 0 11z',
  lounge: 'M4 11v6h16v-6M6 11V8a2 2 0 012-2h8a2 2 0 012 2v3M4 17v3M20 17v3M2 11h4M18 11h4',
  car: 'M5 16l1.5-5h11L19 16M4 16h16v3H4zM7 19v2M17 19v2M7.5 13.5h.01M16.5 13.5h.01',
  ticket: 'M3 8a2 2 0 002-2h14a2 2 0 002 2v2a2 2 0 000 4v2a2 2 0 00-2 2H5a2 2 0 00-2-2v-2a2 2 0 000-4V8zM14 6v12',
};

/**
 * How a voucher is used (docs/product/vouchers.md): shown at the hotel's desk, quoted with a
 * booking, or entered online. Each catalogue reward names one.
 */
export const VOUCHER_USAGES = ['desk', 'booking', 'online'] as const;
export const VoucherUsageSchema = v.picklist(VOUCHER_USAGES);
export type VoucherUsage = v.InferOutput<typeof VoucherUsageSchema>;

/** `expired` is never stored: an active voucher past its last valid day reads as expired. */
export const VOUCHER_STATES = ['active', 'used', 'expired', 'cancelled'] as const;
export const VoucherStateSchema = v.picklist(VOUCHER_STATES);
export type VoucherState = v.InferOutput<typeof VoucherStateSchema>;

/** A voucher code: three groups of four letters or digits, read aloud without ambiguity. */
export const VOUCHER_CODE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** What a redeemed reward gives the member: one voucher, one code. */
export const VoucherSchema = v.object({
  id: v.string(),
  code: v.string(),
  rewardId: v.string(),
  /** The reward's name as it was when redeemed. */
  name: LocalizedTextSchema,
  icon: RewardIconSchema,
  usage: VoucherUsageSchema,
  /** What it cost, and what a cancellation credits back. */
  points: v.number(),
  state: VoucherStateSchema,
  /** ISO date-time of the redemption (the business clock). */
  issuedAt: v.string(),
  /** The last day (`YYYY-MM-DD`, UTC) it can be used. */
  validUntil: v.string(),
  /** Until when (ISO date-time) an unused voucher can be cancelled; equal to `issuedAt` when never. */
  cancellableUntil: v.string(),
  /** Whether a cancellation would be accepted now. */
  cancellable: v.boolean(),
  usedAt: v.optional(v.string()),
  cancelledAt: v.optional(v.string()),
  /** The statement line of its debit, and of its refund once cancelled. */
  transactionNumber: v.string(),
  refundTransactionNumber: v.optional(v.string()),
});
export type Voucher = v.InferOutput<typeof VoucherSchema>;

/** One reward of the catalogue, as the member sees it now. */
/**
 * A reward's picture (docs/product/rewards.md, "Pictures"): `sources` in modern formats, each at
 * several widths for `srcset`, best first; `src` the fallback; its size, so the page keeps its
 * place before it arrives; and what it shows, in each language, or null when it only decorates.
 */
export const RewardImageSchema = v.object({
  src: v.string(),
  width: v.number(),
  height: v.number(),
  sources: v.array(v.object({ type: v.string(), srcSet: v.string() })),
  alt: v.nullable(LocalizedTextSchema),
});
export type RewardImage = v.InferOutput<typeof RewardImageSchema>;

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
  /** Days a voucher of it stays valid, counted from the day of redemption (that day included). */
  validityDays: v.number(),
  /** Days after redemption during which an unused voucher can be cancelled (0: never). */
  cancellationDays: v.number(),
  usage: VoucherUsageSchema,
  image: RewardImageSchema,
  /** The one reward the catalogue puts first and large. */
  featured: v.boolean(),
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
  data: v.object({
    transaction: TransactionSchema,
    balance: BalanceSchema,
    reward: RewardSchema,
    voucher: VoucherSchema,
  }),
});
export type RedeemRewardResponse = v.InferOutput<typeof RedeemRewardResponseSchema>;

/** The field a refusal names, so a page knows which refusal it is whatever the server's words. */
export const REWARD_REFUSAL_FIELDS = { soldOut: 'reward', priceChanged: 'cost', overBalance: 'points' } as const;
