import { http } from '@loyalty/shared/http';
import { type Tiers, TiersResponseSchema } from './contract/points';
import { parseResponse } from './parse-response';

export async function fetchTiers(): Promise<Tiers> {
  return parseResponse(TiersResponseSchema, await http.get('/api/auth/fetch-tiers')).data;
}
