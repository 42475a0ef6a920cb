import type { NamespaceLoader } from '@loyalty/shared/i18n';

/**
 * The texts of the calendar, claim, redeem and rewards pages, in one language: one chunk per
 * language for the four, not on the dashboard's path. No registration here, so that the routes can
 * ask for the chunk beside a page's code (routes.tsx) without the dashboard fetching it: a
 * namespace is fetched as soon as it is registered, and page-texts.ts registers it with the pages.
 */
export const loadPageTexts: NamespaceLoader = (language) =>
  import(/* webpackChunkName: "texts-points-pages-[request]" */ `./locales/${language}.json`);
