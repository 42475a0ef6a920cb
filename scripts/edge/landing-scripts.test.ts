import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error -- an ES module of the scripts, without type declarations
import * as landing from './landing-scripts.mjs';

type ReadList = (url: URL) => Promise<unknown>;
const { landingScriptsOf, readListFromFolders } = landing as {
  landingScriptsOf(entry: URL, options: { readList: ReadList }): Promise<Array<{ url: string; integrity?: string }>>;
  readListFromFolders(roots: (origin: string) => string[] | null): ReadList;
};

/** A reader that knows the lists of `files`, by address. */
function serving(files: Record<string, unknown>): { readList: ReadList; asked: string[] } {
  const asked: string[] = [];
  const readList: ReadList = async (url) => {
    asked.push(url.href);
    return url.href in files ? files[url.href] : null;
  };
  return { readList, asked };
}

const ENTRY = new URL('https://cdn.example/mf-points/1.2.0/remoteEntry.js');
const LIST = 'https://cdn.example/mf-points/1.2.0/landing-scripts.json';

describe("a remote's landing scripts", () => {
  it('are read beside its entry and named by their full address', async () => {
    const { readList, asked } = serving({ [LIST]: { scripts: ['372.js', '__federation_expose_routes.js'] } });
    await expect(landingScriptsOf(ENTRY, { readList })).resolves.toEqual([
      { url: 'https://cdn.example/mf-points/1.2.0/372.js' },
      { url: 'https://cdn.example/mf-points/1.2.0/__federation_expose_routes.js' },
    ]);
    expect(asked).toEqual([LIST]);
  });

  it('carry the integrity the build gives each, for their preloads to match their script tags', async () => {
    const integrity = { '372.js': 'sha384-abc', 'texts.js': 42 };
    const { readList } = serving({ [LIST]: { scripts: ['372.js', 'texts.js'], integrity } });
    await expect(landingScriptsOf(ENTRY, { readList })).resolves.toEqual([
      { url: 'https://cdn.example/mf-points/1.2.0/372.js', integrity: 'sha384-abc' },
      { url: 'https://cdn.example/mf-points/1.2.0/texts.js' },
    ]);
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
    const { readList } = serving({ [LIST]: { scripts } });
    await expect(landingScriptsOf(ENTRY, { readList })).resolves.toEqual([
      { url: 'https://cdn.example/mf-points/1.2.0/ok.js' },
    ]);
  });

  it('are none when the list is missing, is not one, or cannot be read', async () => {
    await expect(landingScriptsOf(ENTRY, serving({}))).resolves.toEqual([]);
    await expect(landingScriptsOf(ENTRY, serving({ [LIST]: { scripts: 'a.js' } }))).resolves.toEqual([]);
    await expect(landingScriptsOf(ENTRY, serving({ [LIST]: null }))).resolves.toEqual([]);
    const failing: ReadList = () => Promise.reject(new Error('unreadable'));
    await expect(landingScriptsOf(ENTRY, { readList: failing })).resolves.toEqual([]);
  });
});

describe('landing script lists read from the folders an origin serves', () => {
  let deployed: string;
  let local: string;
  beforeAll(() => {
    const root = mkdtempSync(path.join(tmpdir(), 'landing-lists-'));
    deployed = path.join(root, 'deployed');
    local = path.join(root, 'local');
    mkdirSync(path.join(deployed, '1.0.0'), { recursive: true });
    mkdirSync(local);
    writeFileSync(path.join(deployed, '1.0.0', 'landing-scripts.json'), JSON.stringify({ scripts: ['v1.js'] }));
    writeFileSync(path.join(local, 'landing-scripts.json'), JSON.stringify({ scripts: ['local.js'] }));
    writeFileSync(path.join(root, 'landing-scripts.json'), JSON.stringify({ scripts: ['outside.js'] }));
  });
  afterAll(() => rmSync(path.dirname(deployed), { recursive: true, force: true }));

  const readList = () =>
    readListFromFolders((origin) => (origin === 'http://localhost:8082' ? [deployed, local] : null));

  it('finds the list in the first folder that has it, as the edge finds files', async () => {
    const read = readList();
    await expect(read(new URL('http://localhost:8082/1.0.0/landing-scripts.json'))).resolves.toEqual({
      scripts: ['v1.js'],
    });
    await expect(read(new URL('http://localhost:8082/landing-scripts.json'))).resolves.toEqual({
      scripts: ['local.js'],
    });
  });

  it('reads nothing of another origin, or outside its folders', async () => {
    const read = readList();
    await expect(read(new URL('http://localhost:9999/landing-scripts.json'))).resolves.toBeNull();
    await expect(read(new URL('http://localhost:8082/9.9.9/landing-scripts.json'))).resolves.toBeNull();
    // A way up stops at the folder, as it does at the edge: never the list beside the folders.
    for (const address of [
      '/%2e%2e/landing-scripts.json',
      '/..%2flanding-scripts.json',
      '/1.0.0/..%2f..%2flanding-scripts.json',
    ]) {
      await expect(read(new URL(`http://localhost:8082${address}`))).resolves.toEqual({ scripts: ['local.js'] });
    }
  });
});
