// A worker that theme-init.js starts on a signed-in member's page: it loads the browser's locale
// data for the page, off the page's main thread. Building a first Intl formatter loads that data
// (the likely subtags, the list of the browser's locales, the number formatter's own), a long task
// on a phone (docs/performance.md, "Behind the code"). Chromium's V8 keeps it for the whole process,
// the page and its workers alike: once loaded here, the page's own formatters
// (shared/src/i18n/format.ts) take a fraction of a millisecond. The message is the member's
// language.
onmessage = function (event) {
  var locale = typeof event.data === 'string' && /^[a-z]{2}$/.test(event.data) ? event.data : 'en';
  try {
    new Intl.Locale(locale).maximize();
    new Intl.NumberFormat(locale).format(0);
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(0);
  } finally {
    close();
  }
};
