import { ApiError, GENERIC_ERROR_MESSAGE } from '@loyalty/shared/http';

/**
 * The text a failed call shows (SPEC §8): the server's own text when it sent one, else the
 * journey's fallback key. A network failure carries only the generic text, which is not the
 * server's, so it falls back too.
 */
export type ServerMessage = { text: string } | { key: string };

export function serverMessage(error: unknown, fallbackKey: string): ServerMessage {
  if (error instanceof ApiError && error.status > 0 && error.message && error.message !== GENERIC_ERROR_MESSAGE) {
    return { text: error.message };
  }
  return { key: fallbackKey };
}
