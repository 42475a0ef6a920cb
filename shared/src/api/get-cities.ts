import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import { CitiesResponseSchema, type City } from './contract/geo';
import { parseResponse } from './parse-response';
import { queryKeys } from './query-keys';

export async function getCities(country: string, state: string, options?: RequestOptions): Promise<City[]> {
  return parseResponse(
    CitiesResponseSchema,
    await http.get('/api/geo/city', { ...options, searchParams: { country, state } }),
  ).data;
}

/** A state's cities do not change while a page is open. */
export const citiesQueryOptions = (country: string, state: string) =>
  queryOptions({
    queryKey: [...queryKeys.geo, 'cities', country, state],
    queryFn: ({ signal }) => getCities(country, state, { signal }),
    staleTime: Infinity,
  });
