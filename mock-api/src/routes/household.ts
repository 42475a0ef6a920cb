import { Router, type Request, type Response } from 'express';
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
import type { Transaction } from '../store/store';
import { sendAlert } from '../auth/sign-in';
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
import { mailText, mailWords } from '../mail/compose';

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
      // In the invitee's language when they are a member; else the inviter's, likelier theirs than any.
      const language =
        data.members.find((invitee) => invitee.email === email)?.preferredLanguage ?? member.preferredLanguage;
      outbox.send(
        data,
        {
          to: email,
          subject: mailText(language, 'household_invitation', 'subject', { firstname: member.firstname }),
          link: link.url,
          naming: [member.id],
          body: mailText(language, 'household_invitation', 'body', {
            name: `${member.firstname} ${member.lastname}`,
            life: mailWords(language).days(HOUSEHOLD_INVITATION_DAYS),
            link: link.url,
          }),
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

  /**
   * Sends `points` from the member of this request to `toMemberId`, inside the transaction, and
   * tells the sender by e-mail with a "this wasn't me" link (decision 069): points must never leave
   * an account unseen, since a phished password is enough to send them.
   */
  function sendPoints(
    data: Database,
    transaction: Transaction,
    exchange: { request: Request; response: Response },
    toMemberId: string,
    points: number,
  ) {
    const { member, claims } = session(exchange.response);
    const now = clock.now();
    const today = clock.today();
    const debit = transferPoints(data, member, toMemberId, points, now, today);
    const recipient = data.members.find((candidate) => candidate.id === toMemberId)!;
    sendAlert(context, data, transaction, {
      member: data.members.find((candidate) => candidate.id === member.id) ?? member,
      claims,
      request: exchange.request,
      kind: 'points_sent',
      values: { count: points, recipient: `${recipient.firstname} ${recipient.lastname}` },
      undoes: 'undo_session',
      naming: [recipient.id],
    });
    return transferAnswer(data, member.id, debit, now, today);
  }

  router.post('/household/transfers', authenticated, transferBudget, (request, response) => {
    const { toMemberId, points } = parseInput(HouseholdTransferRequestSchema, request.body);
    const data = store.transact((data, transaction) =>
      sendPoints(data, transaction, { request, response }, toMemberId, points),
    );
    response.status(201).json({ message: HOUSEHOLD_TEXTS.transferred, data });
  });

  router.post('/household/pool', authenticated, transferBudget, (request, response) => {
    const { member } = session(response);
    const { toMemberId } = parseInput(HouseholdPoolRequestSchema, request.body);
    const today = clock.today();
    const data = store.transact((data, transaction) => {
      ownHousehold(data, member.id);
      // What may be sent is read after any expiry the clock has reached.
      writeDueExpiries(data, member.id, today);
      const points = sendableOf(data, member.id, today);
      if (points <= 0)
        throw new HttpError(422, HOUSEHOLD_TEXTS.nothingToPool, {
          [HOUSEHOLD_REFUSAL_FIELDS.notEnoughPoints]: HOUSEHOLD_TEXTS.nothingToPool,
        });
      return sendPoints(data, transaction, { request, response }, toMemberId, points);
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
