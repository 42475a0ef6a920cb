import { http } from '@loyalty/shared/http';
import { type MessageResponse, MessageResponseSchema, type SetPasswordRequest } from './contract/auth';
import { parseResponse } from './parse-response';

export async function setPassword(payload: SetPasswordRequest): Promise<MessageResponse> {
  return parseResponse(MessageResponseSchema, await http.post('/api/auth/set-password', payload));
}
