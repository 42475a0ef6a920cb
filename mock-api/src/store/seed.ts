import { defaultMemberMenu } from '../domain/menu';
import { defaultTiers } from '../domain/tiers';
import { defaultRewards } from '../domain/rewards';
import { issueVoucher } from '../domain/vouchers';
import { addDays } from '../clock';
import { laterTables, type BookingRecord, type Database, type MemberRecord, type TransactionRecord } from './schema';

export const DEMO_EMAIL = 'member@example.com';
export const DEMO_PASSWORD = 'Demo@1234';
export const DEMO_MEMBER_ID = 'mbr-demo-0001';

/** Unclaimed bookings with fixed ids and dates, listed in the README for manual and e2e use. */
export const SEEDED_BOOKINGS: BookingRecord[] = [
  {
    id: 'BK-1001',
    startDate: '2025-03-01',
    endDate: '2025-03-04',
    points: 300,
    amount: 450,
    claimedBy: null,
    claimedAt: null,
  },
  {
    id: 'BK-1002',
    startDate: '2025-09-12',
    endDate: '2025-09-15',
    points: 300,
    amount: 420,
    claimedBy: null,
    claimedAt: null,
  },
  {
    id: 'BK-1003',
    startDate: '2030-06-01',
    endDate: '2030-06-05',
    points: 400,
    amount: 600,
    claimedBy: null,
    claimedAt: null,
  },
  {
    id: 'BK-1004',
    startDate: '2030-08-10',
    endDate: '2030-08-17',
    points: 700,
    amount: 980,
    claimedBy: null,
    claimedAt: null,
  },
  {
    id: 'BK-1005',
    startDate: '2031-01-05',
    endDate: '2031-01-07',
    points: 200,
    amount: 260,
    claimedBy: null,
    claimedAt: null,
  },
];

export function newMember(fields: {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  passwordHash: string;
  verified: boolean;
  createdAt: string;
  preferredLanguage?: MemberRecord['preferredLanguage'];
}): MemberRecord {
  return {
    ...fields,
    phone: { code: 'FR', phoneCode: '33', number: '612345678' },
    country: 'FR',
    preferredLanguage: fields.preferredLanguage ?? 'en',
    role: 'member',
    photo: '',
    passwordVersion: 1,
    failedLogins: 0,
    locked: false,
    menu: defaultMemberMenu(),
    workspace: { emailNotifications: true, smsNotifications: false, newsletter: true, timezone: 'Europe/Paris' },
    plan: 'Loyalty Plus',
  };
}

/**
 * The first state of a fresh data folder. The demo member's history is dated relative to the clock
 * at seeding time, so it always holds an available credit, a debit and a credit still pending
 * (its booking ends five days from "today"), and sits mid-way between Silver and Gold.
 */
export function buildSeed(demoPasswordHash: string, today: string): Database {
  const at = (day: string) => `${day}T10:00:00.000Z`;
  const demoBookings: BookingRecord[] = [
    {
      id: 'BK-0001',
      memberId: DEMO_MEMBER_ID,
      property: 'Harbour View Hotel, Lisbon',
      startDate: addDays(today, -120),
      endDate: addDays(today, -115),
      points: 500,
      amount: 750,
      claimedBy: DEMO_MEMBER_ID,
      claimedAt: at(addDays(today, -110)),
    },
    {
      id: 'BK-0002',
      memberId: DEMO_MEMBER_ID,
      property: 'Old Town Residence, Prague',
      startDate: addDays(today, -60),
      endDate: addDays(today, -56),
      points: 400,
      amount: 560,
      claimedBy: DEMO_MEMBER_ID,
      claimedAt: at(addDays(today, -50)),
    },
    {
      id: 'BK-0003',
      memberId: DEMO_MEMBER_ID,
      property: 'Seaside Resort, Nice',
      startDate: addDays(today, -2),
      endDate: addDays(today, 5),
      points: 700,
      amount: 980,
      claimedBy: DEMO_MEMBER_ID,
      claimedAt: at(addDays(today, -1)),
    },
  ];
  // The demo member's stays not claimed (docs/product/bookings.md): two to come, one past whose
  // points are missing while the claim window is open, one past it, and one cancelled.
  const stay = (id: string, property: string, from: number, nights: number, fields: Partial<BookingRecord> = {}) => ({
    id,
    memberId: DEMO_MEMBER_ID,
    property,
    startDate: addDays(today, from),
    endDate: addDays(today, from + nights),
    points: nights * 100,
    amount: nights * 120,
    claimedBy: null,
    claimedAt: null,
    ...fields,
  });
  const demoStays: BookingRecord[] = [
    stay('BK-0004', 'Alpine Lodge, Zermatt', 21, 3),
    stay('BK-0005', 'Canal House, Amsterdam', 60, 2),
    stay('BK-0006', 'Garden Hotel, Seville', -20, 3),
    stay('BK-0007', 'Lakeside Inn, Annecy', -400, 2),
    stay('BK-0008', 'City Loft, Berlin', 40, 2, { cancelledAt: at(addDays(today, -5)) }),
  ];
  const claim = (number: number, booking: BookingRecord): TransactionRecord => ({
    id: `txn-seed-${number}`,
    transactionNumber: `TXN-${String(number).padStart(6, '0')}`,
    memberId: DEMO_MEMBER_ID,
    date: booking.claimedAt!,
    kind: 'claim',
    points: booking.points,
    bookingId: booking.id,
    availableOn: addDays(booking.endDate, 1),
    description: `Points claimed for booking ${booking.id}`,
  });
  const transactions: TransactionRecord[] = [
    claim(1, demoBookings[0]!),
    claim(2, demoBookings[1]!),
    {
      id: 'txn-seed-3',
      transactionNumber: 'TXN-000003',
      memberId: DEMO_MEMBER_ID,
      date: at(addDays(today, -30)),
      kind: 'debit',
      points: 250,
      description: 'Redeemed: Spa voucher',
      reward: { id: 'rw-spa-voucher', name: defaultRewards().find((entry) => entry.id === 'rw-spa-voucher')!.name },
    },
    claim(4, demoBookings[2]!),
  ];
  const demo = newMember({
    id: DEMO_MEMBER_ID,
    email: DEMO_EMAIL,
    firstname: 'Demo',
    lastname: 'Member',
    passwordHash: demoPasswordHash,
    verified: true,
    createdAt: at(addDays(today, -200)),
  });
  const database: Database = {
    meta: { schemaVersion: 1, nextTransactionNumber: transactions.length + 1 },
    members: [demo],
    bookings: [...demoBookings, ...demoStays, ...SEEDED_BOOKINGS.map((booking) => ({ ...booking }))],
    transactions,
    tiers: defaultTiers(),
    otps: [],
    resetTokens: [],
    revokedTokens: [],
    outbox: [],
    ...laterTables(),
  };
  // The spa redemption gave its voucher, as every redemption does: still valid, past the days it
  // could be cancelled in, so "My rewards" and the dashboard show a voucher to use at the desk.
  const redeemed = transactions.find((transaction) => transaction.kind === 'debit')!;
  issueVoucher(database, {
    memberId: DEMO_MEMBER_ID,
    reward: database.rewards.find((reward) => reward.id === redeemed.reward!.id)!,
    transactionNumber: redeemed.transactionNumber,
    now: new Date(redeemed.date),
    today: redeemed.date.slice(0, 10),
  });
  return database;
}
