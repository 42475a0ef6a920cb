import { http } from '@loyalty/shared/http';
import { CountriesResponseSchema, type Country } from './contract/geo';
import { parseResponse } from './parse-response';

export async function getCountries(): Promise<Country[]> {
  return parseResponse(CountriesResponseSchema, await http.get('/api/geo/country')).data;
}
