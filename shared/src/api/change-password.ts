import { http } from '@loyalty/shared/http';
import { type ChangePasswordRequest, type ChangePasswordResponse, ChangePasswordResponseSchema } from './contract/auth';
import { parseResponse } from './parse-response';

export async function changePassword(payload: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  return parseResponse(ChangePasswordResponseSchema, await http.post('/api/auth/change-password', payload));
}
