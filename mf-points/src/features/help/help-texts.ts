import { registerNamespace } from '@loyalty/shared/i18n';

/**
 * The help page's texts, a namespace of their own: they come with the page's code, in a chunk per
 * language, so the dashboard never carries a page of rules it does not show.
 */
export const HELP_NAMESPACE = 'points-help';

registerNamespace(
  HELP_NAMESPACE,
  (language) => import(/* webpackChunkName: "texts-points-help-[request]" */ `./locales/${language}.json`),
);
