import { http } from '@loyalty/shared/http';
import { RefreshResponseSchema, type RefreshResponse } from './contract/auth';
import { parseResponse } from './parse-response';

/**
 * A device kept signed in (decision 080) trades its cookie, which no script reads and the browser
 * sends to this route alone, for its session's next token. No token, no body.
 */
export async function refreshKeptSession(): Promise<RefreshResponse> {
  return parseResponse(RefreshResponseSchema, await http.post('/api/auth/refresh', {}));
}
