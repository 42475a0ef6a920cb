import { countryName, countryOptions } from './country-options';
import { TEST_COUNTRIES } from '../../testing/fixtures';

describe('country options', () => {
  it('names countries in the interface language, Arabic included, which the API does not translate', () => {
    const antigua = TEST_COUNTRIES[1]!;
    expect(countryName(antigua, 'fr')).toBe('Antigua-et-Barbuda');
    expect(countryName(antigua, 'ar')).toBe('أنتيغوا وبربودا');
  });

  it("keeps the API's own name for a code the browser cannot name", () => {
    const unknown = { ...TEST_COUNTRIES[1]!, code: 'not a code', translations: { ...TEST_COUNTRIES[1]!.translations } };
    expect(countryName(unknown, 'fr')).toBe('Antigua-et-Barbuda');
  });

  it('drops the blank entry and puts suggested countries first, each group sorted in the language', () => {
    expect(countryOptions(TEST_COUNTRIES, 'fr').map((option) => option.name)).toEqual([
      'Allemagne',
      'États-Unis',
      'France',
      'Antigua-et-Barbuda',
      'Inde',
    ]);
  });
});
