import * as v from 'valibot';

/** SPEC §5: at least 8 characters with a lowercase, an uppercase, a number and a special character. */
export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the work of hashing; no password manager produces more. */
export const PASSWORD_MAX_LENGTH = 128;

/** A new password: the full SPEC §5 policy. */
export const passwordSchema = v.pipe(
  v.string('validation.password_required'),
  v.nonEmpty('validation.password_required'),
  v.minLength(PASSWORD_MIN_LENGTH, 'validation.password_min'),
  v.maxLength(PASSWORD_MAX_LENGTH, 'validation.password_max'),
  v.regex(/[a-z]/, 'validation.password_lowercase'),
  v.regex(/[A-Z]/, 'validation.password_uppercase'),
  v.regex(/\d/, 'validation.password_number'),
  v.regex(/[^A-Za-z\d\s]/, 'validation.password_special'),
);

/** The current password: only required, since it was set under whatever policy held then. */
export const currentPasswordSchema = v.pipe(
  v.string('validation.old_password_required'),
  v.nonEmpty('validation.old_password_required'),
  v.maxLength(PASSWORD_MAX_LENGTH, 'validation.password_max'),
);

export const confirmPasswordSchema = v.pipe(
  v.string('validation.confirm_password_required'),
  v.nonEmpty('validation.confirm_password_required'),
);
