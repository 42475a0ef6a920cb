import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';
import type { LanguageCode } from '@loyalty/shared/api';

type TranslationModule = ResourceKey | { default: ResourceKey };
export type NamespaceLoader = (language: LanguageCode) => Promise<TranslationModule>;

const loaders = new Map<string, NamespaceLoader>();

let onRegistration: ((namespace: string) => void) | null = null;

/**
 * Each app registers the loader of its own namespace; texts are then fetched per namespace and
 * per language, once the i18n instance is started (`followRegistrations`).
 */
export function registerNamespace(namespace: string, loader: NamespaceLoader): void {
  loaders.set(namespace, loader);
  onRegistration?.(namespace);
}

/** The namespaces registered so far; `listener` then hears of each one registered after. */
export function followRegistrations(listener: (namespace: string) => void): string[] {
  onRegistration = listener;
  return [...loaders.keys()];
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
