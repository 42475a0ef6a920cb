import { splitPhoneNumber } from './split-phone-number';

const countries = [
  { code: '', phone: '' },
  { code: 'US', phone: '1' },
  { code: 'CA', phone: '1' },
  { code: 'AG', phone: '1-268' },
  { code: 'FR', phone: '33' },
  { code: 'IN', phone: '91' },
];

describe('splitPhoneNumber', () => {
  it('splits a number on its dial code', () => {
    expect(splitPhoneNumber('+33612345678', countries)).toEqual({ code: 'FR', phoneCode: '33', number: '612345678' });
  });

  it('prefers the longest dial code, hyphens and all', () => {
    expect(splitPhoneNumber('+12684601234', countries)).toEqual({ code: 'AG', phoneCode: '1-268', number: '4601234' });
  });

  it("takes the member's own country among those sharing the code", () => {
    expect(splitPhoneNumber('+14165550100', countries, 'CA')?.code).toBe('CA');
    expect(splitPhoneNumber('+14165550100', countries, 'FR')?.code).toBe('US');
  });

  it('gives null when nothing matches', () => {
    expect(splitPhoneNumber('+7000', countries)).toBeNull();
  });
});
