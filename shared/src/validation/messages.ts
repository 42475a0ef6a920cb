/**
 * Validation messages are i18n keys, so the browser forms show them in the member's language.
 * This table is their exact English text (docs/product/limits.md where it quotes one): the i18n bundles start
 * from it, and the mock API answers with it.
 */
export const VALIDATION_MESSAGES = {
  'validation.first_name_required': 'First name required',
  'validation.first_name_max': 'First name must be at most 15 characters',
  'validation.last_name_required': 'Last name required',
  'validation.last_name_max': 'Last name must be at most 15 characters',
  'validation.email_required': 'Email is required',
  'validation.email_invalid': 'Email must be a valid email address',
  'validation.password_required': 'Password is required',
  'validation.password_min': 'Password must be at least 8 characters',
  'validation.password_max': 'Password must be at most 128 characters',
  'validation.password_lowercase': 'Password must contain at least one lowercase letter',
  'validation.password_uppercase': 'Password must contain at least one uppercase letter',
  'validation.password_number': 'Password must contain at least one number',
  'validation.password_special': 'Password must contain at least one special character',
  'validation.old_password_required': 'Old password is required',
  'validation.confirm_password_required': 'Confirm password is required',
  'validation.passwords_must_match': 'Passwords must match',
  'validation.new_password_different': 'New password must be different from old password',
  'validation.phone_required': 'Phone number is required',
  'validation.phone_digits': 'Phone number must contain digits only',
  'validation.phone_min': 'Phone number must be at least 4 digits',
  'validation.phone_max': 'Phone number must be at most 15 digits',
  'validation.phone_code_invalid': 'Phone code must be 1 to 4 digits, optionally with a hyphen',
  'validation.country_required': 'Country is required',
  'validation.country_invalid': 'Country must be a two-letter country code',
  'validation.language_invalid': 'Language must be one of en, fr, es, de, ar',
  'validation.otp_required': 'Code is required',
  'validation.otp_invalid': 'Invalid OTP',
  'validation.booking_id_required': 'Booking ID is required',
  'validation.booking_id_invalid': 'Booking ID must be at most 40 letters, digits or hyphens',
  'validation.booking_date_required': 'Booking date is required',
  'validation.booking_date_invalid': 'Booking date must be a valid date',
  'validation.points_required': 'Points are required',
  'validation.points_integer': 'Points must be a whole number',
  'validation.points_min': 'Points must be at least 1',
  'validation.points_max': 'Points must be at most 1000000',
  'validation.description_max': 'Description must be at most 200 characters',
  'validation.id_required': 'Id is required',
  'validation.token_required': 'Token is required',
  'validation.path_required': 'Path is required',
  'validation.value_invalid': 'Invalid value',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

function isValidationMessageKey(key: string): key is ValidationMessageKey {
  return Object.prototype.hasOwnProperty.call(VALIDATION_MESSAGES, key);
}

/** The English text of a message key; any other text is returned as it is. */
export function validationMessage(key: string): string {
  return isValidationMessageKey(key) ? VALIDATION_MESSAGES[key] : key;
}
