import * as v from 'valibot';
import { VALIDATION_MESSAGES, validationMessage } from '@loyalty/shared/validation/messages';
import { HttpError } from './errors';

/** Fields whose absence the project already words (in the words of docs/product/api.md, "Error texts", where it has them). */
const REQUIRED_MESSAGE: Record<string, keyof typeof VALIDATION_MESSAGES> = {
  email: 'validation.email_required',
  password: 'validation.password_required',
  newPassword: 'validation.password_required',
  password2: 'validation.confirm_password_required',
  confirmPassword: 'validation.confirm_password_required',
  oldPassword: 'validation.old_password_required',
  firstname: 'validation.first_name_required',
  lastname: 'validation.last_name_required',
  phoneNumber: 'validation.phone_required',
  country: 'validation.country_required',
  otp: 'validation.otp_required',
  bookingId: 'validation.booking_id_required',
  bookingDate: 'validation.booking_date_required',
  points: 'validation.points_required',
  path: 'validation.path_required',
  id: 'validation.id_required',
  resetToken: 'validation.token_required',
};

/** valibot's `expected` (`Object`, `string`, `("register" | "reset")`…) in words. */
function describeExpected(expected: string): string {
  const words: Record<string, string> = {
    Object: 'an object',
    string: 'text',
    number: 'a number',
    boolean: 'true or false',
    Array: 'a list',
  };
  if (words[expected]) return words[expected];
  if (expected.includes('"'))
    return `one of ${expected
      .replace(/^\(|\)$/g, '')
      .split(' | ')
      .join(', ')}`;
  return 'of another kind';
}

/**
 * The English text of an issue: the project's own message (docs/product/api.md, "Error texts"), or, where
 * a schema has none of its own (a missing field, a wrong type), a sentence naming the field,
 * never the validation library's wording.
 */
export function issueText(issue: v.BaseIssue<unknown>, field: string): string {
  if (Object.hasOwn(VALIDATION_MESSAGES, issue.message)) return validationMessage(issue.message);
  if (field === '_') return 'The request body must be an object of the fields this request takes';
  if (issue.expected === 'never') return `${field} is not a field of this request`;
  if (issue.input === undefined) {
    const known = REQUIRED_MESSAGE[field];
    return known ? validationMessage(known) : `${field} is required`;
  }
  return `${field} must be ${describeExpected(issue.expected ?? '')}`;
}

/**
 * Checks input against a shared contract schema and returns its typed output, or throws a 422
 * whose `errors` maps each field to the English text of its first message. `failure` replaces the
 * top-level message where docs/product/api.md names one (e.g. the profile update).
 */
export function parseInput<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  failure?: string,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input ?? {}, { abortPipeEarly: true });
  if (result.success) return result.output;
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? '_';
    errors[field] ??= issueText(issue, field);
  }
  const first = Object.values(errors)[0] ?? 'Invalid request';
  throw new HttpError(422, failure ?? first, errors);
}
