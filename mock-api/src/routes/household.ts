import { Router, type Response } from 'express';
import {
  AcceptHouseholdInvitationRequestSchema,
  HOUSEHOLD_INVITATION_DAYS,
  HOUSEHOLD_REFUSAL_FIELDS,
  HOUSEHOLD_TEXTS,
  HouseholdPoolRequestSchema,
  HouseholdTransferRequestSchema,
  InviteToHouseholdRequestSchema,
} from '@loyalty/shared/api/household';
import type { AppContext } from '../context';
import type { Database, TransactionRecord } from '../store/schema';
import { requireMember, session } from '../auth/session';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/validate';
import { balanceOf, present } from '../domain/ledger';
import { writeDueExpiries } from '../domain/expiry';
import {
  acceptInvitation,
  householdOf,
  inviteToHousehold,
  leaveHousehold,
  ownHousehold,
  presentHousehold,
  sendableOf,
  transferPoints,
  withdrawInvitation,
} from '../domain/household';

/** A transfer's answer: the sender's debit line, their balance and household (what they sent today) after it. */
function transferAnswer(data: Database, memberId: string, debit: TransactionRecord, now: Date, today: string) {
  return {
    transaction: present(debit, today),
    balance: balanceOf(data, memberId, today),
    household: presentHousehold(data, ownHousehold(data, memberId), memberId, now),
  };
}

/**
 * Households (docs/product/household.md): invite by e-mail (and withdraw it), accept with the link's token, send
 * points to a member (transfer) or everything one may send today (pool), leave. Every change is one
 * store transaction, so racing transfers can never together pass the balance or the daily limit.
 */
export function householdRoutes(context: AppContext): Router {
  const { store, clock, outbox, throttles } = context;
  const router = Router();
  const authenticated = requireMember(context);
  // The budget is the member's: a family on one address is not throttled for another's transfers.
  const transferBudget = throttles.limit(
    'householdTransfers',
    (_request, response: Response) => session(response).member.id,
  );

  router.get('/household', authenticated, (_request, response) => {
    const { member } = session(response);
    const household = householdOf(store.data, member.id);
    response.json({ data: household ? presentHousehold(store.data, household, member.id, clock.now()) : null });
  });

  router.post('/household/invitations', authenticated, (request, response) => {
    const { member } = session(response);
    const { email } = parseInput(InviteToHouseholdRequestSchema, request.body);
    const now = clock.now();
    const data = store.transact((data, transaction) => {
      const { household, link } = inviteToHousehold(data, member, email, context.portalOrigin, now);
      outbox.send(
        data,
        {
          to: email,
          subject: `${member.firstname} invites you to share points`,
          link: link.url,
          naming: [member.id],
          body:
            `${member.firstname} ${member.lastname} invites you to their household, to share loyalty points. ` +
            `Sign in (or join) with this address and accept with this link; it works once, for ` +
            `${HOUSEHOLD_INVITATION_DAYS} days: ${link.url}`,
        },
        transaction,
      );
      return presentHousehold(data, household, member.id, now);
    });
    response.status(201).json({ message: HOUSEHOLD_TEXTS.invited, data });
  });

  router.post('/household/accept', authenticated, (request, response) => {
    const { member } = session(response);
    const { token } = parseInput(AcceptHouseholdInvitationRequestSchema, request.body);
    const now = clock.now();
    const data = store.transact((data) =>
      presentHousehold(data, acceptInvitation(data, member, token, now), member.id, now),
    );
    response.json({ message: HOUSEHOLD_TEXTS.accepted, data });
  });

  router.post('/household/invitations/:invitationId/withdraw', authenticated, (request, response) => {
    const { member } = session(response);
    const now = clock.now();
    const data = store.transact((data) =>
      presentHousehold(
        data,
        withdrawInvitation(data, member.id, request.params.invitationId ?? '', now),
        member.id,
        now,
      ),
    );
    response.json({ message: HOUSEHOLD_TEXTS.withdrawn, data });
  });

  router.post('/household/transfers', authenticated, transferBudget, (request, response) => {
    const { member } = session(response);
    const { toMemberId, points } = parseInput(HouseholdTransferRequestSchema, request.body);
    const now = clock.now();
    const today = clock.today();
    const data = store.transact((data) => {
      return transferAnswer(data, member.id, transferPoints(data, member, toMemberId, points, now, today), now, today);
    });
    response.status(201).json({ message: HOUSEHOLD_TEXTS.transferred, data });
  });

  router.post('/household/pool', authenticated, transferBudget, (request, response) => {
    const { member } = session(response);
    const { toMemberId } = parseInput(HouseholdPoolRequestSchema, request.body);
    const now = clock.now();
    const today = clock.today();
    const data = store.transact((data) => {
      ownHousehold(data, member.id);
      // What may be sent is read after any expiry the clock has reached.
      writeDueExpiries(data, member.id, today);
      const points = sendableOf(data, member.id, today);
      if (points <= 0)
        throw new HttpError(422, HOUSEHOLD_TEXTS.nothingToPool, {
          [HOUSEHOLD_REFUSAL_FIELDS.notEnoughPoints]: HOUSEHOLD_TEXTS.nothingToPool,
        });
      return transferAnswer(data, member.id, transferPoints(data, member, toMemberId, points, now, today), now, today);
    });
    response.status(201).json({ message: HOUSEHOLD_TEXTS.transferred, data });
  });

  router.post('/household/leave', authenticated, (_request, response) => {
    const { member } = session(response);
    store.transact((data) => {
      ownHousehold(data, member.id);
      leaveHousehold(data, member.id);
    });
    response.json({ message: HOUSEHOLD_TEXTS.left, data: null });
  });

  return router;
}
