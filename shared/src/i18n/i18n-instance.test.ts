import { i18n, initI18n, textsLoaded } from './i18n-instance';
import { registerNamespace } from './namespace-backend';

/**
 * Texts load beside the code that needs them: a namespace registered before the instance starts
 * loads with it, one registered later (a remote whose code has just arrived) loads at once, both
 * without a screen asking for them first.
 */
describe('the i18n instance', () => {
  const requested: string[] = [];
  const loader = (namespace: string) => (language: string) => {
    requested.push(`${namespace}/${language}`);
    return Promise.resolve({ greeting: `${namespace} in ${language}` });
  };

  beforeAll(() => {
    localStorage.setItem('i18nextLng', 'fr');
    registerNamespace('early', loader('early'));
  });

  it('loads the namespaces registered before it started', async () => {
    await initI18n();
    expect(i18n.hasLoadedNamespace('early')).toBe(true);
    expect(i18n.getFixedT('fr', 'early')('greeting')).toBe('early in fr');
  });

  it('fetches the texts of a namespace registered later in the current language, unasked', async () => {
    await initI18n();
    registerNamespace('late', loader('late'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requested).toContain('late/fr');
    expect(i18n.getFixedT('fr', 'late')('greeting')).toBe('late in fr');
  });

  it('tells when the texts of the namespaces registered so far have arrived', async () => {
    await initI18n();
    // Asked for in the member's language and in the fallback one.
    const arrivals: Array<(texts: object) => void> = [];
    const asked = new Promise<void>((askedFor) =>
      registerNamespace('slow', () => {
        askedFor();
        return new Promise((resolve) => arrivals.push(resolve));
      }),
    );
    let loaded = false;
    const waiting = textsLoaded().then(() => (loaded = true));
    await asked;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loaded).toBe(false);
    arrivals.forEach((arrive) => arrive({ greeting: 'slow in fr' }));
    await waiting;
    expect(i18n.getFixedT('fr', 'slow')('greeting')).toBe('slow in fr');
  });
});

describe('texts with a wait', () => {
  it('format `{{seconds, wait}}` in the language of the text', async () => {
    await initI18n();
    i18n.addResource('de', 'limits', 'again', 'Erneut versuchen {{seconds, wait}}.');
    i18n.addResource('en', 'limits', 'again', 'Try again {{seconds, wait}}.');
    expect(i18n.getFixedT('en', 'limits')('again', { seconds: 90 })).toBe('Try again in 2 minutes.');
    expect(i18n.getFixedT('de', 'limits')('again', { seconds: 20 })).toBe('Erneut versuchen in 20 Sekunden.');
  });
});
