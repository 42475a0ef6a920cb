import * as v from 'valibot';
import { firstNameSchema, lastNameSchema } from './name';
import { emailSchema } from './email';
import { preferredLanguageSchema } from './profile';
import {
  PASSWORD_MAX_LENGTH,
  confirmPasswordSchema,
  currentPasswordSchema,
  passwordSchema,
  withConfirmation,
} from './password';

/**
 * Registration (docs/product/api.md field names): `password2` must repeat `password`. `language`,
 * the page's, is the one the account and its e-mails start in (the code's own e-mail first).
 */
export const registerFormSchema = withConfirmation(
  v.object({
    email: emailSchema,
    password: passwordSchema,
    firstname: firstNameSchema,
    lastname: lastNameSchema,
    password2: confirmPasswordSchema,
    language: v.optional(preferredLanguageSchema),
  }),
  'password',
  'password2',
);

/**
 * Whether a new password signs out every other session (decision 079): yes unless the member says
 * otherwise, as before the choice existed.
 */
export const signOutOthersSchema = v.optional(v.boolean(), true);

/**
 * "Keep me signed in on this device" (decision 080): asked by every sign-in that starts a session,
 * off unless the member chooses it (a shared device must keep no one), for this many days.
 */
export const keepSignedInSchema = v.optional(v.boolean(), false);
export const KEPT_SESSION_DAYS = 30;

/** A new password after a reset code: `confirmPassword` must repeat `password`. */
export const newPasswordFormSchema = withConfirmation(
  v.object({ password: passwordSchema, confirmPassword: confirmPasswordSchema, signOutOthers: signOutOthersSchema }),
  'password',
  'confirmPassword',
);

/** Change password: confirmation must match, and the new password must differ from the old one. */
export const changePasswordFormSchema = withConfirmation(
  v.pipe(
    v.object({
      oldPassword: currentPasswordSchema,
      newPassword: passwordSchema,
      confirmPassword: confirmPasswordSchema,
      signOutOthers: signOutOthersSchema,
    }),
    v.forward(
      v.partialCheck(
        [['oldPassword'], ['newPassword']],
        (input) => input.oldPassword !== input.newPassword,
        'validation.new_password_different',
      ),
      ['newPassword'],
    ),
  ),
  'newPassword',
  'confirmPassword',
);

/** Deleting the account: confirmed by the member's password (docs/product/accounts.md, "Your data"). */
export const deleteAccountFormSchema = v.object({
  password: v.pipe(
    v.string('validation.password_required'),
    v.nonEmpty('validation.password_required'),
    v.maxLength(PASSWORD_MAX_LENGTH, 'validation.password_max'),
  ),
});
