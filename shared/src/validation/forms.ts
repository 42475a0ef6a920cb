import * as v from 'valibot';
import { firstNameSchema, lastNameSchema } from './name';
import { emailSchema } from './email';
import { confirmPasswordSchema, currentPasswordSchema, passwordSchema } from './password';

/** Registration (SPEC §7 field names): `password2` must repeat `password`. */
export const registerFormSchema = v.pipe(
  v.object({
    email: emailSchema,
    password: passwordSchema,
    firstname: firstNameSchema,
    lastname: lastNameSchema,
    password2: confirmPasswordSchema,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['password2']],
      (input) => input.password === input.password2,
      'validation.passwords_must_match',
    ),
    ['password2'],
  ),
);

/** A new password after a reset code: `confirmPassword` must repeat `password`. */
export const newPasswordFormSchema = v.pipe(
  v.object({ password: passwordSchema, confirmPassword: confirmPasswordSchema }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      'validation.passwords_must_match',
    ),
    ['confirmPassword'],
  ),
);

/** Change password: confirmation must match, and the new password must differ from the old one. */
export const changePasswordFormSchema = v.pipe(
  v.object({
    oldPassword: currentPasswordSchema,
    newPassword: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  }),
  v.forward(
    v.partialCheck(
      [['oldPassword'], ['newPassword']],
      (input) => input.oldPassword !== input.newPassword,
      'validation.new_password_different',
    ),
    ['newPassword'],
  ),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (input) => input.newPassword === input.confirmPassword,
      'validation.passwords_must_match',
    ),
    ['confirmPassword'],
  ),
);
