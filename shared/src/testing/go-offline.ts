/** The network gone: every request fails as a browser's offline fetch does, until `restore`. */
export function goOffline() {
  const { fetch } = globalThis;
  const failing = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
  globalThis.fetch = failing as unknown as typeof fetch;
  return { failing, restore: () => void (globalThis.fetch = fetch) };
}
