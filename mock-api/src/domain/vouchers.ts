import { randomBytes, randomUUID } from 'node:crypto';
import type { Voucher, VoucherState } from '@loyalty/shared/api';
import { addDays } from '../clock';
import type { Database, RewardRecord, VoucherRecord } from '../store/schema';
import { readable } from '../store/store';
import { voucherRuleOf } from './rewards';

/** Crockford's base 32: no I, L, O or U, so a code read aloud or typed at a desk is not misread. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_GROUPS = 3;
const CODE_GROUP_LENGTH = 4;
const DAY_MS = 86_400_000;

/**
 * A new voucher code: 12 characters from a CSPRNG, 60 bits (32 is a divisor of 256, so each byte's
 * low five bits are uniform). Nothing in it follows from another code, the member or the time.
 */
export function newVoucherCode(): string {
  const bytes = randomBytes(CODE_GROUPS * CODE_GROUP_LENGTH);
  const characters = Array.from(bytes, (byte) => CODE_ALPHABET[byte & 31]).join('');
  const groups = [];
  for (let start = 0; start < characters.length; start += CODE_GROUP_LENGTH)
    groups.push(characters.slice(start, start + CODE_GROUP_LENGTH));
  return groups.join('-');
}

/** A code no voucher has yet (a clash of 60 random bits is all but impossible; it is still checked). */
function uniqueCode(data: Database): string {
  const taken = new Set(readable(data.vouchers).map((voucher) => voucher.code));
  let code = newVoucherCode();
  while (taken.has(code)) code = newVoucherCode();
  return code;
}

/** Issues the voucher of a redemption, inside the transaction that writes its debit. */
export function issueVoucher(
  data: Database,
  fields: { memberId: string; reward: RewardRecord; transactionNumber: string; now: Date; today: string },
): VoucherRecord {
  const rule = voucherRuleOf(fields.reward);
  const record: VoucherRecord = {
    id: randomUUID(),
    code: uniqueCode(data),
    memberId: fields.memberId,
    rewardId: fields.reward.id,
    name: { ...fields.reward.name },
    icon: fields.reward.icon,
    usage: rule.usage,
    points: fields.reward.cost,
    state: 'active',
    issuedAt: fields.now.toISOString(),
    // The day of redemption counts as the first valid day.
    validUntil: addDays(fields.today, Math.max(rule.validityDays, 1) - 1),
    cancellableUntil: new Date(fields.now.getTime() + rule.cancellationDays * DAY_MS).toISOString(),
    transactionNumber: fields.transactionNumber,
  };
  data.vouchers.push(record);
  return record;
}

/** The state now: an active voucher past its last valid day (business clock) is expired. */
export function stateOf(record: VoucherRecord, today: string): VoucherState {
  if (record.state === 'active' && today > record.validUntil) return 'expired';
  return record.state;
}

/** Unused, not expired, and inside its cancellation window. */
export function isCancellable(record: VoucherRecord, now: Date): boolean {
  return (
    stateOf(record, now.toISOString().slice(0, 10)) === 'active' && now.getTime() < Date.parse(record.cancellableUntil)
  );
}

export function presentVoucher(record: VoucherRecord, now: Date): Voucher {
  return {
    id: record.id,
    code: record.code,
    rewardId: record.rewardId,
    name: { ...record.name },
    icon: record.icon,
    usage: record.usage,
    points: record.points,
    state: stateOf(record, now.toISOString().slice(0, 10)),
    issuedAt: record.issuedAt,
    validUntil: record.validUntil,
    cancellableUntil: record.cancellableUntil,
    cancellable: isCancellable(record, now),
    ...(record.usedAt ? { usedAt: record.usedAt } : {}),
    ...(record.cancelledAt ? { cancelledAt: record.cancelledAt } : {}),
    transactionNumber: record.transactionNumber,
    ...(record.refundTransactionNumber ? { refundTransactionNumber: record.refundTransactionNumber } : {}),
  };
}

/** The member's vouchers, newest first (the table is in the order they were issued). */
export function vouchersOf(data: Database, memberId: string): VoucherRecord[] {
  return readable(data.vouchers)
    .filter((voucher) => voucher.memberId === memberId)
    .reverse();
}
