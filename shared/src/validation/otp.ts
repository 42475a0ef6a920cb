import * as v from 'valibot';

/** docs/product/limits.md: the confirmation code has 4 digits. */
export const OTP_LENGTH = 4;

export const otpSchema = v.pipe(
  v.string('validation.otp_required'),
  v.trim(),
  v.nonEmpty('validation.otp_required'),
  v.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), 'validation.otp_invalid'),
);
