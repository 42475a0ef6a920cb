import { ApiError, serverText } from '@loyalty/shared/http';

/**
 * SPEC §4 "Claim outcomes" as keys of the `points` namespace. The server's status says which
 * outcome it is; the text comes from our translations so the member reads it in their language.
 */
export type ClaimFailure =
  | { kind: 'invalid' }
  | { kind: 'already_claimed' }
  /** Anything else: the server's own message when it sent one, shown as sent (`serverText`). */
  | { kind: 'other'; message: string | undefined };

export function claimFailure(error: unknown): ClaimFailure {
  if (error instanceof ApiError) {
    if (error.status === 404) return { kind: 'invalid' };
    if (error.status === 409) return { kind: 'already_claimed' };
  }
  return { kind: 'other', message: serverText(error) };
}
