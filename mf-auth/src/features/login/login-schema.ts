import * as v from 'valibot';

/** Signing in checks only that both fields are there; the password policy applies when one is set. */
export const LoginFormSchema = v.object({
  email: v.pipe(v.string(), v.trim(), v.nonEmpty('validation.email_required'), v.email('validation.email_invalid')),
  password: v.pipe(v.string(), v.nonEmpty('validation.password_required')),
});
export type LoginForm = v.InferOutput<typeof LoginFormSchema>;
