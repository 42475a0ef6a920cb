import { displayName, languageName, tierName } from './display-names';
import { i18n, initI18n } from './i18n-instance';

beforeAll(async () => {
  await initI18n();
  await i18n.loadLanguages(['en', 'fr', 'es', 'de', 'ar']);
});

describe('names the API gives in English, in the member language', () => {
  it('names a country by its code', () => {
    expect(displayName('region', 'DE', 'en')).toBe('Germany');
    expect(displayName('region', 'DE', 'fr')).toBe('Allemagne');
    expect(displayName('region', 'DE', 'ar')).toBe('ألمانيا');
  });

  it('names a language by its code, in the language on screen', () => {
    expect(languageName('fr', 'en')).toBe('French');
    expect(languageName('fr', 'de')).toBe('Französisch');
    expect(languageName('en', 'ar')).toBe('الإنجليزية');
  });

  it('leaves a code the browser cannot name to the caller', () => {
    expect(displayName('region', '', 'en')).toBeUndefined();
    expect(displayName('region', 'not a code', 'en')).toBeUndefined();
  });

  it("translates the programme's tiers and shows any other as the API sent it", () => {
    expect(tierName('Silver', 'en')).toBe('Silver');
    expect(tierName('Silver', 'fr')).toBe('Argent');
    expect(tierName('Gold', 'de')).toBe('Gold');
    expect(tierName('Platinum', 'es')).toBe('Platino');
    expect(tierName('Gold', 'ar')).toBe('ذهبي');
    expect(tierName('Diamond', 'fr')).toBe('Diamond');
  });
});
