export { i18n, initI18n, textsLoaded } from './i18n-instance';
// The one hook apps need from react-i18next, re-exported so that the library is not shared whole
// (its Trans and ICU components are a third of it and unused).
export { useTranslation } from 'react-i18next';
export { registerNamespace, hasNamespace, type NamespaceLoader } from './namespace-backend';
export {
  LANGUAGES,
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  directionOf,
  languageOption,
  startingDirection,
  toLanguageCode,
  type LanguageOption,
} from './languages';
export { formatAgo, formatNumber, formatDate, formatWait, prepareFormatting } from './format';
export { accessibleText, isolate } from './reading-order';
export { displayName, languageName, tierName } from './display-names';
