import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * A federation runtime plugin that loads each remote entry with its Subresource Integrity: the
 * browser refuses to run an entry whose bytes differ from what was published. The remotes are
 * served with CORS, which SRI on a cross-origin script requires.
 */
export function integrityPlugin(integrityOf: (url: string) => string | undefined): ModuleFederationRuntimePlugin {
  return {
    name: 'loyalty-release-integrity',
    createScript({ url }) {
      const integrity = integrityOf(url);
      if (!integrity) return undefined;
      const script = document.createElement('script');
      script.src = url;
      script.integrity = integrity;
      script.crossOrigin = 'anonymous';
      return script;
    },
  };
}
