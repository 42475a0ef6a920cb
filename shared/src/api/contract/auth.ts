import * as v from 'valibot';
import {
  confirmPasswordSchema,
  withConfirmation,
  countryCodeSchema,
  emailSchema,
  changePasswordFormSchema,
  firstNameSchema,
  lastNameSchema,
  otpSchema,
  passwordSchema,
  phoneCodeSchema,
  phoneNumberSchema,
  preferredLanguageSchema,
  registerFormSchema,
  signOutOthersSchema,
  keepSignedInSchema,
} from '@loyalty/shared/validation';

/** One entry of the per-user menu the server sends with the profile (docs/product/profile.md "Menu item"). */
export const MenuItemSchema = v.object({
  id: v.number(),
  /** 0 means top level. */
  parent_id: v.number(),
  /** Group title; items sharing it are grouped under one heading. */
  subheader: v.string(),
  /** An i18n key in the `shell` namespace (`menu.*`) or a literal title. */
  title: v.string(),
  /** A dotted key into the route table, e.g. `dashboard.user.account`. */
  path: v.string(),
  /** Names an icon of the shell's icon set. */
  icon: v.string(),
});
export type MenuItem = v.InferOutput<typeof MenuItemSchema>;

export const PhoneNumberSchema = v.object({
  /** Two-letter country code, e.g. `FR`. */
  code: v.string(),
  /** Dial prefix without `+`, e.g. `33`. */
  phoneCode: v.string(),
  /** National number, digits only. */
  number: v.string(),
});
export type PhoneNumber = v.InferOutput<typeof PhoneNumberSchema>;

export const LanguageCodeSchema = v.picklist(['en', 'fr', 'es', 'de', 'ar']);
export type LanguageCode = v.InferOutput<typeof LanguageCodeSchema>;

/** The signed-in member as the server describes them (docs/product/accounts.md "User (session)"). */
export const UserSchema = v.object({
  Id: v.string(),
  FullName: v.string(),
  firstname: v.string(),
  lastname: v.string(),
  Email: v.string(),
  /** The e-mail the member signs in with; kept in session storage as `email`. */
  RelationReference: v.string(),
  /** International format starting with `+`, e.g. `+33612345678`. */
  MobileNumber: v.string(),
  /** The number on the membership card (12 digits, the last a Luhn check digit). */
  MemberNumber: v.string(),
  Country: v.string(),
  PreferredLanguage: LanguageCodeSchema,
  role: v.string(),
  photo: v.string(),
  menu: v.array(MenuItemSchema),
});
export type User = v.InferOutput<typeof UserSchema>;

export const LoginRequestSchema = v.object({
  email: v.string(),
  password: v.string(),
  keepSignedIn: v.optional(v.boolean()),
});
export type LoginRequest = v.InferOutput<typeof LoginRequestSchema>;

/**
 * A sign-in's answer; `keptUntil` (ISO) when the member chose to be kept signed in: the device's
 * cookie then renews the session until then (decision 080).
 */
export const LoginResponseSchema = v.object({ token: v.string(), data: UserSchema, keptUntil: v.optional(v.string()) });
export type LoginResponse = v.InferOutput<typeof LoginResponseSchema>;

/** `POST /api/auth/refresh`: the kept session's next token and end, for the device's cookie alone. */
export const RefreshResponseSchema = v.object({ token: v.string(), data: UserSchema, keptUntil: v.string() });
export type RefreshResponse = v.InferOutput<typeof RefreshResponseSchema>;

export const CurrentUserResponseSchema = v.object({ data: UserSchema });
export type CurrentUserResponse = v.InferOutput<typeof CurrentUserResponseSchema>;

export const MessageResponseSchema = v.object({ message: v.string() });
export type MessageResponse = v.InferOutput<typeof MessageResponseSchema>;

/** Every failed call: a message, and per-field messages when the input was at fault. */
export const ErrorResponseSchema = v.object({
  message: v.string(),
  errors: v.optional(v.record(v.string(), v.string())),
});
export type ErrorResponse = v.InferOutput<typeof ErrorResponseSchema>;

/** docs/product/api.md register payload. Field rules come from `@loyalty/shared/validation`. */
export const RegisterRequestSchema = registerFormSchema;
export type RegisterRequest = v.InferInput<typeof RegisterRequestSchema>;

/**
 * docs/product/api.md says the register response holds `accessToken` and `user`. A new member is not signed in
 * until the e-mailed code is verified, so `accessToken` is always null here and `user` only names
 * the address the code went to.
 */
export const RegisterResponseSchema = v.object({
  message: v.string(),
  email: v.string(),
  accessToken: v.null(),
  user: v.object({ email: v.string() }),
  /** Seconds before another code may be sent to the address: the code page's cool-down. */
  resendAfter: v.pipe(v.number(), v.minValue(0)),
});
export type RegisterResponse = v.InferOutput<typeof RegisterResponseSchema>;

export const OTP_PURPOSES = ['register', 'reset'] as const;
export const OtpPurposeSchema = v.picklist(OTP_PURPOSES, 'validation.value_invalid');
export type OtpPurpose = v.InferOutput<typeof OtpPurposeSchema>;

export const VerifyOtpRequestSchema = v.object({
  email: emailSchema,
  otp: otpSchema,
  purpose: OtpPurposeSchema,
  /** A registration's code signs the member in: kept on the device when chosen (decision 080). */
  keepSignedIn: keepSignedInSchema,
});
export type VerifyOtpRequest = v.InferInput<typeof VerifyOtpRequestSchema>;

