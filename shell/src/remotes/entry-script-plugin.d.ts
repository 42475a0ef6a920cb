import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
/**
 * A federation runtime plugin that loads each released remote entry in CORS mode, with its
 * Subresource Integrity when the release manifest gives one: the browser refuses to run an entry
 * whose bytes differ from what was published. The remotes are served with CORS, which SRI on a
 * cross-origin script requires.
 *
 * CORS mode even without integrity: the entry then travels over the same kind of connection as
 * the chunks it loads (`crossOriginLoading: 'anonymous'`) and the one the page's `Link` header
 * opens ahead of it (`rel=preconnect; crossorigin`). A script fetched without CORS would open a
 * connection of its own, one round trip after main.js has run.
 */
export declare function entryScriptPlugin(releaseOf: (url: string) => {
    integrity?: string;
} | undefined): ModuleFederationRuntimePlugin;
