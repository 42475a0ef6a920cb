import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  citiesQueryOptions,
  countriesQueryOptions,
  statesQueryOptions,
  type City,
  type Country,
  type State,
} from '@loyalty/shared/api';

export type GeoList<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'error'; retry: () => void } | { status: 'ready'; data: T };

/** A query as a list's states: nothing to ask (no country chosen), loading, failed with a retry, or in. */
function listState<T>(query: UseQueryResult<T>, enabled: boolean): GeoList<T> {
  if (!enabled) return { status: 'idle' };
  if (query.isError) return { status: 'error', retry: () => void query.refetch() };
  return query.isSuccess ? { status: 'ready', data: query.data } : { status: 'loading' };
}

export function useCountries(): GeoList<Country[]> {
  return listState(useQuery(countriesQueryOptions()), true);
}

export function useStates(country: string): GeoList<State[]> {
  return listState(useQuery({ ...statesQueryOptions(country), enabled: Boolean(country) }), Boolean(country));
}

export function useCities(country: string, state: string): GeoList<City[]> {
  const enabled = Boolean(country && state);
  return listState(useQuery({ ...citiesQueryOptions(country, state), enabled }), enabled);
}
