import { Router } from 'express';
import { UseVoucherRequestSchema, VOUCHER_REFUSAL_FIELDS } from '@loyalty/shared/api';
import { writeDueExpiries } from '../domain/expiry';
import type { AppContext } from '../context';
import { requireMember, session } from '../auth/session';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/validate';
import { balanceOf, present, recordTransaction } from '../domain/ledger';
import { isCancellable, presentVoucher, stateOf, vouchersOf } from '../domain/vouchers';
import type { Database, VoucherRecord } from '../store/schema';

export const VOUCHER_CANCELLED = 'Voucher cancelled: the points are back on your balance';
export const VOUCHER_USED = 'Voucher used';
export const VOUCHER_NOT_FOUND = 'No such voucher';
export const VOUCHER_CODE_NOT_FOUND = 'No voucher has this code';
export const VOUCHER_ALREADY_USED = 'This voucher has been used';
export const VOUCHER_ALREADY_CANCELLED = 'This voucher is cancelled';
export const VOUCHER_EXPIRED = 'This voucher has expired';
export const cancellationClosed = (until: string) => `This voucher could be cancelled until ${until}`;

/** A voucher id is a UUID; anything else names no voucher. */
const VOUCHER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Why a voucher that is not active can be neither used nor cancelled, as a 409. */
function refuseUnlessActive(record: VoucherRecord, today: string): void {
  const state = stateOf(record, today);
  const text =
    state === 'used'
      ? VOUCHER_ALREADY_USED
      : state === 'cancelled'
        ? VOUCHER_ALREADY_CANCELLED
        : state === 'expired'
          ? VOUCHER_EXPIRED
          : null;
  if (text) throw new HttpError(409, text, { [VOUCHER_REFUSAL_FIELDS.notCancellable]: text });
}

/** The member's own voucher, else a 404 that says the same for another member's and for none. */
function ownVoucher(data: Database, memberId: string, voucherId: string): VoucherRecord {
  const record = VOUCHER_ID.test(voucherId)
    ? data.vouchers.find((voucher) => voucher.id === voucherId && voucher.memberId === memberId)
    : undefined;
  if (!record) throw new HttpError(404, VOUCHER_NOT_FOUND);
  return record;
}

/**
 * The member's vouchers (docs/product/vouchers.md). A cancellation and a use of one voucher each
 * read its state and write the change in one synchronous section of the store, so of a
 * cancellation and a use racing, one wins and the other is refused; and a refund is written with
 * the cancellation or not at all.
 */
export function voucherRoutes(context: AppContext): Router {
  const { store, clock } = context;
  const router = Router();
  const authenticated = requireMember(context);

  router.get('/vouchers', authenticated, (_request, response) => {
    const { member } = session(response);
    const now = clock.now();
    response.json({ data: vouchersOf(store.data, member.id).map((record) => presentVoucher(record, now)) });
  });

  router.get('/vouchers/:voucherId', authenticated, (request, response) => {
    const { member } = session(response);
    const record = ownVoucher(store.data, member.id, String(request.params.voucherId ?? ''));
    response.json({ data: presentVoucher(record, clock.now()) });
  });

  router.post('/vouchers/:voucherId/cancel', authenticated, (request, response) => {
    const { member } = session(response);
    const voucherId = String(request.params.voucherId ?? '');
    const now = clock.now();
    const today = clock.today();
    const result = store.transact((data) => {
      const record = ownVoucher(data, member.id, voucherId);
      refuseUnlessActive(record, today);
      if (!isCancellable(record, now)) {
        const text = cancellationClosed(record.cancellableUntil);
        throw new HttpError(409, text, { [VOUCHER_REFUSAL_FIELDS.windowClosed]: text });
      }
      // An expiry the clock has reached comes first, so the balance answered is the ledger's.
      writeDueExpiries(data, member.id, today);
      const refund = recordTransaction(data, {
        memberId: member.id,
        date: now.toISOString(),
        kind: 'credit',
        points: record.points,
        description: `Cancelled: ${record.name.en}`,
        reward: { id: record.rewardId, name: { ...record.name } },
      });
      record.state = 'cancelled';
      record.cancelledAt = now.toISOString();
      record.refundTransactionNumber = refund.transactionNumber;
      // The unit goes back to the catalogue, if the programme counts them.
      const reward = data.rewards.find((entry) => entry.id === record.rewardId);
      if (reward && reward.stock !== null) reward.stock += 1;
      return {
        voucher: presentVoucher(record, now),
        transaction: present(refund, today),
        balance: balanceOf(data, member.id, today),
      };
    });
    response.json({ message: VOUCHER_CANCELLED, data: result });
  });

  return router;
}

/** Development-only: stands for the hotel's desk, which scans or types a code and marks it used. */
export function voucherDevRoutes(context: AppContext): Router {
  const { store, clock } = context;
  const router = Router();
  router.post('/vouchers/use', (request, response) => {
    const { code } = parseInput(UseVoucherRequestSchema, request.body);
    const now = clock.now();
    const today = clock.today();
    const voucher = store.transact((data) => {
      const record = data.vouchers.find((entry) => entry.code === code);
      if (!record) throw new HttpError(404, VOUCHER_CODE_NOT_FOUND);
      refuseUnlessActive(record, today);
      record.state = 'used';
      record.usedAt = now.toISOString();
      return presentVoucher(record, now);
    });
    response.json({ message: VOUCHER_USED, data: voucher });
  });
  return router;
}
