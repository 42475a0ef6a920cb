import { defaultCountry, dialDigits, parseInternationalNumber } from './dial-code';

const countries = [
  { code: '', phone: '' },
  { code: 'AG', phone: '1-268' },
  { code: 'CA', phone: '1', suggested: true },
  { code: 'FR', phone: '33', suggested: true },
  { code: 'GB', phone: '44' },
  { code: 'GG', phone: '44' },
  { code: 'IN', phone: '91' },
  { code: 'PR', phone: '1' },
  { code: 'US', phone: '1', suggested: true },
  { code: 'KZ', phone: '7' },
];

describe('dialDigits', () => {
  it('drops the hyphen of a NANP code', () => {
    expect(dialDigits('1-268')).toBe('1268');
    expect(dialDigits('33')).toBe('33');
  });
});

describe('parseInternationalNumber', () => {
  it('splits a stored number into country and national number', () => {
    expect(parseInternationalNumber('+33612345678', countries)).toEqual({
      country: countries[3],
      number: '612345678',
    });
  });

  it('prefers the longest phone code: 1-268 beats 1', () => {
    expect(parseInternationalNumber('+12685551234', countries)?.country.code).toBe('AG');
  });

  it('among countries sharing a code, the member’s own country wins', () => {
    expect(parseInternationalNumber('+15145550000', countries, 'us')?.country.code).toBe('US');
    expect(parseInternationalNumber('+15145550000', countries, 'PR')?.country.code).toBe('PR');
    expect(parseInternationalNumber('+447700900000', countries, 'GG')?.country.code).toBe('GG');
  });

  it('without a preference, a suggested country beats an unsuggested one, else the first', () => {
    expect(parseInternationalNumber('+15145550000', countries)?.country.code).toBe('CA');
    expect(parseInternationalNumber('+447700900000', countries)?.country.code).toBe('GB');
  });

  it('ignores the blank entry and tolerates spaces', () => {
    expect(parseInternationalNumber('+91 98765 43210', countries)).toEqual({
      country: countries[6],
      number: '9876543210',
    });
  });

  it('gives null when no code matches or the text is not a number', () => {
    expect(parseInternationalNumber('+999123', countries)).toBeNull();
    expect(parseInternationalNumber('', countries)).toBeNull();
    expect(parseInternationalNumber('+33abc', countries)).toBeNull();
  });
});

describe('defaultCountry', () => {
  it('takes the configured country when the list has it', () => {
    expect(defaultCountry(countries, 'fr')?.code).toBe('FR');
  });

  it('falls back to India (+91) when nothing or something unknown is configured', () => {
    expect(defaultCountry(countries, undefined)?.code).toBe('IN');
    expect(defaultCountry(countries, 'ZZ')?.code).toBe('IN');
  });
});
