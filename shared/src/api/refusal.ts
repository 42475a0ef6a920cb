import { ApiError } from '@loyalty/shared/http';

/**
 * Which of an endpoint's known refusals a failure is, read from the field the refusal names
 * (`fields`: refusal → field), so a page words it in the member's language whatever the server's
 * English says. `null` for any other failure.
 */
export function refusalNamed<Refusal extends string>(
  fields: Readonly<Record<Refusal, string>>,
  error: unknown,
): Refusal | null {
  if (!(error instanceof ApiError) || !error.fieldErrors) return null;
  const refusals = Object.entries(fields) as [Refusal, string][];
  return refusals.find(([, field]) => error.fieldErrors?.[field] !== undefined)?.[0] ?? null;
}
