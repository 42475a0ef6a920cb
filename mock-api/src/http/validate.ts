import * as v from 'valibot';
import { validationMessage } from '@loyalty/shared/validation/messages';
import { HttpError } from './errors';

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
    errors[field] ??= validationMessage(issue.message);
  }
  const first = Object.values(errors)[0] ?? 'Invalid request';
  throw new HttpError(422, failure ?? first, errors);
}
