import { Router } from 'express';
import { DeleteAccountRequestSchema } from '@loyalty/shared/api';
import type { AppContext } from '../context';
import { verifyPassword } from '../auth/password';
import { requireMember, session } from '../auth/session';
import { HttpError, asyncRoute } from '../http/errors';
import { parseInput } from '../http/validate';
import { memberById } from '../domain/users';
import { memberNumberOf } from '../domain/member-number';
import { forgetMember, memberDataOf } from '../domain/my-data';
import { CHANGED_MEANWHILE } from './auth';

/** docs/product/api.md texts of "Your data". */
export const ACCOUNT_DELETED = 'Your account has been deleted';
export const DELETE_PASSWORD_INCORRECT = 'Password is incorrect';

/**
 * `/api/account/export` and `/api/account/delete` (docs/product/accounts.md, "Your data"). Both act
 * on the member the token names, and on no one else: neither takes a member's id.
 */
export function myDataRoutes(context: AppContext): Router {
  const { store, clock, outbox, throttles } = context;
  const router = Router();
  const authenticated = requireMember(context);

  router.get('/export', authenticated, (_request, response) => {
    const { member } = session(response);
    const document = memberDataOf(store.data, member, clock.today(), clock.now().toISOString());
    response
      .set('Content-Disposition', `attachment; filename="loyalty-data-${memberNumberOf(member.id)}.json"`)
      .set('Cache-Control', 'no-store')
      .json(document);
  });

  // Guessing the password here is guessing it at sign-in: the same per-client budget.
  router.post(
    '/delete',
    authenticated,
    throttles.limit('signIn'),
    asyncRoute(async (request, response) => {
      const { password } = parseInput(DeleteAccountRequestSchema, request.body);
      const { member, claims } = session(response);
      if (!(await verifyPassword(password, member.passwordHash))) {
        throw new HttpError(422, DELETE_PASSWORD_INCORRECT, { password: DELETE_PASSWORD_INCORRECT });
      }
      store.transact((data, transaction) => {
        const current = memberById(data, member.id);
        // The password checked is the one this session signed in with: a change that landed
        // meanwhile is the member's latest word, and the deletion waits for a fresh sign-in.
        if (!current || current.passwordVersion !== claims.pwv) throw new HttpError(409, CHANGED_MEANWHILE);
        forgetMember(data, current);
        outbox.send(
          data,
          {
            to: current.email,
            subject: 'Your account has been deleted',
            body:
              'Your loyalty account and the personal data it held have been deleted, as you asked. ' +
              'Your points and rewards are gone with it. If this was not you, contact member services at once.',
          },
          transaction,
        );
      });
      response.json({ message: ACCOUNT_DELETED });
    }),
  );

  return router;
}
