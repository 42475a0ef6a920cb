import { registerNamespace } from '@loyalty/shared/i18n';

/** mf-profile's texts: the `profile` namespace, loaded per language on demand. */
registerNamespace('profile', (language) => import(`./locales/${language}.json`));
