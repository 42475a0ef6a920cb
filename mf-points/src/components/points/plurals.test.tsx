import { act, screen } from '@testing-library/react';
import { formatNumber, i18n, initI18n } from '@loyalty/shared/i18n';
import { renderWithProviders } from '@loyalty/shared/testing';
import '../../routes';
import { RewardCard } from '../../features/rewards/reward-card';
import { PAGE_TEXTS_NAMESPACE } from '../page-texts/page-texts';

/** mf-points' texts: the app's, and those of the pages that carry their own. */
const NAMESPACES = [PAGE_TEXTS_NAMESPACE, 'points'];

// Arabic has six plural forms (Intl.PluralRules: zero, one, two, few, many, other); i18next picks
// the key's form from `count`. One form for every count read "3 نقطة" where Arabic says "3 نقاط".
const COUNTS = [0, 1, 2, 3, 11, 100];

const arabic = (key: string, count: number, options: Record<string, unknown> = {}) =>
  i18n.getFixedT('ar', NAMESPACES)(key, { count, points: formatNumber(count, 'ar'), ...options });

describe('points texts in Arabic', () => {
  beforeAll(async () => {
    await initI18n();
    await i18n.loadNamespaces(NAMESPACES);
    await i18n.loadLanguages(['ar']);
  });

  it('name the points in the form each count takes', () => {
    expect(COUNTS.map((count) => new Intl.PluralRules('ar').select(count))).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'many',
      'other',
    ]);
    const n = (count: number) => formatNumber(count, 'ar');
    expect(COUNTS.map((count) => arabic('rewards.cost', count))).toEqual([
      `${n(0)} نقطة`,
      'نقطة واحدة',
      'نقطتان',
      `${n(3)} نقاط`,
      `${n(11)} نقطة`,
      `${n(100)} نقطة`,
    ]);
    expect(COUNTS.map((count) => arabic('rewards.missing', count))).toEqual([
      `تحتاج إلى ${n(0)} نقطة إضافية`,
      'تحتاج إلى نقطة واحدة إضافية',
      'تحتاج إلى نقطتين إضافيتين',
      `تحتاج إلى ${n(3)} نقاط إضافية`,
      `تحتاج إلى ${n(11)} نقطة إضافية`,
      `تحتاج إلى ${n(100)} نقطة إضافية`,
    ]);
  });

  it.each([
    'pending.item_points',
    'tiers.criterion.points',
    'claim.outcome_points',
    'redeem.over_balance',
    'redeem.confirm_text',
    'redeem.success',
    'calendar.event_available',
    'calendar.cell_unlock',
    'card.progress_points',
    'next.unlocking',
    'next.spend',
    'rewards.intro_balance',
    'rewards.cost',
    'rewards.missing',
    'rewards.confirm_text',
    'rewards.redeemed',
    'vouchers.points',
    'vouchers.confirm_text',
    'vouchers.cancelled',
  ])('%s has a text of its own for each of the six forms', (key) => {
    // The words around the number: the number itself stands as #.
    const words = COUNTS.map((count) => arabic(key, count).replaceAll(formatNumber(count, 'ar'), '#'));
    expect(words.every((text) => !text.startsWith(key))).toBe(true);
    // One, two and few differ from one another and from the rest (zero, many and other share "نقطة").
    expect(new Set([words[1], words[2], words[3], words[4]]).size).toBe(4);
    expect(words[0]).toBe(words[5]);
  });

  it('reach the page: a reward card counts its price and what is missing', async () => {
    const texts = { en: 'Late check-out', fr: 'x', es: 'x', de: 'x', ar: 'مغادرة متأخرة' };
    await renderWithProviders(
      <RewardCard
        reward={{
          id: 'rw',
          name: texts,
          description: texts,
          category: 'upgrades',
          icon: 'lounge',
          cost: 3,
          remaining: null,
          soldOut: false,
          validityDays: 180,
          cancellationDays: 7,
          usage: 'desk',
          image: { src: '/api/rewards/rw/images/640.webp', width: 640, height: 360, sources: [], alt: null },
          featured: false,
        }}
        balance={1}
        onRedeem={() => undefined}
      />,
      { namespaces: ['points'] },
    );
    await act(async () => {
      await i18n.changeLanguage('ar');
    });
    expect(await screen.findByText(`${formatNumber(3, 'ar')} نقاط`)).toBeInTheDocument();
    expect(screen.getByText('تحتاج إلى نقطتين إضافيتين')).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('en');
    });
  });
});

// English, German, French and Spanish say one point as they say one: "1 points" was on the card.
describe.each(['en', 'de', 'fr', 'es'])('points texts in %s', (language) => {
  beforeAll(async () => {
    await initI18n();
    await i18n.loadNamespaces(NAMESPACES);
    await i18n.loadLanguages([language]);
  });

  it.each([
    'pending.item_points',
    'rewards.cost',
    'rewards.missing',
    'next.spend',
    'vouchers.points',
    'claim.outcome_points',
  ])('%s names one point apart from two', (key) => {
    const say = (count: number) =>
      i18n
        .getFixedT(language, NAMESPACES)(key, {
          count,
          points: formatNumber(count, language),
          booking: 'B',
          reward: 'R',
        })
        .replaceAll(formatNumber(count, language), '#');
    expect(say(1)).not.toBe(key);
    expect(say(1)).not.toBe(say(2));
    expect(say(2)).toBe(say(3));
  });
});
