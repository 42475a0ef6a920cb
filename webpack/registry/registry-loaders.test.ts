import { readFileSync } from 'node:fs';
import path from 'node:path';
import registry from '../../scripts/lib/remotes.cjs';
import menuTitles from '../../scripts/lib/menu-titles.cjs';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the loaders are CommonJS, as webpack runs them
const registryTitlesLoader = require('./registry-titles-loader.cjs') as (source: string) => string;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
const menuTitlesLoader = require('./menu-titles-loader.cjs') as (this: object) => string;

const REGISTRY = path.join(__dirname, '..', '..', 'remotes.json');

interface Entry {
  key: string;
  title?: Record<string, string>;
  children?: Entry[];
}

test('the registry in a browser build keeps every entry, without its titles', () => {
  const written = JSON.parse(readFileSync(REGISTRY, 'utf8')) as { remotes: { menu: Entry[] }[] };
  const built = JSON.parse(registryTitlesLoader(readFileSync(REGISTRY, 'utf8'))) as typeof written;
  const entries = (remotes: typeof written.remotes) =>
    remotes.flatMap((remote) => remote.menu.flatMap((entry) => [entry, ...(entry.children ?? [])]));
  expect(entries(built.remotes).map((entry) => entry.key)).toEqual(entries(written.remotes).map((entry) => entry.key));
  expect(entries(written.remotes).every((entry) => entry.title !== undefined)).toBe(true);
  expect(entries(built.remotes).filter((entry) => entry.title !== undefined)).toEqual([]);
  expect(JSON.stringify(built)).not.toContain('Tableau de bord');
});

test('a browser build leaves the registry’s checks out, and the registry reads the same without them', () => {
  const checks = path.join(__dirname, '..', '..', 'scripts', 'lib', 'registry-checks.cjs');
  const remotes = require.resolve('../../scripts/lib/remotes.cjs');
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the stand-in as the build uses it
    jest.doMock(checks, () => require('./no-registry-checks.cjs'));
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- read again with the checks left out
    const withoutChecks = require(remotes) as typeof registry;
    expect(withoutChecks.problemsOf).toBeUndefined();
    expect(withoutChecks.menuEntries).toEqual(registry.menuEntries);
    expect(withoutChecks.mounts).toEqual(registry.mounts);
  });
  expect(registry.problemsOf([])).toEqual(['remotes.json: "remotes" must be a non-empty array']);
});

test('the frame’s chunk gets the titles of every language, as the registry gives them', () => {
  const dependencies: string[] = [];
  const loader = {
    resourcePath: require.resolve('../../scripts/lib/menu-titles.cjs'),
    addDependency: (file: string) => dependencies.push(file),
  };
  const source = menuTitlesLoader.call(loader);
  const exported = { exports: {} as unknown };
  new Function('module', source)(exported);
  expect(exported.exports).toEqual(menuTitles);
  expect(exported.exports).toEqual(
    Object.fromEntries(registry.LANGUAGES.map((language) => [language, registry.menuTitles(language)])),
  );
  expect(dependencies).toContain(REGISTRY);
});
