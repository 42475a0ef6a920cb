import { http } from '@loyalty/shared/http';
import { type RegisterRequest, type RegisterResponse, RegisterResponseSchema } from './contract/auth';
import { parseResponse } from './parse-response';

export async function register(payload: RegisterRequest): Promise<RegisterResponse> {
  return parseResponse(RegisterResponseSchema, await http.post('/api/auth/register', payload));
}
