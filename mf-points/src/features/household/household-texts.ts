import { registerNamespace } from '@loyalty/shared/i18n';

/**
 * The household page's texts, a namespace of their own: they come with the page's code, in a chunk
 * per language, so the dashboard never carries the texts of a page it does not show.
 */
export const HOUSEHOLD_NAMESPACE = 'points-household';

registerNamespace(
  HOUSEHOLD_NAMESPACE,
  (language) => import(/* webpackChunkName: "texts-points-household-[request]" */ `./locales/${language}.json`),
);
