import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import { StatesResponseSchema, type State } from './contract/geo';
import { parseResponse } from './parse-response';
import { queryKeys } from './query-keys';

/** States or regions of a country (two-letter code); empty when the mock has none for it. */
export async function getStates(country: string, options?: RequestOptions): Promise<State[]> {
  return parseResponse(
    StatesResponseSchema,
    await http.get('/api/geo/state', { ...options, searchParams: { country } }),
  ).data;
}

/** A country's states do not change while a page is open. */
export const statesQueryOptions = (country: string) =>
  queryOptions({
    queryKey: [...queryKeys.geo, 'states', country],
    queryFn: ({ signal }) => getStates(country, { signal }),
    staleTime: Infinity,
  });
