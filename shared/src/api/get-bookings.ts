import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import { type MemberBooking, MemberBookingsResponseSchema } from './contract/bookings';
import { parseResponse } from './parse-response';
import { POINTS_FRESH_MS, queryKeys } from './query-keys';

/** The member's own bookings, by check-in day, each in its status today. */
export async function getBookings(options?: RequestOptions): Promise<MemberBooking[]> {
  return parseResponse(MemberBookingsResponseSchema, await http.get('/api/user/bookings', options)).data;
}

/**
 * One list, read by the dashboard (the next stays) and the calendar. Under the points root: a
 * claim invalidates every points query, and a claimed stay's points are no longer missing.
 */
export const bookingsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.points, 'bookings'],
    queryFn: ({ signal }) => getBookings({ signal }),
    staleTime: POINTS_FRESH_MS,
  });
