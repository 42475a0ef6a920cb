import { http } from '@loyalty/shared/http';
import { type ForgotPasswordRequest, type MessageResponse, MessageResponseSchema } from './contract/auth';
import { parseResponse } from './parse-response';

export async function forgotPassword(payload: ForgotPasswordRequest): Promise<MessageResponse> {
  return parseResponse(MessageResponseSchema, await http.post('/api/auth/forgot-password', payload));
}
