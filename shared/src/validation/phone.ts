import * as v from 'valibot';

/** docs/product/limits.md / §9: a phone number is 4 to 15 digits. */
export const PHONE_MIN_DIGITS = 4;
export const PHONE_MAX_DIGITS = 15;

/** The national part of a phone number: digits only. */
export const phoneNumberSchema = v.pipe(
  v.string('validation.phone_required'),
  v.trim(),
  v.nonEmpty('validation.phone_required'),
  v.regex(/^\d+$/, 'validation.phone_digits'),
  v.minLength(PHONE_MIN_DIGITS, 'validation.phone_min'),
  v.maxLength(PHONE_MAX_DIGITS, 'validation.phone_max'),
);

/** A dial prefix without `+`; some carry a hyphen, such as `1-268` (docs/product/profile.md "Country entry"). */
export const phoneCodeSchema = v.pipe(
  v.string('validation.phone_code_invalid'),
  v.trim(),
  v.regex(/^\d{1,4}(?:-\d{1,4})?$/, 'validation.phone_code_invalid'),
);
