import * as v from 'valibot';

/** RFC 5321 caps an address at 254 characters; longer input is not an address. */
export const EMAIL_MAX_LENGTH = 254;

export const emailSchema = v.pipe(
  v.string('validation.email_required'),
  v.trim(),
  v.nonEmpty('validation.email_required'),
  v.maxLength(EMAIL_MAX_LENGTH, 'validation.email_invalid'),
  v.email('validation.email_invalid'),
  v.toLowerCase(),
);
