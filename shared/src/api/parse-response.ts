import * as v from 'valibot';
import { ApiError } from '@loyalty/shared/http';

/**
 * Checks a response body against its contract schema, so a type is proven at the boundary
 * instead of asserted. A body that breaks the contract is reported like any failed call.
 */
export function parseResponse<TSchema extends v.GenericSchema>(schema: TSchema, body: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  const where = result.issues[0] ? v.getDotPath(result.issues[0]) : undefined;
  throw new ApiError(0, `Unexpected response from the server${where ? ` (${where})` : ''}`, body);
}
