import { http } from '@loyalty/shared/http';
import { CurrentUserResponseSchema, type User } from './contract/auth';
import { parseResponse } from './parse-response';

export async function getCurrentUser(): Promise<User> {
  return parseResponse(CurrentUserResponseSchema, await http.get('/api/auth/me')).data;
}
