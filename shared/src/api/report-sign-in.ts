import { http } from '@loyalty/shared/http';
import { type NotMeRequest, type NotMeResponse, NotMeResponseSchema } from './contract/auth';
import { parseResponse } from './parse-response';

/** "This wasn't me": ends the sign-in a sign-in alert's link was mailed for, and starts a reset. */
export async function reportSignIn(payload: NotMeRequest): Promise<NotMeResponse> {
  return parseResponse(NotMeResponseSchema, await http.post('/api/auth/sign-in-alerts/not-me', payload));
}
