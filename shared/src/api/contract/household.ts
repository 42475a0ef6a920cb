import * as v from 'valibot';
import { emailSchema, redeemPointsSchema } from '@loyalty/shared/validation';
import { BalanceSchema, TransactionSchema } from './points';

/**
 * The household rules (docs/product/household.md), one source for the mock API and the pages.
 * A household holds at most this many members, pending invitations counted: the one who starts it
 * and up to three others, as Hilton's Points Pooling and Flying Blue's Family Pool allow.
 */
export const HOUSEHOLD_MAX_MEMBERS = 4;
/** Points one member may send to the household in a business day, pooled or transferred. */
export const HOUSEHOLD_DAILY_TRANSFER_LIMIT = 5_000;
/** How long an invitation's link may be used, once. */
export const HOUSEHOLD_INVITATION_DAYS = 7;

export const HouseholdMemberSchema = v.object({
  id: v.string(),
  firstname: v.string(),
  lastname: v.string(),
  /** The member who asks. */
  you: v.boolean(),
});
export type HouseholdMember = v.InferOutput<typeof HouseholdMemberSchema>;

export const HouseholdInvitationSchema = v.object({
  id: v.string(),
  email: v.string(),
  expiresAt: v.string(),
  /** Sent by the member who asks: only they may withdraw it. */
  sentByYou: v.boolean(),
});
export type HouseholdInvitation = v.InferOutput<typeof HouseholdInvitationSchema>;

export const HouseholdSchema = v.object({
  id: v.string(),
  members: v.array(HouseholdMemberSchema),
  invitations: v.array(HouseholdInvitationSchema),
  /** Points the member who asks has sent today (business clock), against `dailyLimit`. */
  sentToday: v.number(),
  dailyLimit: v.number(),
  maxMembers: v.number(),
});
export type Household = v.InferOutput<typeof HouseholdSchema>;

/** `GET /api/user/household`: the member's household, or null when they are in none. */
export const HouseholdResponseSchema = v.object({ data: v.nullable(HouseholdSchema) });
export type HouseholdResponse = v.InferOutput<typeof HouseholdResponseSchema>;

export const HouseholdChangeResponseSchema = v.object({ message: v.string(), data: v.nullable(HouseholdSchema) });
export type HouseholdChangeResponse = v.InferOutput<typeof HouseholdChangeResponseSchema>;

export const InviteToHouseholdRequestSchema = v.object({ email: emailSchema });
export type InviteToHouseholdRequest = v.InferInput<typeof InviteToHouseholdRequestSchema>;

/** The token of the invitation's link (the part after `#token=`). */
export const AcceptHouseholdInvitationRequestSchema = v.object({
  token: v.pipe(v.string('validation.token_required'), v.trim(), v.nonEmpty('validation.token_required')),
});
export type AcceptHouseholdInvitationRequest = v.InferInput<typeof AcceptHouseholdInvitationRequestSchema>;

/** A transfer names the recipient (a member of the same household) and the points. */
export const HouseholdTransferRequestSchema = v.object({
  toMemberId: v.pipe(v.string('validation.value_invalid'), v.nonEmpty('validation.value_invalid')),
  /** Whole points, at least one, as a redemption; the real bounds are the balance and the daily limit. */
  points: redeemPointsSchema,
});
export type HouseholdTransferRequest = v.InferInput<typeof HouseholdTransferRequestSchema>;

/** A pool sends everything the member may send today (balance, within the daily limit) to one member. */
export const HouseholdPoolRequestSchema = v.object({
  toMemberId: v.pipe(v.string('validation.value_invalid'), v.nonEmpty('validation.value_invalid')),
});
export type HouseholdPoolRequest = v.InferInput<typeof HouseholdPoolRequestSchema>;

/** The sender's debit line, the new balance and the household (with `sentToday`) after it. */
export const HouseholdTransferResponseSchema = v.object({
  message: v.string(),
  data: v.object({ transaction: TransactionSchema, balance: BalanceSchema, household: HouseholdSchema }),
});
export type HouseholdTransferResponse = v.InferOutput<typeof HouseholdTransferResponseSchema>;

/** The field a refusal names, so a page knows which refusal it is whatever the server's words. */
export const HOUSEHOLD_REFUSAL_FIELDS = {
  full: 'household',
  alreadyInvited: 'email',
  notEnoughPoints: 'points',
  dailyLimit: 'dailyLimit',
  notAMember: 'toMemberId',
} as const;

/**
 * The mock API's household refusals and outcomes, word for word (docs/product/household.md): the
 * pages know them and say them in the member's language.
 */
export const HOUSEHOLD_TEXTS = {
  invited: 'Invitation sent',
  accepted: 'Welcome to the household',
  transferred: 'Points sent',
  left: 'You have left the household',
  withdrawn: 'Invitation withdrawn',
  noSuchInvitation: 'No such invitation of yours is pending.',
  full: 'This household is full: it has as many members and invitations as it may have.',
  alreadyInvited: 'This address is already in the household or invited to it.',
  inviteYourself: 'You cannot invite yourself.',
  invitationInvalid: 'This invitation link is not valid: it was used, withdrawn or never sent.',
  invitationExpired: 'This invitation has expired. Ask for a new one.',
  invitationForSomeoneElse: 'This invitation was sent to another address. Sign in as that member to accept it.',
  alreadyInHousehold: 'You are already in a household. Leave it before you join another.',
  notInHousehold: 'You are not in a household.',
  notAMember: 'No such member in your household.',
  toYourself: 'You cannot send points to yourself.',
  notEnoughPoints: 'Not enough points: the transfer is more than your available balance.',
  dailyLimit: 'This transfer would pass your daily household limit.',
  nothingToPool: 'You have no points you may send today.',
} as const;
