import * as v from 'valibot';
import {
  NAME_MAX_LENGTH,
  OTP_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  bookingDateSchema,
  bookingIdSchema,
  changePasswordFormSchema,
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  newPasswordFormSchema,
  otpSchema,
  passwordSchema,
  phoneNumberSchema,
  redeemPointsSchema,
  registerFormSchema,
} from '@loyalty/shared/validation';
import { VALIDATION_MESSAGES, validationMessage } from '@loyalty/shared/validation/messages';

/** The English text of the first message a schema gives for `input`, or null when it passes. */
function firstMessage(schema: v.GenericSchema, input: unknown): string | null {
  const result = v.safeParse(schema, input);
  return result.success ? null : validationMessage(result.issues[0].message);
}

/** Field → English text, for form-level schemas. */
function fieldMessages(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues) errors[v.getDotPath(issue) ?? '_'] ??= validationMessage(issue.message);
  return errors;
}

test('the limits are those of docs/product/limits.md', () => {
  expect([NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, OTP_LENGTH, PHONE_MIN_DIGITS, PHONE_MAX_DIGITS]).toEqual([
    15, 8, 4, 4, 15,
  ]);
});

test('every message is an i18n key with English text', () => {
  for (const [key, text] of Object.entries(VALIDATION_MESSAGES)) {
    expect(key).toMatch(/^validation\.[a-z_0-9]+$/);
    expect(text.length).toBeGreaterThan(0);
  }
  expect(validationMessage('not a key')).toBe('not a key');
});

test('names: required, at most 15 characters (docs/product/limits.md texts)', () => {
  expect(firstMessage(firstNameSchema, '')).toBe('First name required');
  expect(firstMessage(firstNameSchema, '   ')).toBe('First name required');
  expect(firstMessage(firstNameSchema, undefined)).toBe('First name required');
  expect(firstMessage(firstNameSchema, 'A'.repeat(16))).toBe('First name must be at most 15 characters');
  expect(firstMessage(firstNameSchema, 'A'.repeat(15))).toBeNull();
  expect(firstMessage(lastNameSchema, '')).toBe('Last name required');
  expect(firstMessage(lastNameSchema, 'B'.repeat(16))).toBe('Last name must be at most 15 characters');
});

test('email: required and valid', () => {
  expect(firstMessage(emailSchema, '')).toBe('Email is required');
  expect(firstMessage(emailSchema, 'nope')).toBe('Email must be a valid email address');
  expect(v.parse(emailSchema, ' Member@Example.com ')).toBe('member@example.com');
});

test('password: docs/product/limits.md policy, one message per missing kind of character', () => {
  expect(firstMessage(passwordSchema, '')).toBe('Password is required');
  expect(firstMessage(passwordSchema, 'Ab1@')).toBe('Password must be at least 8 characters');
  expect(firstMessage(passwordSchema, 'ABCDEF1@')).toBe('Password must contain at least one lowercase letter');
  expect(firstMessage(passwordSchema, 'abcdef1@')).toBe('Password must contain at least one uppercase letter');
  expect(firstMessage(passwordSchema, 'Abcdefg@')).toBe('Password must contain at least one number');
  expect(firstMessage(passwordSchema, 'Abcdefg1')).toBe('Password must contain at least one special character');
  expect(firstMessage(passwordSchema, 'Demo@1234')).toBeNull();
});

test('phone: digits only, 4 to 15', () => {
  expect(firstMessage(phoneNumberSchema, '')).toBe('Phone number is required');
  expect(firstMessage(phoneNumberSchema, '123')).toBe('Phone number must be at least 4 digits');
  expect(firstMessage(phoneNumberSchema, '1'.repeat(16))).toBe('Phone number must be at most 15 digits');
  expect(firstMessage(phoneNumberSchema, '12a4')).toBe('Phone number must contain digits only');
  expect(firstMessage(phoneNumberSchema, '612345678')).toBeNull();
});

test('code: 4 digits, else Invalid OTP', () => {
  expect(firstMessage(otpSchema, '')).toBe('Code is required');
  expect(firstMessage(otpSchema, '123')).toBe('Invalid OTP');
  expect(firstMessage(otpSchema, '12a4')).toBe('Invalid OTP');
  expect(firstMessage(otpSchema, '0042')).toBeNull();
});

test('booking id and date: required, the date must be a real day', () => {
  expect(firstMessage(bookingIdSchema, '')).toBe('Booking ID is required');
  expect(v.parse(bookingIdSchema, ' bk-1001 ')).toBe('BK-1001');
  // Copied out of right-to-left text: the invisible isolates and marks that came along are dropped.
  expect(v.parse(bookingIdSchema, '\u2068bk-1001\u2069')).toBe('BK-1001');
  expect(v.parse(bookingIdSchema, '\u200FBK-1001\u200E ')).toBe('BK-1001');
  expect(firstMessage(bookingDateSchema, '')).toBe('Booking date is required');
  expect(firstMessage(bookingDateSchema, '2025-02-30')).toBe('Booking date must be a valid date');
  expect(firstMessage(bookingDateSchema, '2024-02-29')).toBeNull();
});

test('redeem points: whole, at least 1', () => {
  expect(firstMessage(redeemPointsSchema, 0)).toBe('Points must be at least 1');
  expect(firstMessage(redeemPointsSchema, 2.5)).toBe('Points must be a whole number');
  expect(firstMessage(redeemPointsSchema, '5')).toBe('Points are required');
  expect(firstMessage(redeemPointsSchema, 1)).toBeNull();
});

test('register form: passwords must match', () => {
  const form = { email: 'a@b.co', password: 'Demo@1234', password2: 'Demo@1235', firstname: 'A', lastname: 'B' };
  expect(fieldMessages(registerFormSchema, form)).toEqual({ password2: 'Passwords must match' });
  expect(fieldMessages(registerFormSchema, { ...form, password2: 'Demo@1234' })).toEqual({});
});

test('new password and register forms: a mismatch shows while another field is still wrong', () => {
  expect(fieldMessages(newPasswordFormSchema, { password: 'Demo@1234', confirmPassword: 'Demo@12' })).toEqual({
    confirmPassword: 'Passwords must match',
  });
  const form = { email: 'not-an-email', password: 'Demo@1234', password2: 'Demo@1235', firstname: 'A', lastname: 'B' };
  expect(fieldMessages(registerFormSchema, form)).toMatchObject({ password2: 'Passwords must match' });
});

test('change password: must differ from the old one and be confirmed', () => {
  expect(
    fieldMessages(changePasswordFormSchema, {
      oldPassword: 'Demo@1234',
      newPassword: 'Demo@1234',
      confirmPassword: 'Demo@1234',
    }),
  ).toEqual({ newPassword: 'New password must be different from old password' });
  expect(
    fieldMessages(changePasswordFormSchema, {
      oldPassword: 'Demo@1234',
      newPassword: 'Demo@5678',
      confirmPassword: 'Demo@5679',
    }),
  ).toEqual({ confirmPassword: 'Passwords must match' });
});
