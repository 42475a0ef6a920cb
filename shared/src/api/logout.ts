import { http } from '@loyalty/shared/http';
import { MessageResponseSchema, type MessageResponse } from './contract/auth';
import { parseResponse } from './parse-response';

export async function logout(): Promise<MessageResponse> {
  return parseResponse(MessageResponseSchema, await http.get('/api/auth/logout'));
}
