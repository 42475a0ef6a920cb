import { HOUSEHOLD_TEXTS } from '@loyalty/shared/api/household';
import { serverMessage, type ServerMessage } from '@loyalty/shared/api/messages';

/** What an action of the household page came to, said at the top of the page. */
export type HouseholdOutcome = { status: 'success' | 'error'; message: ServerMessage } | null;

/** The server's household texts (the English it sends) → this remote's keys, in the member's language. */
const KNOWN_TEXTS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(HOUSEHOLD_TEXTS).map(([name, text]) => [text, `household.server.${name}`]),
);

/** A refusal in the member's words: a limit's wait, a known household text, or the generic failure. */
export function householdFailure(error: unknown): HouseholdOutcome {
  return { status: 'error', message: serverMessage(error, 'common:errors.generic', KNOWN_TEXTS) };
}
