import { http } from '@loyalty/shared/http';
import { type SetPasswordRequest, type SetPasswordResponse, SetPasswordResponseSchema } from './contract/auth';
import { parseResponse } from './parse-response';

export async function setPassword(payload: SetPasswordRequest): Promise<SetPasswordResponse> {
  return parseResponse(SetPasswordResponseSchema, await http.post('/api/auth/set-password', payload));
}
