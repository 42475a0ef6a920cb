import { http } from '@loyalty/shared/http';
import { type RedeemPointsRequest, type RedeemPointsResponse, RedeemPointsResponseSchema } from './contract/points';
import { parseResponse } from './parse-response';

export async function redeemPoints(payload: RedeemPointsRequest): Promise<RedeemPointsResponse> {
  return parseResponse(RedeemPointsResponseSchema, await http.post('/api/user/points/redeem', payload));
}
