import { Router } from 'express';
import { ClaimPointsRequestSchema, RedeemPointsRequestSchema, TransactionsQuerySchema } from '@loyalty/shared/api';
import { TRANSACTIONS_DEFAULT_PAGE_SIZE } from '@loyalty/shared/api';
import { CLAIM_TEXTS } from '@loyalty/shared/api/messages';
import { CLAIM_WINDOW_DAYS } from '@loyalty/shared/validation';
import type { AppContext } from '../context';
import { requireMember, session } from '../auth/session';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/validate';
import {
  afterDebit,
  availableOnFor,
  balanceOf,
  recordTransaction,
  pendingOf,
  present,
  staysOf,
  transactionsOf,
} from '../domain/ledger';
import { memberTierStanding } from '../domain/tiers';
import { addDays } from '../clock';
import { settleExpiries, writeDueExpiries } from '../domain/expiry';

/** docs/product/api.md claim texts, shared with the pages that translate them. */
export const CLAIM_INVALID = CLAIM_TEXTS.invalid;
export const CLAIM_REPEATED = CLAIM_TEXTS.alreadyClaimed;
export const CLAIM_ACCEPTED = CLAIM_TEXTS.accepted;
export const CLAIM_WINDOW_CLOSED = CLAIM_TEXTS.windowClosed;
export const REDEEMED = 'Points redeemed successfully';
export const TRANSACTION_NOT_FOUND = 'No such transaction';

export function pointsRoutes(context: AppContext): { points: Router; transactions: Router; tiers: Router } {
  const { store, clock } = context;
  const authenticated = requireMember(context);

  const points = Router();
  points.get('/balance', authenticated, (_request, response) => {
    const memberId = session(response).member.id;
    settleExpiries(store, memberId, clock.today());
    response.json({ data: balanceOf(store.data, memberId, clock.today()) });
  });

  points.get('/pending', authenticated, (_request, response) => {
    settleExpiries(store, session(response).member.id, clock.today());
    response.json({ data: pendingOf(store.data, session(response).member.id, clock.today()) });
  });

  // A programme booking any member may claim, a member's own booking that member only; once,
  // naming its id and start date.
  points.post('/claim', authenticated, (request, response) => {
    const input = parseInput(ClaimPointsRequestSchema, request.body);
    const { member } = session(response);
    const transaction = store.transact((data) => {
      const booking = data.bookings.find((candidate) => candidate.id === input.bookingId);
      // A member's own booking is theirs to claim (docs/product/bookings.md): to anyone else, as a
      // cancelled one, it is as unknown as a made-up id, so a claim tells nothing of others' stays.
      const claimable =
        booking !== undefined &&
        booking.cancelledAt === undefined &&
        (booking.memberId === undefined || booking.memberId === member.id);
      if (!claimable || booking.startDate !== input.bookingDate) throw new HttpError(404, CLAIM_INVALID);
      if (booking.claimedBy !== null) throw new HttpError(409, CLAIM_REPEATED);
      // The claim window (docs/product/points.md): up to CLAIM_WINDOW_DAYS after check-out, on the
      // business clock, its last day included.
      if (clock.today() > addDays(booking.endDate, CLAIM_WINDOW_DAYS)) throw new HttpError(422, CLAIM_WINDOW_CLOSED);
      const now = clock.now().toISOString();
      booking.claimedBy = member.id;
      booking.claimedAt = now;
      return recordTransaction(data, {
        memberId: member.id,
        date: now,
        kind: 'claim',
        points: booking.points,
        bookingId: booking.id,
        availableOn: availableOnFor(booking),
        description: `Points claimed for booking ${booking.id}`,
      });
    });
    response
      .status(201)
      .json({ message: CLAIM_ACCEPTED, data: present(transaction, clock.today(), staysOf(store.data)) });
  });

  points.post('/redeem', authenticated, (request, response) => {
    const input = parseInput(RedeemPointsRequestSchema, request.body);
    const { member } = session(response);
    const today = clock.today();
    const result = store.transact((data) => {
      // An expiry the clock has reached is written first: expired points cannot be spent.
      writeDueExpiries(data, member.id, today);
      const balance = balanceOf(data, member.id, today);
      const available = balance.pointBalance;
      if (input.points > available) {
        const text = `You can redeem at most ${available} points: that is your available balance.`;
        throw new HttpError(422, text, { points: text });
      }
      const record = recordTransaction(data, {
        memberId: member.id,
        date: clock.now().toISOString(),
        kind: 'debit',
        points: input.points,
        description: input.description ? `Redeemed: ${input.description}` : 'Points redeemed',
      });
      // Not summed again: one pass over a long ledger is the larger part of a redemption.
      return { transaction: present(record, today), balance: afterDebit(balance, input.points, today) };
    });
    response.json({ message: REDEEMED, data: result });
  });

  const transactions = Router();
  transactions.get('/all', authenticated, (request, response) => {
    const query = parseInput(TransactionsQuerySchema, request.query);
    const today = clock.today();
    const needle = query.q?.trim().toLowerCase();
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? TRANSACTIONS_DEFAULT_PAGE_SIZE;
    const direction = query.sort === 'date_asc' ? 1 : -1;
    settleExpiries(store, session(response).member.id, today);
    const stays = staysOf(store.data);
    const matching = transactionsOf(store.data, session(response).member.id)
      .map((record, order) => ({ transaction: present(record, today, stays), order }))
      .filter(({ transaction }) => {
        if (query.type && transaction.type !== query.type) return false;
        const day = transaction.date.slice(0, 10);
        if (query.from && day < query.from) return false;
        if (query.to && day > query.to) return false;
        if (needle) {
          // A reward is found by its name in any of the portal's languages, as the member reads it.
          const rewardNames = transaction.reward ? Object.values(transaction.reward.name) : [];
          const haystack = [
            transaction.transactionNumber,
            transaction.bookingId ?? '',
            transaction.description,
            ...rewardNames,
          ];
          if (!haystack.some((text) => text.toLowerCase().includes(needle))) return false;
        }
        return true;
      })
      // Same date: the order of creation breaks the tie, so paging is stable.
      .sort((a, b) => direction * (a.transaction.date.localeCompare(b.transaction.date) || a.order - b.order));
    const data = matching.slice((page - 1) * pageSize, page * pageSize).map(({ transaction }) => transaction);
    response.json({ data, total: matching.length, page, pageSize });
  });

  // One line of the statement, by its number; another member's is as unknown as a made-up one.
  transactions.get('/:transactionNumber', authenticated, (request, response) => {
    const number = String(request.params.transactionNumber ?? '').toUpperCase();
    settleExpiries(store, session(response).member.id, clock.today());
    const record = transactionsOf(store.data, session(response).member.id).find(
      (candidate) => candidate.transactionNumber === number,
    );
    if (!record) throw new HttpError(404, TRANSACTION_NOT_FOUND);
    response.json({ data: present(record, clock.today(), staysOf(store.data)) });
  });

  const tiers = Router();
  tiers.get('/fetch-tiers', authenticated, (_request, response) => {
    response.json({ data: memberTierStanding(store.data, session(response).member.id, clock.today()) });
  });

  return { points, transactions, tiers };
}
