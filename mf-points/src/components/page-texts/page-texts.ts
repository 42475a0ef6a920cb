import { registerNamespace } from '@loyalty/shared/i18n';
import { loadPageTexts } from './load-page-texts';

/**
 * The namespace of the texts the calendar, claim, redeem and rewards pages carry with their code:
 * registered when one of them is first loaded, so the dashboard's texts (`points`) leave them out.
 * A rule of one of those pages is read here (messageKey's namespace).
 */
export const PAGE_TEXTS_NAMESPACE = 'points-pages';

registerNamespace(PAGE_TEXTS_NAMESPACE, loadPageTexts);
