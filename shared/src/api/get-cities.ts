import { http } from '@loyalty/shared/http';
import { CitiesResponseSchema, type City } from './contract/geo';
import { parseResponse } from './parse-response';

export async function getCities(country: string, state: string): Promise<City[]> {
  return parseResponse(CitiesResponseSchema, await http.get('/api/geo/city', { searchParams: { country, state } }))
    .data;
}
