import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
// @ts-expect-error -- a CommonJS module of the build, without type declarations
import { CompileHintPlugin, COMPILE_HINT } from './compile-hint-plugin.cjs';

/** Builds a two-chunk app in production mode (minified, with source maps) and returns its files. */
async function build(dir: string): Promise<Record<string, string>> {
  writeFileSync(path.join(dir, 'index.js'), 'export function start() { return import("./later.js"); }\nstart();\n');
  writeFileSync(path.join(dir, 'later.js'), '// a comment minification drops\nexport const later = () => "later";\n');
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: './index.js' },
    devtool: 'source-map',
    output: { path: path.join(dir, 'dist'), filename: '[name].js', chunkFilename: '[name].[contenthash].js' },
    plugins: [new CompileHintPlugin({ chunks: ['main'] })],
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString()));
      else compiler.close(() => resolve());
    }),
  );
  const out = path.join(dir, 'dist');
  return Object.fromEntries(readdirSync(out).map((file) => [file, readFileSync(path.join(out, file), 'utf8')]));
}

describe('CompileHintPlugin', () => {
  let dir: string;
  let files: Record<string, string>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'compile-hint-'));
    files = await build(dir);
  }, 30_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('puts the hint on the first line of the named chunk, where V8 reads it, after minification', () => {
    expect(files['main.js'].startsWith(COMPILE_HINT)).toBe(true);
    expect(files['main.js'].split('\n')[1]).not.toBe('');
  });

  it('leaves the other chunks as they are', () => {
    const others = Object.keys(files).filter((file) => file.endsWith('.js') && file !== 'main.js');
    expect(others).toHaveLength(1);
    expect(files[others[0]]).not.toContain('allFunctionsCalledOnLoad');
  });

  it('keeps the source map in step with the added line', () => {
    const map = JSON.parse(files['main.js.map']) as { mappings: string };
    // The first generated line, the hint, maps to nothing: its mappings start with a line break.
    expect(map.mappings.startsWith(';')).toBe(true);
  });
});
