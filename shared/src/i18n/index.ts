export { i18n, initI18n } from './i18n-instance';
export { registerNamespace, hasNamespace, type NamespaceLoader } from './namespace-backend';
export {
  LANGUAGES,
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  directionOf,
  languageOption,
  toLanguageCode,
  type LanguageOption,
} from './languages';
export { formatNumber, formatDate } from './format';
