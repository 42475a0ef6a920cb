import * as v from 'valibot';
import {
  bookingDateSchema,
  bookingIdSchema,
  descriptionSchema,
  isCalendarDate,
  redeemPointsSchema,
} from '@loyalty/shared/validation';
import { LocalizedTextSchema } from './localized-text';

/** docs/product/points.md: points a night at the standard rate, for a booking that names none. */
export const POINTS_PER_NIGHT = 100;

/** docs/product/tiers.md: the currency of bookings' amounts, and so of the tiers that count them. */
export const BOOKING_CURRENCY = 'EUR';

/** docs/product/expiry.md: points expire this many months after the member's last activity. */
export const POINTS_EXPIRY_MONTHS = 24;

/** docs/product/expiry.md: the portal warns of an expiry this many days before it, on the business clock. */
export const POINTS_EXPIRY_NOTICE_DAYS = 90;

/**
 * The points that expire next if nothing happens, and the day they expire (`YYYY-MM-DD`); `soon`
 * when that day is within the notice, by the API's business clock (the browser's may differ).
 */
export const NextExpirySchema = v.object({ points: v.number(), date: v.string(), soon: v.boolean() });
export type NextExpiry = v.InferOutput<typeof NextExpirySchema>;

/**
 * docs/product/points.md "Balance". `pointBalance` is what can be redeemed now; `nextExpiry` is
 * null when nothing would expire (docs/product/expiry.md).
 */
export const BalanceSchema = v.object({
  pointBalance: v.number(),
  pointsPending: v.number(),
  totalClaimed: v.number(),
  // Read as null from an API that does not give it yet: the remotes and the API ship apart.
  nextExpiry: v.optional(v.nullable(NextExpirySchema), null),
});
export type Balance = v.InferOutput<typeof BalanceSchema>;

export const BalanceResponseSchema = v.object({ data: BalanceSchema });
export type BalanceResponse = v.InferOutput<typeof BalanceResponseSchema>;

export const TRANSACTION_TYPES = ['credit', 'credit_pending', 'debit'] as const;
export const TransactionTypeSchema = v.picklist(TRANSACTION_TYPES);
export type TransactionType = v.InferOutput<typeof TransactionTypeSchema>;

/** docs/product/points.md "Transaction". A pending credit turns into a credit on `availableOn`. */
export const TransactionSchema = v.object({
  id: v.string(),
  transactionNumber: v.string(),
  /** When the transaction was made (ISO date-time). */
  date: v.string(),
  type: TransactionTypeSchema,
  /** Always positive; `type` says which way it goes. */
  points: v.number(),
  bookingId: v.optional(v.string()),
  /** The day (`YYYY-MM-DD`) a claimed credit becomes available: the day after the booking ends. */
  availableOn: v.optional(v.string()),
  description: v.string(),
  /** The stay a claimed credit is for: the booking's first and last day (`YYYY-MM-DD`). */
  stay: v.optional(v.object({ startDate: v.string(), endDate: v.string() })),
  /** The catalogue reward a debit paid for, named as it was at the time in each language. */
  reward: v.optional(
    v.object({
      id: v.string(),
      name: LocalizedTextSchema,
    }),
  ),
  /** A debit that expired the balance: the day of the member's last activity before it. */
  expiry: v.optional(v.object({ lastActivity: v.string() })),
  /**
   * A household transfer's line: sent (`out`) or received (`in`), naming the other member as they
   * were then; `counterpart` is `null` once that member has deleted their account ("a former member").
   */
  household: v.optional(v.object({ direction: v.picklist(['out', 'in']), counterpart: v.nullable(v.string()) })),
});
export type Transaction = v.InferOutput<typeof TransactionSchema>;

/** `GET /api/user/transactions/{transactionNumber}`: one transaction of the member's own. */
export const TransactionResponseSchema = v.object({ data: TransactionSchema });
export type TransactionResponse = v.InferOutput<typeof TransactionResponseSchema>;

export const TRANSACTION_SORTS = ['date_desc', 'date_asc'] as const;
export const TRANSACTIONS_MAX_PAGE_SIZE = 100;
export const TRANSACTIONS_DEFAULT_PAGE_SIZE = 10;

const integerParam = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,7}$/, 'validation.value_invalid'),
    v.transform(Number),
    v.minValue(min, 'validation.value_invalid'),
    v.maxValue(max, 'validation.value_invalid'),
  );
