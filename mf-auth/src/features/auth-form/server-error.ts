import { serverText } from '@loyalty/shared/http';

/**
 * The text a failed call shows (SPEC §8): the server's own text when it sent one, else the
 * journey's fallback key (`serverText`).
 */
export type ServerMessage = { text: string } | { key: string };

export function serverMessage(error: unknown, fallbackKey: string): ServerMessage {
  const text = serverText(error);
  return text ? { text } : { key: fallbackKey };
}
