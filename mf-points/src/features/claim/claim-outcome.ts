import { ApiError } from '@loyalty/shared/http';
import { CLAIM_TEXTS, serverMessage, type ServerMessage } from '@loyalty/shared/api/messages';
import { CLAIM_WINDOW_DAYS } from '@loyalty/shared/validation';

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
    // A stay past its claim window (422): the API's words, said in the member's language.
    if (error.message === CLAIM_TEXTS.windowClosed) {
      return { kind: 'other', message: { key: 'claim.window_closed', values: { days: CLAIM_WINDOW_DAYS } } };
    }
  }
  return { kind: 'other', message: serverMessage(error, 'common:errors.generic') };
}
