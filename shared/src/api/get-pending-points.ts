import { http } from '@loyalty/shared/http';
import { type PendingPoints, PendingPointsResponseSchema } from './contract/points';
import { parseResponse } from './parse-response';

export async function getPendingPoints(): Promise<PendingPoints[]> {
  return parseResponse(PendingPointsResponseSchema, await http.get('/api/user/points/pending')).data;
}
