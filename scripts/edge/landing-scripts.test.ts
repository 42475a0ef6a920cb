// @ts-expect-error -- an ES module of the scripts, without type declarations
import * as landing from './landing-scripts.mjs';

const { landingScriptsOf } = landing as {
  landingScriptsOf(entry: URL, options: { fetch: typeof fetch; timeoutMs?: number }): Promise<string[]>;
};

/** A fetch that answers the addresses of `files`, and 404 to the rest. */
function serving(files: Record<string, unknown>): { fetch: typeof fetch; asked: string[] } {
  const asked: string[] = [];
  const fake = (async (input: URL | RequestInfo) => {
    const address = String(input);
    asked.push(address);
    if (!(address in files)) return new Response('Not found', { status: 404 });
    return new Response(JSON.stringify(files[address]), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetch: fake, asked };
}

const ENTRY = new URL('https://cdn.example/mf-points/1.2.0/remoteEntry.js');
const LIST = 'https://cdn.example/mf-points/1.2.0/landing-scripts.json';

describe("a remote's landing scripts", () => {
  it('are read beside its entry and named by their full address', async () => {
    const { fetch, asked } = serving({ [LIST]: { scripts: ['372.js', '__federation_expose_routes.js'] } });
    await expect(landingScriptsOf(ENTRY, { fetch })).resolves.toEqual([
      'https://cdn.example/mf-points/1.2.0/372.js',
      'https://cdn.example/mf-points/1.2.0/__federation_expose_routes.js',
    ]);
    expect(asked).toEqual([LIST]);
  });

  it("keep only scripts of the entry's origin, without a query", async () => {
    const scripts = [
      'https://elsewhere.example/x.js',
      '//elsewhere.example/y.js',
      'style.css',
      'a.js?v=1',
      42,
      'ok.js',
    ];
    const { fetch } = serving({ [LIST]: { scripts } });
    await expect(landingScriptsOf(ENTRY, { fetch })).resolves.toEqual(['https://cdn.example/mf-points/1.2.0/ok.js']);
  });

  it('are none when the list is missing, is not one, or does not come in time', async () => {
    await expect(landingScriptsOf(ENTRY, serving({}))).resolves.toEqual([]);
    await expect(landingScriptsOf(ENTRY, serving({ [LIST]: { scripts: 'a.js' } }))).resolves.toEqual([]);
    await expect(landingScriptsOf(ENTRY, serving({ [LIST]: null }))).resolves.toEqual([]);
    const never = ((_: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      )) as typeof fetch;
    await expect(landingScriptsOf(ENTRY, { fetch: never, timeoutMs: 20 })).resolves.toEqual([]);
  });
});
