// Stands in for `@module-federation/webpack-bundler-runtime` in the remotes' builds. That package's
// functions (consumes, initializeSharing, initContainerEntry…) keep no state of their own: they
// work on the `__webpack_require__` of the build that calls them. So a remote borrows the copy the
// page already has — the shell's (shell/src/remotes/provide-federation-runtime.ts), or on a
// standalone harness page `federation-runtime.js` — instead of carrying one in its
// `remoteEntry.js`, as it already does for the runtime core (decision 007).
//
// What stays per build, as in the package's own entry: the `federation` object (its federation
// entry copies the fields onto its own `__webpack_require__.federation`), the share scope object
// `S`, and `@module-federation/runtime`, whose `init` remembers the first instance it creates.
import * as runtime from '@module-federation/runtime';

const provided = globalThis._FEDERATION_BUNDLER_RUNTIME;
if (!provided) {
  throw new Error(
    'The federation bundler runtime is missing: load this remote from the shell (or its harness page), which provides it.',
  );
}

const bundlerRuntime = { ...provided.bundlerRuntime, S: {} };
const attachShareScopeMap = provided.attachShareScopeMap;
const bundlerRuntimeOptions = {};
const instance = undefined;
const initOptions = undefined;

const federation = { runtime, instance, initOptions, bundlerRuntime, attachShareScopeMap, bundlerRuntimeOptions };

export default federation;
export { attachShareScopeMap, bundlerRuntime, bundlerRuntimeOptions, initOptions, instance, runtime };
