import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';
import type { LanguageCode } from '@loyalty/shared/api';

type TranslationModule = ResourceKey | { default: ResourceKey };
export type NamespaceLoader = (language: LanguageCode) => Promise<TranslationModule>;

const loaders = new Map<string, NamespaceLoader>();

/**
 * Each app registers the loader of its own namespace; texts are then fetched per namespace and
 * per language only when a screen asks for them (`useTranslation('points')`).
 */
export function registerNamespace(namespace: string, loader: NamespaceLoader): void {
  loaders.set(namespace, loader);
}

export function hasNamespace(namespace: string): boolean {
  return loaders.has(namespace);
}

export const namespaceBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const loader = loaders.get(namespace);
    if (!loader) {
      callback(new Error(`No translations registered for namespace "${namespace}"`), false);
      return;
    }
    loader(language as LanguageCode).then(
      (loaded) => {
        const resources =
          typeof loaded === 'object' && loaded !== null && 'default' in loaded ? loaded.default : loaded;
        callback(null, resources);
      },
      (error: unknown) => callback(error as Error, false),
    );
  },
};
