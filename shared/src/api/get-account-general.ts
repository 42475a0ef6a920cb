import { http } from '@loyalty/shared/http';
import { type AccountGeneral, AccountGeneralResponseSchema } from './contract/account';
import { parseResponse } from './parse-response';

export async function getAccountGeneral(): Promise<AccountGeneral> {
  return parseResponse(AccountGeneralResponseSchema, await http.get('/api/account/general')).data;
}
