import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, linkManifest, SUPPORTED_LANGUAGES } from './languages';
import { followRegistrations, namespaceBackend, registerNamespace } from './namespace-backend';
import { PendingWork } from '../promises/pending-work';
import { PAGE_DIRECTION_CHANGED, followPageDirection, readingOrderPostProcessor } from './reading-order';
import { formatWait } from './format';

/** The one i18n instance, shared by every app through the `@loyalty/shared/i18n` singleton. */
export const i18n: I18n = i18next.createInstance();

registerNamespace('common', (language) => import(`./locales/${language}/common.json`));

let initialising: Promise<I18n> | null = null;
/** Texts of namespaces registered after the instance started, on their way. */
const lateTexts = new PendingWork();

/** Initialises the instance once; later calls return the same promise. */
export function initI18n(): Promise<I18n> {
  if (initialising) return initialising;
  // The texts of every app already on the page load with the instance, and an app that registers
  // its namespace later (a remote, as its code arrives) has its texts fetched at once: beside its
  // page's code, rather than after its first render has asked for them and suspended.
  const namespaces = followRegistrations((namespace) => {
    lateTexts.add(initI18n().then(() => i18n.loadNamespaces(namespace)));
  });
  initialising = i18n
    .use(LanguageDetector)
    .use(namespaceBackend)
    .use(initReactI18next)
    .use(readingOrderPostProcessor)
    .init({
      supportedLngs: SUPPORTED_LANGUAGES,
      fallbackLng: DEFAULT_LANGUAGE,
      load: 'languageOnly',
      nonExplicitSupportedLngs: true,
      ns: namespaces,
      defaultNS: 'common',
      fallbackNS: 'common',
      detection: {
        // docs/product/frame.md, "Languages and direction": stored preference, then the browser, then the page's language tag.
        order: ['localStorage', 'navigator', 'htmlTag'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
      },
      interpolation: { escapeValue: false },
      postProcess: [readingOrderPostProcessor.name],
      react: { useSuspense: true, bindI18n: `languageChanged ${PAGE_DIRECTION_CHANGED}` },
    })
    .then(() => {
      // `{{seconds, wait}}` in a text: a wait the member can read ("in 2 minutes"), in its language.
      i18n.services.formatter?.add('wait', (value: unknown, language: string | undefined) =>
        formatWait(Number(value), language ?? DEFAULT_LANGUAGE),
      );
      syncDocumentLanguage(i18n.resolvedLanguage ?? DEFAULT_LANGUAGE);
      i18n.on('languageChanged', syncDocumentLanguage);
      followPageDirection(i18n);
      return i18n;
    });
  return initialising;
}

/**
 * Settles when the texts of every namespace registered so far have arrived or failed: those known
 * at start with the instance, and those of remotes that arrived since.
 */
export async function textsLoaded(): Promise<void> {
  await initI18n();
  await lateTexts.settled();
}

// The direction is not set here: it follows the appearance settings, which follow the language
// (see `SettingsSync` in `@loyalty/shared/ui`).
function syncDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  linkManifest(document, language);
}
