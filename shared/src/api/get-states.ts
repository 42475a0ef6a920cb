import { http } from '@loyalty/shared/http';
import { StatesResponseSchema, type State } from './contract/geo';
import { parseResponse } from './parse-response';

/** States or regions of a country (two-letter code); empty when the mock has none for it. */
export async function getStates(country: string): Promise<State[]> {
  return parseResponse(StatesResponseSchema, await http.get('/api/geo/state', { searchParams: { country } })).data;
}
