import * as v from 'valibot';

/** docs/product/limits.md: at least 8 characters with a lowercase, an uppercase, a number and a special character. */
export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the work of hashing; no password manager produces more. */
export const PASSWORD_MAX_LENGTH = 128;

const LOWERCASE = /[a-z]/;
const UPPERCASE = /[A-Z]/;
const NUMBER = /\d/;
const SPECIAL = /[^A-Za-z\d\s]/;

/**
 * The docs/product/limits.md policy one rule at a time, for the live checklists under new-password fields; the
 * same tests as {@link passwordSchema}, so a list of ticks and the validation never disagree.
 */
export const PASSWORD_RULES = [
  { id: 'length', test: (password: string) => password.length >= PASSWORD_MIN_LENGTH },
  { id: 'lowercase', test: (password: string) => LOWERCASE.test(password) },
  { id: 'uppercase', test: (password: string) => UPPERCASE.test(password) },
  { id: 'number', test: (password: string) => NUMBER.test(password) },
  { id: 'special', test: (password: string) => SPECIAL.test(password) },
] as const;
export type PasswordRuleId = (typeof PASSWORD_RULES)[number]['id'];

/** A new password: the full docs/product/limits.md policy. */
export const passwordSchema = v.pipe(
  v.string('validation.password_required'),
  v.nonEmpty('validation.password_required'),
  v.minLength(PASSWORD_MIN_LENGTH, 'validation.password_min'),
  v.maxLength(PASSWORD_MAX_LENGTH, 'validation.password_max'),
  v.regex(LOWERCASE, 'validation.password_lowercase'),
  v.regex(UPPERCASE, 'validation.password_uppercase'),
  v.regex(NUMBER, 'validation.password_number'),
  v.regex(SPECIAL, 'validation.password_special'),
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

type ConfirmationCheck<TOutput> = v.BaseValidation<TOutput, TOutput, v.BaseIssue<unknown>>;

/**
 * `schema` with the check that its field `confirmation` repeats its field `password`, reported on
 * the confirmation field even while other fields are still invalid. One definition for every form
 * and request that asks for a password twice.
 */
export function withConfirmation<TSchema extends v.GenericSchema<unknown, Record<string, unknown>>>(
  schema: TSchema,
  password: keyof v.InferOutput<TSchema> & string,
  confirmation: keyof v.InferOutput<TSchema> & string,
): v.SchemaWithPipe<readonly [TSchema, ConfirmationCheck<v.InferOutput<TSchema>>]> {
  type Output = v.InferOutput<TSchema>;
  // Valibot's path types cannot follow keys that are type parameters; the signature above is what
  // keeps the two names to fields of the schema.
  const matches = v.partialCheck(
    [[password], [confirmation]] as never,
    (input: Record<string, unknown>) => input[password] === input[confirmation],
    'validation.passwords_must_match',
  ) as unknown as ConfirmationCheck<Output>;
  const forwarded = v.forward<Output, v.BaseIssue<unknown>, never>(matches, [confirmation] as never);
  return v.pipe(schema, forwarded) as v.SchemaWithPipe<readonly [TSchema, ConfirmationCheck<Output>]>;
}
