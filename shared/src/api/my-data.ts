import { http } from '@loyalty/shared/http';
import { type DeleteAccountRequest, type DeleteAccountResponse, DeleteAccountResponseSchema } from './contract/account';
import { parseResponse } from './parse-response';

/**
 * Everything the programme holds on the member (docs/product/accounts.md, "Your data"), as the
 * text of the file they download and its name. Not a query: it is asked for when the member asks
 * for the file, and never kept in the cache.
 */
export async function downloadMyData(): Promise<{ name: string; text: string }> {
  const data = await http.get<{ exportedAt?: unknown }>('/api/account/export');
  const day = typeof data.exportedAt === 'string' ? data.exportedAt.slice(0, 10) : 'export';
  return { name: `loyalty-data-${day}.json`, text: `${JSON.stringify(data, null, 2)}\n` };
}

/** Deletes the member's account for good; the session store ends the session after it. */
export async function deleteAccount(payload: DeleteAccountRequest): Promise<DeleteAccountResponse> {
  return parseResponse(DeleteAccountResponseSchema, await http.post('/api/account/delete', payload));
}
