import * as v from 'valibot';
import { deleteAccountFormSchema } from '@loyalty/shared/validation';
import { TierSchema } from './points';

/** docs/product/profile.md, "Account page": billed monthly, taxes extra, payment described as 128-bit SSL encrypted. */
export const MembershipPlanSchema = v.object({
  plan: v.string(),
  /** What the plan costs a month before taxes, in `currency` (ISO 4217). */
  price: v.object({ amount: v.number(), currency: v.string() }),
  billing: v.literal('monthly'),
  taxesExtra: v.boolean(),
  paymentSecurity: v.string(),
});
export type MembershipPlan = v.InferOutput<typeof MembershipPlanSchema>;

export const AccountGeneralSchema = v.object({
  id: v.string(),
  fullName: v.string(),
  email: v.string(),
  mobileNumber: v.string(),
  country: v.string(),
  preferredLanguage: v.string(),
  memberSince: v.string(),
  tier: v.nullable(TierSchema),
  plan: MembershipPlanSchema,
});
export type AccountGeneral = v.InferOutput<typeof AccountGeneralSchema>;

export const AccountGeneralResponseSchema = v.object({ data: AccountGeneralSchema });
export type AccountGeneralResponse = v.InferOutput<typeof AccountGeneralResponseSchema>;

/** The member's workspace preferences: how the programme reaches them. */
export const WorkspaceSchema = v.object({
  emailNotifications: v.boolean(),
  smsNotifications: v.boolean(),
  newsletter: v.boolean(),
  timezone: v.string(),
  plan: MembershipPlanSchema,
});
export type Workspace = v.InferOutput<typeof WorkspaceSchema>;

export const WorkspaceResponseSchema = v.object({ data: WorkspaceSchema });
export type WorkspaceResponse = v.InferOutput<typeof WorkspaceResponseSchema>;

/** Any subset of the preferences; the plan is not the member's to change here. */
export const UpdateWorkspaceRequestSchema = v.pipe(
  v.strictObject(
    {
      emailNotifications: v.optional(v.boolean('validation.value_invalid')),
      smsNotifications: v.optional(v.boolean('validation.value_invalid')),
      newsletter: v.optional(v.boolean('validation.value_invalid')),
      timezone: v.optional(
        v.pipe(
          v.string('validation.value_invalid'),
          v.check((zone) => isTimeZone(zone), 'validation.value_invalid'),
        ),
      ),
    },
    'validation.value_invalid',
  ),
);
export type UpdateWorkspaceRequest = v.InferInput<typeof UpdateWorkspaceRequestSchema>;

export const UpdateWorkspaceResponseSchema = v.object({ message: v.string(), data: WorkspaceSchema });
export type UpdateWorkspaceResponse = v.InferOutput<typeof UpdateWorkspaceResponseSchema>;

function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * docs/product/accounts.md, "Your data": deleting the account takes the member's password, or a
 * passkey's assertion (`@simplewebauthn/browser`'s JSON, checked by the API) on the options of
 * `/api/auth/passkeys/confirmation-options` (the step-up's, decision 067).
 */
export const DeleteAccountRequestSchema = v.union([deleteAccountFormSchema, v.object({ passkey: v.looseObject({}) })]);
export type DeleteAccountRequest = v.InferInput<typeof DeleteAccountRequestSchema>;

export const DeleteAccountResponseSchema = v.object({ message: v.string() });
export type DeleteAccountResponse = v.InferOutput<typeof DeleteAccountResponseSchema>;

/** docs/product/accounts.md, "Sessions and devices". */
export const SessionViewSchema = v.object({
  id: v.string(),
  browser: v.string(),
  os: v.string(),
  deviceType: v.picklist(['desktop', 'mobile', 'tablet', 'other']),
  createdAt: v.string(),
  lastUsedAt: v.string(),
  current: v.boolean(),
  /** A session kept on its device (decision 080): "kept signed in until …". */
  keptUntil: v.optional(v.string()),
});
export type SessionView = v.InferOutput<typeof SessionViewSchema>;

export const SessionsResponseSchema = v.object({ data: v.array(SessionViewSchema) });
export const EndSessionResponseSchema = v.object({ message: v.string() });
export const EndOtherSessionsResponseSchema = v.object({
  message: v.string(),
  data: v.object({ ended: v.number() }),
});
