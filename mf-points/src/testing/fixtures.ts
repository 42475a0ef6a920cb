import type { LocalizedText, Reward, Voucher } from '@loyalty/shared/api';

/** A text in the five languages: French marked, so a test sees which language it was given. */
export const texts = (en: string): LocalizedText => ({ en, fr: `${en} (fr)`, es: en, de: en, ar: en });

/**
 * A member's voucher as `/api/user/vouchers` gives it: active and cancellable, its code from its
 * id (`aaaa` → `AAAA-2XPD-93HT`); `fields` set what a test is about.
 */
export const voucher = (id: string, name: string, fields: Partial<Voucher> = {}): Voucher => ({
  id,
  code: `${id.toUpperCase()}-2XPD-93HT`,
  rewardId: `rw-${id}`,
  name: texts(name),
  icon: 'dining',
  usage: 'desk',
  points: 450,
  state: 'active',
  issuedAt: '2026-11-22T10:00:00.000Z',
  validUntil: '2027-02-19',
  cancellableUntil: '2026-11-29T10:00:00.000Z',
  cancellable: true,
  transactionNumber: 'TXN-000042',
  ...fields,
});

/** A reward of the catalogue as `/api/rewards` gives it; `fields` set what a test is about. */
export const reward = (id: string, name: string, fields: Partial<Reward> = {}): Reward => ({
  id,
  name: texts(name),
  description: texts(`${name}, described`),
  category: 'travel',
  icon: 'lounge',
  cost: 200,
  remaining: null,
  soldOut: false,
  validityDays: 180,
  cancellationDays: 7,
  usage: 'online',
  image: { src: `/api/rewards/${id}/images/640.webp?v=1`, width: 640, height: 360, sources: [], alt: texts(name) },
  featured: false,
  ...fields,
});
