import { http } from '@loyalty/shared/http';
import { type ClaimPointsRequest, type ClaimPointsResponse, ClaimPointsResponseSchema } from './contract/points';
import { parseResponse } from './parse-response';

export async function claimPoints(payload: ClaimPointsRequest): Promise<ClaimPointsResponse> {
  return parseResponse(ClaimPointsResponseSchema, await http.post('/api/user/points/claim', payload));
}
