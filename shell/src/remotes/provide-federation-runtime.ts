import {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';
import { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';

/**
 * Hands the shell's federation runtime to the remotes. Remotes are built with
 * `experiments.externalRuntime`: their `remoteEntry.js` reads the runtime from
 * `_FEDERATION_RUNTIME_CORE` instead of carrying a copy each. The plugin's own
 * `provideExternalRuntime` hands over the whole runtime module, which made the shell's entry larger
 * (docs/performance.md, "Behind the code"); these are the names a remote entry reads
 * (`@module-federation/runtime` and its helpers).
 *
 * The bundler runtime goes the same way (`_FEDERATION_BUNDLER_RUNTIME`, read by
 * webpack/federation-runtime/bundler-runtime-from-page.js): stateless functions each remote entry otherwise carries
 * a copy of. The shell's build exposes nothing, so its copy leaves out
 * `initContainerEntry`, which a remote's entry calls: it is added here.
 * Must run before the first remote entry loads.
 */
export function provideFederationRuntime(): void {
  const global = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown; _FEDERATION_BUNDLER_RUNTIME?: unknown };
  global._FEDERATION_RUNTIME_CORE ??= {
    CurrentGlobal,
    Module,
    ModuleFederation,
    assert,
    getGlobalFederationConstructor,
    getRemoteEntry,
    getRemoteInfo,
    helpers,
    loadScript,
    // Node's loader: never called in a browser, and left out of the shell's bundle.
    loadScriptNode: () => Promise.reject(new Error('Remotes load in a browser only')),
    registerGlobalPlugins,
    satisfy,
    setGlobalFederationConstructor,
    setGlobalFederationInstance,
  };
  global._FEDERATION_BUNDLER_RUNTIME ??= {
    bundlerRuntime: { ...bundlerRuntime, initContainerEntry },
    attachShareScopeMap,
  };
}