/** A verified registration signs the member in. */
export const VerifyRegisterOtpResponseSchema = v.object({
  message: v.string(),
  data: v.object({ accessToken: v.string(), user: UserSchema, keptUntil: v.optional(v.string()) }),
});
export type VerifyRegisterOtpResponse = v.InferOutput<typeof VerifyRegisterOtpResponseSchema>;

/** A verified reset code is exchanged for a single-use token that set-password takes. */
export const VerifyResetOtpResponseSchema = v.object({
  message: v.string(),
  data: v.object({ resetToken: v.string() }),
});
export type VerifyResetOtpResponse = v.InferOutput<typeof VerifyResetOtpResponseSchema>;

export const ForgotPasswordRequestSchema = v.object({ email: emailSchema });
export type ForgotPasswordRequest = v.InferInput<typeof ForgotPasswordRequestSchema>;

/** The same for every address; `resendAfter` as in {@link RegisterResponseSchema}. */
export const ForgotPasswordResponseSchema = v.object({
  message: v.string(),
  resendAfter: v.pipe(v.number(), v.minValue(0)),
});
export type ForgotPasswordResponse = v.InferOutput<typeof ForgotPasswordResponseSchema>;

/** The token of a sign-in alert's "this wasn't me" link (decision 069). */
export const NotMeRequestSchema = v.object({
  token: v.pipe(v.string('validation.token_required'), v.nonEmpty('validation.token_required'), v.maxLength(200)),
});
export type NotMeRequest = v.InferInput<typeof NotMeRequestSchema>;

/**
 * The link's sign-in ended (or had ended already) and a reset began: the code went to `email`,
 * the address the reset step asks the code for; `resendAfter` as in {@link RegisterResponseSchema}.
 */
export const NotMeResponseSchema = v.object({
  message: v.string(),
  data: v.object({
    email: v.string(),
    sessionEnded: v.boolean(),
    resendAfter: v.pipe(v.number(), v.minValue(0)),
  }),
});
export type NotMeResponse = v.InferOutput<typeof NotMeResponseSchema>;

/**
 * A session's sign-out key (decision 078): what a page keeps, instead of the token, after a sign-out
 * that could not reach the API, and sends once it can. It ends that one session and does nothing else.
 */
export const SignOutKeyRequestSchema = v.object({
  key: v.pipe(v.string('validation.token_required'), v.nonEmpty('validation.token_required'), v.maxLength(200)),
});
export type SignOutKeyRequest = v.InferInput<typeof SignOutKeyRequestSchema>;

export const SetPasswordRequestSchema = withConfirmation(
  v.object({
    resetToken: v.pipe(
      v.string('validation.token_required'),
      v.nonEmpty('validation.token_required'),
      v.maxLength(200),
    ),
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
    signOutOthers: signOutOthersSchema,
  }),
  'password',
  'confirmPassword',
);
export type SetPasswordRequest = v.InferInput<typeof SetPasswordRequestSchema>;

/** A reset's answer: `otherSessionsEnded` says whether the account's sessions were signed out (decision 079). */
export const SetPasswordResponseSchema = v.object({ message: v.string(), otherSessionsEnded: v.boolean() });
export type SetPasswordResponse = v.InferOutput<typeof SetPasswordResponseSchema>;

export const ChangePasswordRequestSchema = changePasswordFormSchema;
export type ChangePasswordRequest = v.InferInput<typeof ChangePasswordRequestSchema>;

/**
 * A password change ends the session's token, so the member gets a fresh one; `otherSessionsEnded`
 * says whether the other sessions ended too, as the request chose (decision 079).
 */
export const ChangePasswordResponseSchema = v.object({
  message: v.string(),
  token: v.string(),
  data: UserSchema,
  otherSessionsEnded: v.boolean(),
});
export type ChangePasswordResponse = v.InferOutput<typeof ChangePasswordResponseSchema>;

export const PhoneNumberInputSchema = v.object({
  code: countryCodeSchema,
  phoneCode: phoneCodeSchema,
  number: phoneNumberSchema,
});

/** The member form (docs/product/profile.md, "Profile form"). The e-mail is sent but cannot be changed. */
const memberFormEntries = {
  firstname: firstNameSchema,
  lastname: lastNameSchema,
  email: emailSchema,
  phoneNumber: PhoneNumberInputSchema,
  preferred_language: preferredLanguageSchema,
  country: countryCodeSchema,
};

/** docs/product/api.md profile update payload (also sent on a language change, §4 "Language sync"). */
export const UpdateProfileRequestSchema = v.object({
  ...memberFormEntries,
  id: v.pipe(v.string('validation.id_required'), v.nonEmpty('validation.id_required')),
});
export type UpdateProfileRequest = v.InferInput<typeof UpdateProfileRequestSchema>;

export const UpdateProfileResponseSchema = v.object({ success: v.boolean(), message: v.string(), data: UserSchema });
export type UpdateProfileResponse = v.InferOutput<typeof UpdateProfileResponseSchema>;

/** `POST /api/member/update` (updateMember; docs/product/api.md): the member form alone. */
export const UpdateMemberRequestSchema = v.object(memberFormEntries);
export type UpdateMemberRequest = v.InferInput<typeof UpdateMemberRequestSchema>;

export const UpdateMemberResponseSchema = v.object({ message: v.string(), data: UserSchema });
export type UpdateMemberResponse = v.InferOutput<typeof UpdateMemberResponseSchema>;
