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
  title: Record<string, string>;
  children?: Entry[];
}

test('the registry in a browser build keeps every entry and language, with no title text', () => {
  const written = JSON.parse(readFileSync(REGISTRY, 'utf8')) as { remotes: { menu: Entry[] }[] };
  const built = JSON.parse(registryTitlesLoader(readFileSync(REGISTRY, 'utf8'))) as typeof written;
  const entries = (remotes: typeof written.remotes) =>
    remotes.flatMap((remote) => remote.menu.flatMap((entry) => [entry, ...(entry.children ?? [])]));
  expect(entries(built.remotes).map((entry) => entry.key)).toEqual(entries(written.remotes).map((entry) => entry.key));
  for (const entry of entries(built.remotes)) {
    expect(Object.keys(entry.title).sort()).toEqual([...registry.LANGUAGES].sort());
    expect(Object.values(entry.title).every((title) => title === '')).toBe(true);
  }
  expect(JSON.stringify(built)).not.toContain('Tableau de bord');
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
