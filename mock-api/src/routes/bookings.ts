import { Router } from 'express';
import type { AppContext } from '../context';
import { requireMember, session } from '../auth/session';
import { bookingsOf } from '../domain/bookings';

/**
 * The member's own bookings (docs/product/bookings.md). The member is the session's, never a
 * parameter: there is no way to name another member's bookings.
 */
export function bookingRoutes(context: AppContext): Router {
  const { store, clock } = context;
  const router = Router();
  router.get('/bookings', requireMember(context), (_request, response) => {
    response.json({ data: bookingsOf(store.data, session(response).member.id, clock.today()) });
  });
  return router;
}
