import { Router, type Response } from 'express';
import * as v from 'valibot';
import { PASSKEY_TEXTS } from '@loyalty/shared/api/messages';
import { deleteAccountFormSchema } from '@loyalty/shared/validation';
import type { AppContext } from '../context';
import { verifyPassword } from '../auth/password';
import { AssertionSchema } from '../auth/passkey-ceremony';
import { stepUps } from '../auth/step-up';
import { requireMember, session } from '../auth/session';
import { HttpError, UNAUTHORIZED, asyncRoute } from '../http/errors';
import type { Database, MemberRecord } from '../store/schema';
import { parseInput } from '../http/validate';
import { memberById } from '../domain/users';
import { memberNumberOf } from '../domain/member-number';
import { forgetMember, memberDataOf } from '../domain/my-data';
import { CHANGED_MEANWHILE } from './auth';
import { mailText } from '../mail/compose';

/** docs/product/api.md texts of "Your data". */
export const ACCOUNT_DELETED = 'Your account has been deleted';
export const DELETE_PASSWORD_INCORRECT = 'Password is incorrect';
/** One text for every refused passkey confirmation, so it tells an attacker nothing about why. */
export const DELETE_PASSKEY_FAILED = PASSKEY_TEXTS.confirmFailed;
/** A password offered for an account whose password no longer signs in. */
export const DELETE_PASSKEY_NEEDED = PASSKEY_TEXTS.confirmWithPasskey;

const PasskeyConfirmationSchema = v.object({ passkey: AssertionSchema });

/**
 * `/api/account/export` and `/api/account/delete` (docs/product/accounts.md, "Your data"). Both act
 * on the member the token names, and on no one else: neither takes a member's id.
 */
export function myDataRoutes(context: AppContext): Router {
  const { store, clock, outbox, throttles } = context;
  const stepUp = stepUps(context);
  const router = Router();
  const authenticated = requireMember(context);
  // The member's own budget: members behind one address never share it.
  const exportBudget = throttles.limit('dataExports', (_request, response: Response) => session(response).member.id);

  router.get('/export', authenticated, exportBudget, (_request, response) => {
    const { member } = session(response);
    const document = memberDataOf(store.data, member, clock.today(), clock.now().toISOString());
    response
      .set('Content-Disposition', `attachment; filename="loyalty-data-${memberNumberOf(member.id)}.json"`)
      .set('Cache-Control', 'no-store')
      .json(document);
  });

  // Guessing the password here is guessing it at sign-in: the same per-client budget. A passkey's
  // refusals are 422s, never 401s: the session stays, only the confirmation failed.
  router.post(
    '/delete',
    authenticated,
    throttles.limit('signIn'),
    asyncRoute(async (request, response) => {
      const { member, claims } = session(response);
      const body: unknown = request.body;
      const byPasskey = typeof body === 'object' && body !== null && 'passkey' in body;
      if (byPasskey) {
        const { passkey } = parseInput(PasskeyConfirmationSchema, body, DELETE_PASSKEY_FAILED);
        deleteMember(member.id, await stepUp.confirmPasskey(passkey, member));
      } else {
        const { password } = parseInput(deleteAccountFormSchema, body);
        if (member.passwordSignInOff) throw new HttpError(409, DELETE_PASSKEY_NEEDED);
        if (!(await verifyPassword(password, member.passwordHash))) {
          throw new HttpError(422, DELETE_PASSWORD_INCORRECT, { password: DELETE_PASSWORD_INCORRECT });
        }
        deleteMember(member.id, (_data, current) => {
          // The password checked is the one this session signed in with: a change that landed
          // meanwhile is the member's latest word, and the deletion waits for a fresh sign-in.
          if (current.passwordVersion !== claims.pwv) throw new HttpError(409, CHANGED_MEANWHILE);
        });
      }
      // The journal on disk still holds what was forgotten until it is folded into the data file;
      // a compaction already under way holds an older state, hence a second one. The deletion is
      // kept either way: a compaction that fails is said in the log and tried again later.
      await store
        .compact()
        .then(() => store.compact())
        .catch((error: unknown) => context.log('The journal could not be folded in after a deletion', error));
      response.json({ message: ACCOUNT_DELETED });
    }),
  );

  /** Forgets the member and tells their address, in one transaction, once `confirm` has not thrown. */
  function deleteMember(memberId: string, confirm: (data: Database, current: MemberRecord) => void): void {
    store.transact((data, transaction) => {
      const current = memberById(data, memberId);
      if (!current) throw new HttpError(401, UNAUTHORIZED);
      confirm(data, current);
      forgetMember(data, current);
      outbox.send(
        data,
        {
          to: current.email,
          subject: mailText(current.preferredLanguage, 'account_deleted', 'subject'),
          body: mailText(current.preferredLanguage, 'account_deleted', 'body'),
        },
        transaction,
      );
    });
  }

  return router;
}
