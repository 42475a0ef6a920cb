import { formatDate, formatNumber, formatWait } from './format';

describe('formatNumber and formatDate', () => {
  afterEach(() => jest.restoreAllMocks());

  it('build one formatter per locale and style, however many values they format', () => {
    const numberFormats = jest.spyOn(Intl, 'NumberFormat');
    const dateFormats = jest.spyOn(Intl, 'DateTimeFormat');
    const values = Array.from({ length: 20 }, (_, index) => index * 1000);

    const english = values.map((value) => formatNumber(value, 'en'));
    values.forEach((value) => formatNumber(value, 'de'));
    ['2030-06-06', '2030-06-07', '2030-06-08'].forEach((day) => {
      formatDate(day, 'en');
      formatDate(day, 'en', 'long');
    });

    expect(english[3]).toBe('3,000');
    expect(numberFormats).toHaveBeenCalledTimes(2);
    expect(dateFormats).toHaveBeenCalledTimes(2);
  });

  it('keep each language and style apart', () => {
    expect(formatNumber(12500, 'en')).toBe('12,500');
    expect(formatNumber(12500, 'de')).toBe('12.500');
    expect(formatDate('2030-06-06', 'en')).toBe('6 Jun 2030');
    expect(formatDate('2030-06-06', 'en', 'long')).toBe('6 June 2030');
    expect(formatDate('2030-06-06', 'fr', 'long')).toBe('6 juin 2030');
  });
});

describe('formatWait', () => {
  it('says a wait from now in the member’s language, in the largest whole unit, rounded up', () => {
    expect(formatWait(30, 'en')).toBe('in 30 seconds');
    expect(formatWait(61, 'en')).toBe('in 2 minutes');
    expect(formatWait(3600 * 23 + 1, 'en')).toBe('in 24 hours');
    expect(formatWait(120, 'fr')).toBe('dans 2 minutes');
    expect(formatWait(45, 'es')).toBe('dentro de 45 segundos');
    expect(formatWait(45, 'de')).toBe('in 45 Sekunden');
    expect(formatWait(0, 'en')).toBe('in 1 second');
  });
});
