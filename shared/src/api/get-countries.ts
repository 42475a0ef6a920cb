import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import { CountriesResponseSchema, type Country } from './contract/geo';
import { parseResponse } from './parse-response';
import { queryKeys } from './query-keys';

export async function getCountries(options?: RequestOptions): Promise<Country[]> {
  return parseResponse(CountriesResponseSchema, await http.get('/api/geo/country', options)).data;
}

/** The country list is the same for everyone and large: asked for once per page load. */
export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.geo, 'countries'],
    queryFn: ({ signal }) => getCountries({ signal }),
    staleTime: Infinity,
  });
