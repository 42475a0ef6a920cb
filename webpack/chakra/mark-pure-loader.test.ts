import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
// @ts-expect-error -- a CommonJS module of the build, without type declarations
import markPureLoader, { ANATOMY_BUILDERS } from './mark-pure-loader.cjs';

const LOADER = path.join(__dirname, 'mark-pure-loader.cjs');

// A module shaped like Chakra's anatomy module: builders the minifier cannot see through, called
// for every component when it is evaluated, of which a page imports one.
const ANATOMY_MODULE = `
const registry = [];
const createAnatomy = (name) => ({ parts: (...parts) => { registry.push(name); return { name, parts }; } });
const dialogAnatomy$1 = { extendWith: (...parts) => { registry.push(parts); return { parts }; } };
export const fieldAnatomy = createAnatomy("field-anatomy").parts("label-part");
export const cardAnatomy = createAnatomy("card-anatomy").parts("body-part");
export const dialogAnatomy = dialogAnatomy$1.extendWith("dialog-extra-part");
`;

/** Builds, in production mode, an entry that uses only `fieldAnatomy`; returns the bundle. */
async function bundle(calls: string[] | null): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mark-pure-'));
  try {
    writeFileSync(path.join(dir, 'anatomy.js'), ANATOMY_MODULE);
    writeFileSync(
      path.join(dir, 'index.js'),
      'import { fieldAnatomy } from "./anatomy.js";\nconsole.log(fieldAnatomy);\n',
    );
    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry: './index.js',
      output: { path: path.join(dir, 'dist'), filename: 'main.js' },
      module: { rules: calls ? [{ test: /anatomy\.js$/, loader: LOADER, options: { calls } }] : [] },
    });
    await new Promise<void>((resolve, reject) =>
      compiler.run((error, stats) => (error || stats?.hasErrors() ? reject(error ?? stats?.toString()) : resolve())),
    );
    return readFileSync(path.join(dir, 'dist', 'main.js'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('mark-pure-loader', () => {
  it('lets the build drop the anatomies nothing imports', async () => {
    const marked = await bundle(ANATOMY_BUILDERS);
    expect(marked).toContain('field-anatomy');
    expect(marked).not.toContain('card-anatomy');
    expect(marked).not.toContain('dialog-extra-part');
  });

  it('is what drops them: unmarked, every builder runs and ships', async () => {
    const unmarked = await bundle(null);
    expect(unmarked).toContain('card-anatomy');
    expect(unmarked).toContain('dialog-extra-part');
  });

  it("marks every builder call of Chakra's own anatomy module", () => {
    const file = path.join(__dirname, '..', '..', 'node_modules', '@chakra-ui', 'react', 'dist', 'esm', 'anatomy.js');
    const source = readFileSync(file, 'utf8');
    const builders = source.match(/^const \w+ = [\w$.]+\(/gm) ?? [];
    const marked: string = markPureLoader.call({ getOptions: () => ({ calls: ANATOMY_BUILDERS }) }, source);
    expect(builders.length).toBeGreaterThan(30);
    expect(marked.match(/^const \w+ = \/\*#__PURE__\*\/ /gm)).toHaveLength(builders.length);
  });
});
