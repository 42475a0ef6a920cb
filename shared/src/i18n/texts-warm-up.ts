// `@loyalty/shared/warm-up`: not a federated module, so each remote bundles it into its
// remoteEntry.js, which runs before any shared module can be had (webpack/shared-singletons.cjs).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { DEFAULT_LANGUAGE } from './default-language';

/** A remote's texts in one language: its `./locales/<language>.json` chunk. */
export type TextsLoader = (language: string) => Promise<unknown>;

/**
 * A federation runtime plugin each remote lists in its build (`src/warm-up.ts`), so it runs with
 * the remote's `remoteEntry.js`, before the shell has asked for the routes module.
 *
 * Without it, a remote's texts are asked for only once its routes module has arrived and run: one
 * more round trip before the page can paint, on every first load. Here they go out beside the
 * routes module instead. The routes module asks for the same chunk later (it registers the same
 * loader) and webpack hands it the download already under way.
 *
 * It must import nothing federated: `remoteEntry.js` runs before any shared module is available.
 * So the language is the one the shell's i18n instance has set on `<html lang>`, and with it the
 * fallback language, whose texts i18next loads too. A language with no texts file starts nothing;
 * a failed download is asked for again by the routes module.
 */
export function warmUpPlugin(name: string, texts: TextsLoader): ModuleFederationRuntimePlugin {
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  for (const needed of new Set([language || DEFAULT_LANGUAGE, DEFAULT_LANGUAGE])) texts(needed).catch(() => undefined);
  return { name: `${name}-warm-up` };
}
