import { registerNamespace } from '@loyalty/shared/i18n';
import { loadTexts } from './texts';

/** mf-profile's texts: the `profile` namespace, loaded per language on demand. */
registerNamespace('profile', loadTexts);
