// The federation runtime for a remote's standalone harness page. Remotes are built to use the
// runtime the shell puts on the page (`experiments.externalRuntime`, see
// shell/src/remotes/provide-federation-runtime.ts), so their `remoteEntry.js` carries no copy of
// its own, nor of the bundler runtime. The harness has no shell, so this file — bundled on its own by harness-runtime-plugin.cjs,
// outside the remote's webpack build, which would make it depend on the runtime it provides — puts
// the runtime there first.
import * as runtimeCore from '@module-federation/runtime-core';
import { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime';

globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
// The bundler runtime too (webpack/federation-runtime/bundler-runtime-from-page.js).
globalThis._FEDERATION_BUNDLER_RUNTIME ??= { bundlerRuntime, attachShareScopeMap };
