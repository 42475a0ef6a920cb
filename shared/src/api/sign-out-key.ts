import { http } from '@loyalty/shared/http';
import { MessageResponseSchema, type MessageResponse } from './contract/auth';
import { parseResponse } from './parse-response';

/**
 * Ends a session by its sign-out key (decision 078): the sign-out that could not reach the API when
 * the member signed out, sent once it can. No token is needed; the key ends that session alone.
 */
export async function signOutByKey(key: string): Promise<MessageResponse> {
  return parseResponse(MessageResponseSchema, await http.post('/api/auth/sign-out-key', { key }));
}
