// The page's first script (index.html runs it before the first paint, built to /theme-init.js by
// webpack/pre-paint/). It puts the member's stored appearance on <html>, so a member who chose dark
// mode or right to left never sees a flash of the defaults; it names the frame the HTML paints; and
// on a signed-in member's page it starts what the page will need first. Everything it decides, it
// decides with the application's own modules.
import {
  applySettingsToDocument,
  fillKept,
  isSignedIn,
  isSignedInPage,
  LANGUAGE_STORAGE_KEY,
  languageOption,
  linkManifest,
  parseStoredSettings,
  SETTINGS_STORAGE_KEY,
  startingDirection,
  toLanguageCode,
} from '@loyalty/shared/pre-paint';
import type { Frame } from '../first-paint/frame-markup';

const root = document.documentElement;
const storedLanguage = localStorage.getItem(LANGUAGE_STORAGE_KEY);
const settings = parseStoredSettings(localStorage.getItem(SETTINGS_STORAGE_KEY));
applySettingsToDocument(
  { ...settings, themeDirection: startingDirection(settings.themeDirection, storedLanguage) },
  root,
);
if (storedLanguage) {
  root.lang = toLanguageCode(storedLanguage);
  linkManifest(document, storedLanguage);
}

// Every page is drawn in one of the two frames (first-paint.css): the sign-in pages', or the
// member's for a member signed in in this tab (the guards send the others to sign in, and a
// signed-in member on a sign-in page to the dashboard); a path outside the portal's pages shows its
// 404 inside the member's frame too. In each frame the edge wrote the shape of the page a member
// (or a guest) sees at this path, from the remote that renders it (decision 064).
const signedIn = isSignedIn();
const frame: Frame = signedIn ? 'dashboard' : 'auth';
root.dataset.firstPaint = frame;

// A signed-in member's pages are pages of figures, and a page's first Intl formatter loads the
// browser's locale data, the longest task of a dashboard's start-up on a phone (docs/performance.md,
// "Behind the code"). Chromium's V8 keeps that data for the whole process, the page and its workers
// alike, so a worker loads it (/locale-data.js), off the main thread, while main.js downloads.
// Elsewhere, or where no worker can start, the portal's formatters load it when first built
// (shared/src/i18n/format.ts).
if (signedIn && 'Worker' in window) {
  try {
    new Worker('/locale-data.js').postMessage(languageOption(storedLanguage).locale);
  } catch {
    // (The formatters load the data themselves.)
  }
}

// A signed-in member's page starts by asking the API the same things. A script of its own sends
// those requests while main.js downloads (decision 019); asked for from here, it is fetched only by
// the pages that use it, and the sign-in pages do not carry its bytes.
if (signedIn && isSignedInPage(window.location.pathname)) {
  const startUpRequests = document.createElement('script');
  startUpRequests.src = '/start-up-requests.js';
  document.head.appendChild(startUpRequests);
}

// A returning member's figures and codes paint with the page's shape, from what their last visit
// kept in this tab (decision 068), long before the application has started on a phone: the
// skeleton's kept figures and drawings are filled once the HTML is parsed, before main.js runs.
if (signedIn) {
  const fill = () => fillKept(document, sessionStorage, storedLanguage);
  if (document.readyState === 'loading') document.addEventListener('readystatechange', fill, { once: true });
  else fill();
}
