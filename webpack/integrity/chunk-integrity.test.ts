import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
// @ts-expect-error -- a CommonJS module of the build, without type declarations
import { chunkIntegrityPlugins, withoutMapEntries } from './chunk-integrity.cjs';

/**
 * A federated app in production mode: an entry with regular expressions whose quantifiers hold a
 * comma (as React Router's path joining and the e-mail check do), a lazy chunk, and a shared
 * library, whose consumer chunk has no file (waysact/webpack-subresource-integrity#176).
 */
async function build(dir: string, plugins: webpack.WebpackPluginInstance[] = []): Promise<Record<string, string>> {
  mkdirSync(path.join(dir, 'node_modules', 'lib'), { recursive: true });
  writeFileSync(
    path.join(dir, 'node_modules', 'lib', 'package.json'),
    JSON.stringify({ name: 'lib', version: '1.0.0', main: 'index.js' }),
  );
  writeFileSync(path.join(dir, 'node_modules', 'lib', 'index.js'), 'export const lib = (x) => `lib ${x}`;\n');
  writeFileSync(
    path.join(dir, 'index.js'),
    [
      'export const join = (paths) => paths.join("/").replace(/[\\\\/]{2,}/g, "/");',
      'export const email = (text) => /^[^@]+@[a-z]+\\.[a-z]{2,}$/.test(text);',
      'globalThis.checks = { join, email };',
      'import("./later.js").then((later) => later.start());',
    ].join('\n'),
  );
  writeFileSync(
    path.join(dir, 'later.js'),
    'import { lib } from "lib";\nexport const start = () => { globalThis.later = lib("later"); };\n',
  );
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: './index.js' },
    output: {
      path: path.join(dir, 'dist'),
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      crossOriginLoading: 'anonymous',
      publicPath: '/',
    },
    plugins: [
      new webpack.container.ModuleFederationPlugin({
        name: 'app',
        filename: 'remoteEntry.js',
        exposes: { './later': './later.js' },
        shared: { lib: { singleton: true, requiredVersion: '^1.0.0' } },
      }),
      ...plugins,
      ...chunkIntegrityPlugins(),
    ],
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString({ preset: 'errors-only' })));
      else compiler.close(() => resolve());
    }),
  );
  const out = path.join(dir, 'dist');
  return Object.fromEntries(readdirSync(out).map((file) => [file, readFileSync(path.join(out, file), 'utf8')]));
}

const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

/** The `sriHashes` map a runtime carries (`__webpack_require__.sriHashes = {…}`, minified). */
function sriHashesOf(runtime: string): Record<string, string> {
  const map = /\.sriHashes=(\{[^}]*\})/.exec(runtime);
  if (!map) throw new Error('no sriHashes map in the runtime');
  return JSON.parse(map[1].replace(/([{,])(\d+):/g, '$1"$2":')) as Record<string, string>;
}

describe('chunk integrity', () => {
  let dir: string;
  let files: Record<string, string>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'chunk-integrity-'));
    files = await build(dir);
  }, 60_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('builds a federated app: no placeholder is left in any runtime', () => {
    for (const runtime of [files['main.js'], files['remoteEntry.js']]) {
      expect(runtime).not.toContain('CHUNK-SRI-HASH');
    }
  });

  test("every chunk a runtime maps has its file's SHA-384, and every chunk file is mapped", () => {
    const digests = new Set(
      Object.entries(files)
        .filter(([file]) => file.endsWith('.js'))
        .map(([, text]) => sha384(text)),
    );
    const chunkFiles = Object.keys(files).filter((file) => /\.[0-9a-f]{10}\.js$/.test(file));
    for (const runtime of [files['main.js'], files['remoteEntry.js']]) {
      const hashes = Object.values(sriHashesOf(runtime));
      expect(hashes.length).toBeGreaterThan(0);
      for (const hash of hashes) expect(digests).toContain(hash);
    }
    const mapped = new Set(
      Object.values({ ...sriHashesOf(files['main.js']), ...sriHashesOf(files['remoteEntry.js']) }),
    );
    for (const file of chunkFiles) expect(mapped).toContain(sha384(files[file]));
  });

  test('the rest of the runtime is left as it was: quantifiers such as {2,} keep their comma', () => {
    const main = files['main.js'];
    expect(main).toContain('{2,}/g');
    expect(main).toContain('[a-z]{2,}$/');
  });
});

/** Gives the lazy chunk of `./later.js` the id 0, as webpack's deterministic ids sometimes do. */
const laterChunkAsZero: webpack.WebpackPluginInstance = {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('LaterChunkAsZero', (compilation) => {
      compilation.hooks.chunkIds.tap('LaterChunkAsZero', (chunks) => {
        const later = [...chunks].find(
          (chunk) =>
            !chunk.hasRuntime() &&
            compilation.chunkGraph
              .getChunkModules(chunk)
              .some((module) => (module as { resource?: string }).resource?.endsWith('later.js')),
        );
        if (!later) throw new Error('no chunk holds later.js');
        later.id = 0;
        later.ids = [0];
      });
    });
  },
};

describe('a lazy chunk whose id would be 0', () => {
  let dir: string;

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('is loaded with its SHA-384 like any other', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'chunk-integrity-zero-'));
    const files = await build(dir, [laterChunkAsZero]);
    const hashes = { ...sriHashesOf(files['main.js']), ...sriHashesOf(files['remoteEntry.js']) };
    const chunkFiles = Object.entries(files).filter(([file]) => /\.[0-9a-f]{10}\.js$/.test(file));
    expect(chunkFiles.map(([file]) => file)).not.toContainEqual(expect.stringMatching(/^0\./));
    for (const [, text] of chunkFiles) expect(Object.values(hashes)).toContain(sha384(text));
  }, 60_000);
});

describe('withoutMapEntries', () => {
  const map = (entries: string) => `r.sriHashes={${entries}},x=/[a-z]{2,}/,y={a:1,}`;
  const placeholders = [[12, '*-*-*-CHUNK-SRI-HASH-abc']];

  test('takes out the entry wherever it stands in the map, with one comma', () => {
    expect(withoutMapEntries(map('12:"*-*-*-CHUNK-SRI-HASH-abc"'), placeholders)).toBe(map(''));
    expect(withoutMapEntries(map('12:"*-*-*-CHUNK-SRI-HASH-abc",3:"h3"'), placeholders)).toBe(map('3:"h3"'));
    expect(withoutMapEntries(map('3:"h3",12:"*-*-*-CHUNK-SRI-HASH-abc"'), placeholders)).toBe(map('3:"h3"'));
    expect(withoutMapEntries(map('3:"h3","12":"*-*-*-CHUNK-SRI-HASH-abc",4:"h4"'), placeholders)).toBe(
      map('3:"h3",4:"h4"'),
    );
  });

  test('leaves every other "{…,}" of the code alone', () => {
    const code = 'const p=/^[a-z]{2,}$/,q=/[\\/]{2,}/g;r.sriHashes={3:"h3"}';
    expect(withoutMapEntries(code, placeholders)).toBe(code);
  });
});
