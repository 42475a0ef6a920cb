import { http } from '@loyalty/shared/http';
import { BalanceResponseSchema, type Balance } from './contract/points';
import { parseResponse } from './parse-response';

export async function getBalance(): Promise<Balance> {
  return parseResponse(BalanceResponseSchema, await http.get('/api/user/points/balance')).data;
}
