import { formatDate, formatNumber } from '@loyalty/shared/i18n';
import { signedPoints } from './signed-points';

describe('points and dates in the member language (Intl)', () => {
  it('groups thousands per language', () => {
    expect(formatNumber(12500, 'en')).toBe('12,500');
    expect(formatNumber(12500, 'de')).toBe('12.500');
    // French groups with a narrow no-break space.
    expect(formatNumber(12500, 'fr')).toBe('12\u202f500');
  });

  it('formats Arabic with the Arabic locale data (digits per the ICU in use)', () => {
    expect(formatNumber(12500, 'ar')).toBe(new Intl.NumberFormat('ar').format(12500));
    expect(formatNumber(12500, 'ar')).not.toBe(formatNumber(12500, 'de'));
  });

  it('signs credits with + and debits with a real minus', () => {
    expect(signedPoints(1500, 'credit', 'en')).toBe('+1,500');
    expect(signedPoints(700, 'credit_pending', 'en')).toBe('+700');
    expect(signedPoints(250, 'debit', 'en')).toBe('\u2212250');
    expect(signedPoints(250, 'debit', 'ar')).toBe(`\u2212${formatNumber(250, 'ar')}`);
  });

  it('writes an API day as that calendar day whatever the time zone', () => {
    expect(formatDate('2030-06-06', 'en')).toBe('6 Jun 2030');
    expect(formatDate('2030-06-06', 'fr', 'long')).toBe('6 juin 2030');
  });
});
