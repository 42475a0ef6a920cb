// The public surface of `@loyalty/shared/pre-paint`: what the page's scripts before main.js need
// (shell/src/pre-paint/), from the very modules the application runs. Each is free of React, the
// stores and the HTTP client, so the scripts built from them stay a few kilobytes.
export { parseStoredSettings, SETTINGS_STORAGE_KEY } from '../settings/stored-settings';
export { applySettingsToDocument } from '../ui/apply-settings';
export { isSignedIn } from '../session/signed-in';
export { readStoredSession } from '../session/session-storage';
export { isSignedInPage } from '../router/path-rules.mjs';
export {
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  languageOption,
  linkManifest,
  startingDirection,
  toLanguageCode,
} from '../i18n/languages';
export { startUpRequestsFor } from './start-up-requests';
export { fillKept } from './kept-figures';
export type { StartUpRequest } from '../api/start-up-answers';
