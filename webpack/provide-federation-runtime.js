// A remote's standalone harness page: remotes are built to use the federation runtime the shell
// puts on the page (`experiments.externalRuntime`, see shell/src/remotes/provide-federation-runtime.ts),
// so that each `remoteEntry.js` does not carry a copy of its own. The harness has no shell, so this
// entry puts the runtime there first. A file path, not the package name, so that webpack's
// externals (which match the name) leave it alone.
import * as runtimeCore from '../node_modules/@module-federation/runtime-core/dist/index.js';

globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
