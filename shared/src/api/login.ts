import { http } from '@loyalty/shared/http';
import { LoginResponseSchema, type LoginRequest, type LoginResponse } from './contract/auth';
import { afterSignIn } from './kept-session';
import { parseResponse } from './parse-response';

/** Signs in; the device is kept signed in when the member chose it (decision 080, `afterSignIn`). */
export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  const signedIn = parseResponse(LoginResponseSchema, await http.post('/api/auth/login', credentials));
  afterSignIn(signedIn.keptUntil);
  return signedIn;
}
