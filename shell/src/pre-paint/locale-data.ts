// A worker that theme-init.ts starts on a signed-in member's page, built to /locale-data.js: it
// loads the browser's locale data for the page, off the page's main thread. Building a first Intl
// formatter loads that data (the likely subtags, the list of the browser's locales, the number
// formatter's own), a long task on a phone (docs/performance.md, "Behind the code"). Chromium's V8
// keeps it for the whole process, the page and its workers alike: once loaded here, the page's own
// formatters (shared/src/i18n/format.ts) take a fraction of a millisecond. The message is the
// locale those formatters use for the member's language.
import { LANGUAGES, languageOption } from '@loyalty/shared/pre-paint';

onmessage = (event: MessageEvent<unknown>) => {
  const locale = LANGUAGES.find((language) => language.locale === event.data)?.locale ?? languageOption(null).locale;
  try {
    new Intl.Locale(locale).maximize();
    new Intl.NumberFormat(locale).format(0);
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(0);
  } finally {
    close();
  }
};
