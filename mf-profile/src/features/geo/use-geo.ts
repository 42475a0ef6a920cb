import { getCities, getCountries, getStates, type City, type Country, type State } from '@loyalty/shared/api';
import { useAsync, type AsyncState } from './use-async';

// The country list is the same for everyone and large: one request per page load.
let countriesRequest: Promise<Country[]> | null = null;

function loadCountries(): Promise<Country[]> {
  countriesRequest ??= getCountries().catch((error: unknown) => {
    countriesRequest = null;
    throw error;
  });
  return countriesRequest;
}

export function useCountries(): AsyncState<Country[]> {
  return useAsync('countries', loadCountries);
}

export function useStates(country: string): AsyncState<State[]> {
  return useAsync(country ? country : null, () => getStates(country));
}

export function useCities(country: string, state: string): AsyncState<City[]> {
  return useAsync(country && state ? `${country}/${state}` : null, () => getCities(country, state));
}

/** For tests: forget the cached country list. */
export function resetCountriesCache(): void {
  countriesRequest = null;
}
