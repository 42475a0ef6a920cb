// The public surface of `@loyalty/shared/validation`: docs/product/limits.md field schemas whose messages are
// i18n keys, and their named limits. The English text of every key is for the API, which answers
// in English: `@loyalty/shared/validation/messages`, which pages never download.
export { NAME_MAX_LENGTH, firstNameSchema, lastNameSchema } from './name';
export { EMAIL_MAX_LENGTH, emailSchema } from './email';
export {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
  type PasswordRuleId,
  confirmPasswordSchema,
  currentPasswordSchema,
  passwordSchema,
  withConfirmation,
} from './password';
export { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS, phoneCodeSchema, phoneNumberSchema } from './phone';
export { OTP_LENGTH, otpSchema } from './otp';
export { withoutBidiControls } from './bidi';
export {
  BOOKING_ID_MAX_LENGTH,
  CLAIM_WINDOW_DAYS,
  bookingDateSchema,
  bookingIdSchema,
  isCalendarDate,
} from './booking';
export { LANGUAGE_CODES, countryCodeSchema, preferredLanguageSchema } from './profile';
export {
  DESCRIPTION_MAX_LENGTH,
  REDEEM_MAX_POINTS,
  REDEEM_MIN_POINTS,
  descriptionSchema,
  redeemPointsSchema,
} from './points';
export {
  changePasswordFormSchema,
  deleteAccountFormSchema,
  newPasswordFormSchema,
  registerFormSchema,
  signOutOthersSchema,
  keepSignedInSchema,
  KEPT_SESSION_DAYS,
} from './forms';
export { formResolver } from './form-resolver';
export { MEMBER_FORM_MODE, checkWhenTyped } from './check-when-typed';
export * as v from './schema-kit';
