// jsdom has no fetch. The apps talk to the network through fetch (via ky), so tests get Node's
// own implementation — the real thing, stubbed per test at the fetch boundary where needed.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  'AbortController',
  'AbortSignal',
];
// Not BroadcastChannel: Node's keeps the process alive after the tests, and the session code does
// without one where it is missing.

class JsdomWithFetchEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    for (const name of FROM_NODE) {
      if (globalThis[name]) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
