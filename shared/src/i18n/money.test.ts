import { formatMoney } from './money';

describe('formatMoney', () => {
  it('says the currency as each language does, a whole amount without its cents', () => {
    expect(formatMoney(10000, 'EUR', 'en')).toBe('€10,000');
    expect(formatMoney(9.99, 'EUR', 'en')).toBe('€9.99');
    expect(formatMoney(10000, 'EUR', 'de')).toBe('10.000\u00a0€');
    expect(formatMoney(9.5, 'EUR', 'fr')).toBe('9,50\u00a0€');
    expect(formatMoney(10000, 'EUR', 'ar')).toMatch(/10,000/);
  });
});
