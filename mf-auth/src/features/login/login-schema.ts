import { emailSchema, v } from '@loyalty/shared/validation';

/** Signing in checks only that both fields are there; the password policy applies when one is set. */
export const LoginFormSchema = v.object({
  email: emailSchema,
  password: v.pipe(v.string(), v.nonEmpty('validation.password_required')),
  /** "Keep me signed in on this device" (decision 080): the form starts it unticked. */
  keepSignedIn: v.boolean(),
});
export type LoginForm = v.InferOutput<typeof LoginFormSchema>;
