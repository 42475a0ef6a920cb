import { ApiError } from '@loyalty/shared/http';
import { serverMessage, type ServerMessage } from '@loyalty/shared/api/messages';

/**
 * docs/product/points.md "Claim outcomes" as keys of the `points` namespace. The server's status says which
 * outcome it is; the text comes from our translations so the member reads it in their language.
 */
export type ClaimFailure =
  | { kind: 'invalid' }
  | { kind: 'already_claimed' }
  /** Anything else: the server's own words when it sent some, else the generic text (`serverMessage`). */
  | { kind: 'other'; message: ServerMessage };

export function claimFailure(error: unknown): ClaimFailure {
  if (error instanceof ApiError) {
    if (error.status === 404) return { kind: 'invalid' };
    if (error.status === 409) return { kind: 'already_claimed' };
  }
  return { kind: 'other', message: serverMessage(error, 'common:errors.generic') };
}
