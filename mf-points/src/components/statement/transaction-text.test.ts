import type { Transaction } from '@loyalty/shared/api';
import { i18n, initI18n } from '@loyalty/shared/i18n';
import '../../routes';
import { transactionText } from './transaction-text';

const line = (fields: Partial<Transaction>): Transaction => ({
  id: 't',
  transactionNumber: 'TXN-000001',
  date: '2026-11-22T10:00:00.000Z',
  type: 'debit',
  points: 100,
  description: '',
  ...fields,
});
const lounge = {
  en: 'Airport lounge pass',
  fr: 'Accès au salon d’aéroport',
  es: 'x',
  de: 'y',
  ar: 'تصريح دخول صالة المطار',
};

describe('what a statement line was, in the member’s language', () => {
  beforeAll(async () => {
    await initI18n();
    await i18n.loadNamespaces('points');
  });
  const say = (transaction: Transaction, language: string) =>
    transactionText(transaction, language, i18n.getFixedT(language, 'points'));

  it('names a reward as the catalogue named it then, in the member’s language', async () => {
    await i18n.loadLanguages(['fr']);
    const debit = line({ reward: { id: 'rw', name: lounge }, description: 'Redeemed: Airport lounge pass' });
    expect(say(debit, 'en')).toBe('Redeemed: Airport lounge pass');
    expect(say(debit, 'fr')).toBe('Utilisé : Accès au salon d’aéroport');
  });

  it('says a claim is a stay, with its booking kept in one piece', () => {
    expect(say(line({ type: 'credit', bookingId: 'BK-0001' }), 'en')).toBe('Stay \u2068BK-0001\u2069');
  });

  it('keeps the member’s own note of a free-amount redemption, and words one without', () => {
    expect(say(line({ description: 'Redeemed: Coffee' }), 'en')).toBe('Points redeemed: Coffee');
    expect(say(line({ description: 'Points redeemed' }), 'en')).toBe('Points redeemed');
  });

  it('says an expiry is one, with the last activity before it, in the member’s language', async () => {
    await i18n.loadLanguages(['de']);
    const expiry = line({
      date: '2028-01-15T00:00:00.000Z',
      points: 300,
      description: 'Points expired: no activity since 2026-01-15',
      expiry: { lastActivity: '2026-01-15' },
    });
    expect(say(expiry, 'en')).toBe('Points expired: no activity since 15 January 2026');
    expect(say(expiry, 'de')).toBe('Punkte verfallen: keine Aktivität seit 15. Januar 2026');
  });

  it('says a household transfer was sent or received, naming the other member', async () => {
    await i18n.loadLanguages(['fr']);
    const sent = line({
      description: 'Household transfer to Grace Hopper',
      household: { direction: 'out', counterpart: 'Grace Hopper' },
    });
    const received = line({
      type: 'credit',
      description: 'Household transfer from Ada Lovelace',
      household: { direction: 'in', counterpart: 'Ada Lovelace' },
    });
    expect(say(sent, 'en')).toBe('Sent to \u2068Grace Hopper\u2069 (household)');
    expect(say(received, 'fr')).toBe('Reçu de \u2068Ada Lovelace\u2069 (foyer)');
  });

  it('says "a former member" in the member’s language once the other member has deleted their account', async () => {
    await i18n.loadLanguages(['de', 'ar']);
    const former = (direction: 'out' | 'in') =>
      line({
        type: direction === 'out' ? 'debit' : 'credit',
        description: `Household transfer ${direction === 'out' ? 'to' : 'from'} a former member`,
        household: { direction, counterpart: null },
      });
    expect(say(former('out'), 'en')).toBe('Sent to a former member (household)');
    expect(say(former('in'), 'de')).toBe('Von einem ehemaligen Mitglied erhalten (Haushalt)');
    expect(say(former('in'), 'ar')).toBe('استُلمت من عضو سابق (الأسرة)');
  });

  it('shows any other line as the API wrote it', () => {
    expect(say(line({ type: 'credit', description: 'Welcome bonus' }), 'en')).toBe('Welcome bonus');
  });
});
