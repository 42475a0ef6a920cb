import { http } from '@loyalty/shared/http';
import { type ForgotPasswordRequest, type ForgotPasswordResponse, ForgotPasswordResponseSchema } from './contract/auth';
import { parseResponse } from './parse-response';

export async function forgotPassword(payload: ForgotPasswordRequest): Promise<ForgotPasswordResponse> {
  return parseResponse(ForgotPasswordResponseSchema, await http.post('/api/auth/forgot-password', payload));
}
