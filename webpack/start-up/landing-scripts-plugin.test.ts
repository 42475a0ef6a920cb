import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
// @ts-expect-error -- a CommonJS module of the build, without type declarations
import * as plugin from './landing-scripts-plugin.cjs';

type Options = { expose: string; texts: string; integrity?: boolean };

const { LandingScriptsPlugin } = plugin as {
  LandingScriptsPlugin: new (options: Options) => webpack.WebpackPluginInstance;
};

/**
 * Builds a remote's shape without the federation plugin: an exposed routes module (a chunk group
 * named as the federation plugin names it) with a library split off, and texts in two languages
 * loaded on demand. Returns the list the plugin wrote, or the build's errors.
 */
async function build(dir: string, options: Options) {
  mkdirSync(path.join(dir, 'src', 'locales'), { recursive: true });
  writeFileSync(path.join(dir, 'src', 'locales', 'en.json'), '{"title":"Points"}');
  writeFileSync(path.join(dir, 'src', 'locales', 'fr.json'), '{"title":"Points (fr)"}');
  writeFileSync(path.join(dir, 'src', 'library.js'), 'export const greet = (name) => `Hello ${name}`;');
  writeFileSync(
    path.join(dir, 'src', 'routes.js'),
    'import { greet } from "./library.js";\nexport const texts = (language) => import(`./locales/${language}.json`);\ndocument.title = greet("member");\n',
  );
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { __federation_expose_routes: { import: './src/routes.js', filename: '[name].[contenthash].js' } },
    output: { path: path.join(dir, 'dist'), chunkFilename: '[id].[contenthash].js' },
    optimization: {
      splitChunks: {
        chunks: 'all',
        cacheGroups: { library: { test: /library\.js$/, name: 'library', enforce: true } },
      },
    },
    plugins: [new LandingScriptsPlugin(options)],
  });
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    compiler.run((error, result) => (error || !result ? reject(error) : compiler.close(() => resolve(result)))),
  );
  if (stats.hasErrors()) return { errors: stats.compilation.errors.map((error) => error.message) };
  const list = JSON.parse(readFileSync(path.join(dir, 'dist', 'landing-scripts.json'), 'utf8')) as {
    scripts: string[];
    integrity?: Record<string, string>;
  };
  const chunks = stats.compilation.namedChunkGroups.get('__federation_expose_routes')!.chunks;
  const texts = [...stats.compilation.chunks].filter((chunk) =>
    [...stats.compilation.chunkGraph.getChunkModules(chunk)].some((module) =>
      (module as webpack.NormalModule).resource?.endsWith(`${path.sep}en.json`),
    ),
  );
  return {
    scripts: list.scripts,
    integrity: list.integrity,
    routesFiles: chunks.flatMap((chunk) => [...chunk.files]),
    textsFiles: texts.flatMap((chunk) => [...chunk.files]),
  };
}

describe('LandingScriptsPlugin', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'landing-scripts-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("lists the routes module's chunks, then the chunk of the default language's texts", async () => {
    const result = await build(dir, { expose: 'routes', texts: path.join(dir, 'src', 'locales', 'en.json') });
    // The library went to a chunk of its own: the routes module is two scripts.
    expect(result.routesFiles).toHaveLength(2);
    expect(result.textsFiles).toHaveLength(1);
    expect(result.scripts).toEqual([...result.routesFiles!, ...result.textsFiles!]);
    expect(result.integrity).toBeUndefined();
  }, 30_000);

  it("gives each script's SHA-384, of the file as written, when the build loads chunks with it", async () => {
    const texts = path.join(dir, 'src', 'locales', 'en.json');
    const result = await build(dir, { expose: 'routes', texts, integrity: true });
    const digest = (file: string) =>
      `sha384-${createHash('sha384')
        .update(readFileSync(path.join(dir, 'dist', file)))
        .digest('base64')}`;
    expect(result.scripts).toHaveLength(3);
    expect(result.integrity).toEqual(Object.fromEntries(result.scripts!.map((file) => [file, digest(file)])));
  }, 30_000);

  it('fails the build when the exposed module or the texts are not where it looks', async () => {
    const noExpose = await build(dir, { expose: 'pages', texts: path.join(dir, 'src', 'locales', 'en.json') });
    expect(noExpose.errors).toEqual([expect.stringContaining('no exposed module "pages"')]);
    const noTexts = await build(dir, { expose: 'routes', texts: path.join(dir, 'src', 'locales', 'ar.json') });
    expect(noTexts.errors).toEqual([expect.stringContaining('ar.json')]);
  }, 30_000);
});
