import { http } from '@loyalty/shared/http';
import { LoginResponseSchema, type LoginRequest, type LoginResponse } from './contract/auth';
import { parseResponse } from './parse-response';

export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  return parseResponse(LoginResponseSchema, await http.post('/api/auth/login', credentials));
}