const dateParam = v.pipe(v.string(), v.check(isCalendarDate, 'validation.booking_date_invalid'));

/** Query of `GET /api/user/transactions/all`; every parameter is optional. */
export const TransactionsQuerySchema = v.object({
  type: v.optional(v.picklist(TRANSACTION_TYPES, 'validation.value_invalid')),
  from: v.optional(dateParam),
  to: v.optional(dateParam),
  q: v.optional(v.pipe(v.string(), v.maxLength(100, 'validation.value_invalid'))),
  page: v.optional(integerParam(1, 1_000_000)),
  pageSize: v.optional(integerParam(1, TRANSACTIONS_MAX_PAGE_SIZE)),
  sort: v.optional(v.picklist(TRANSACTION_SORTS, 'validation.value_invalid')),
});
export interface TransactionsQuery {
  type?: TransactionType;
  /** First day included, `YYYY-MM-DD`. */
  from?: string;
  /** Last day included, `YYYY-MM-DD`. */
  to?: string;
  /** Matches the transaction number, booking id or description. */
  q?: string;
  page?: number;
  pageSize?: number;
  sort?: (typeof TRANSACTION_SORTS)[number];
}

export const TransactionsResponseSchema = v.object({
  data: v.array(TransactionSchema),
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
});
export type TransactionsResponse = v.InferOutput<typeof TransactionsResponseSchema>;

export const PendingPointsSchema = v.object({
  transactionNumber: v.string(),
  bookingId: v.string(),
  points: v.number(),
  availableOn: v.string(),
});
export type PendingPoints = v.InferOutput<typeof PendingPointsSchema>;

export const PendingPointsResponseSchema = v.object({ data: v.array(PendingPointsSchema) });
export type PendingPointsResponse = v.InferOutput<typeof PendingPointsResponseSchema>;

/** A claim names a booking by id and start date (docs/product/frame.md "claim-points form"). */
export const ClaimPointsRequestSchema = v.object({ bookingId: bookingIdSchema, bookingDate: bookingDateSchema });
export type ClaimPointsRequest = v.InferInput<typeof ClaimPointsRequestSchema>;

export const ClaimPointsResponseSchema = v.object({ message: v.string(), data: TransactionSchema });
export type ClaimPointsResponse = v.InferOutput<typeof ClaimPointsResponseSchema>;

export const RedeemPointsRequestSchema = v.object({
  points: redeemPointsSchema,
  description: v.optional(descriptionSchema),
});
export type RedeemPointsRequest = v.InferInput<typeof RedeemPointsRequestSchema>;

export const RedeemPointsResponseSchema = v.object({
  message: v.string(),
  data: v.object({ transaction: TransactionSchema, balance: BalanceSchema }),
});
export type RedeemPointsResponse = v.InferOutput<typeof RedeemPointsResponseSchema>;

export const TierSchema = v.object({
  level: v.number(),
  name: v.string(),
  /** What the threshold counts: claimed points, or the amount of the claimed bookings. */
  criterion: v.picklist(['points', 'amount']),
  threshold: v.number(),
  /** What the tier gives, as benefit ids the front end words (docs/product/tiers.md "Benefits"). */
  benefits: v.optional(v.array(v.string())),
});
export type Tier = v.InferOutput<typeof TierSchema>;

/** The member's qualification period and status (docs/product/tiers.md). Days are `YYYY-MM-DD`. */
export const TierQualificationSchema = v.object({
  periodStart: v.string(),
  periodEnd: v.string(),
  /** The current tier is held to this day, whatever the next annual check finds. */
  statusValidUntil: v.string(),
});
export type TierQualification = v.InferOutput<typeof TierQualificationSchema>;

export const TIER_PROGRESS_STATES = ['get_started', 'keep_going', 'all_unlocked'] as const;

export const TiersSchema = v.object({
  tiers: v.array(TierSchema),
  current: v.nullable(TierSchema),
  next: v.nullable(TierSchema),
  /** `value` of `target` in the next tier's criterion (docs/product/points.md "Tier progress"). */
  progress: v.object({ value: v.number(), target: v.number(), state: v.picklist(TIER_PROGRESS_STATES) }),
  qualification: v.optional(TierQualificationSchema),
});
export type Tiers = v.InferOutput<typeof TiersSchema>;

export const TiersResponseSchema = v.object({ data: TiersSchema });
export type TiersResponse = v.InferOutput<typeof TiersResponseSchema>;
