import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import registry from './remotes.cjs';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8')) as T;

/** A remote of the registry as remotes.json writes it, for the reader's checks. */
const sound = () => ({
  package: 'mf-offers',
  federationName: 'mf_offers',
  port: { variable: 'MF_OFFERS_PORT', default: 8091 },
  mount: '/dashboard/offers',
  home: true,
  frame: 'member',
  exposes: { './routes': './src/routes.tsx' },
  menu: [
    {
      id: 100,
      key: 'offers',
      icon: 'redeem',
      title: { en: 'Offers', de: 'Angebote', fr: 'Offres', es: 'Ofertas', ar: 'عروض' },
    },
  ],
});

describe('the registry of remotes (remotes.json)', () => {
  test('is sound as checked in', () => {
    expect(registry.problemsOf(readJson<{ remotes: unknown }>('remotes.json').remotes)).toEqual([]);
  });

  test.each([
    ['a package not named mf-…', { package: 'offers', federationName: 'offers' }, /"package" must be kebab-case/],
    [
      'a federation name that is not the package name',
      { federationName: 'offers' },
      /"federationName" must be mf_offers/,
    ],
    ['a mount that is not a path', { mount: 'dashboard/offers' }, /"mount" must be a path/],
    ['an unknown frame', { frame: 'admin' }, /"frame" must be one of guest, member/],
    ['a member remote outside /dashboard', { mount: '/offers' }, /member frame is mounted at \/dashboard or below/],
    ['a guest remote under /dashboard', { frame: 'guest' }, /guest frame is mounted outside \/dashboard/],
    ['no routes exposed', { exposes: {} }, /"exposes" must name "\.\/routes"/],
    [
      'a port variable not named after the package',
      { port: { variable: 'OFFERS_PORT', default: 8091 } },
      /"port.variable" must be MF_OFFERS_PORT/,
    ],
    ['a port out of range', { port: { variable: 'MF_OFFERS_PORT', default: 80 } }, /"port.default"/],
    [
      'a menu title missing in a language',
      { menu: [{ id: 100, key: 'offers', title: { en: 'Offers' } }] },
      /no title in de, fr, es, ar/,
    ],
    ['a menu entry without an id', { menu: [{ ...sound().menu[0], id: undefined }] }, /menu offers needs an "id"/],
    ['a menu route that is no route key', { menu: [{ ...sound().menu[0], route: '/offers' }] }, /"route" must be/],
    ['an unknown menu section', { menu: [{ ...sound().menu[0], section: 'admin' }] }, /"section" is one of/],
    [
      'a group two levels deep',
      { menu: [{ ...sound().menu[0], children: [{ ...sound().menu[0], id: 101, key: 'deals', children: [] }] }] },
      /"children" is an array, one level deep/,
    ],
    [
      'two menu entries with one id or one key',
      { menu: [sound().menu[0], { ...sound().menu[0], children: [{ ...sound().menu[0], key: 'deals' }] }] },
      /menu offers is taken by another menu entry\n.*menu id 100 is taken/,
    ],
  ])('refuses %s', (_case, change, problem) => {
    expect(registry.problemsOf([{ ...sound(), ...change }]).join('\n')).toMatch(problem);
  });

  test('refuses two remotes on one port, one mount or one name, and a portal without exactly one home', () => {
    const problems = registry.problemsOf([sound(), sound()]).join('\n');
    expect(problems).toMatch(/package mf-offers is taken/);
    expect(problems).toMatch(/port 8091 is taken/);
    expect(problems).toMatch(/mount \/dashboard\/offers is taken/);
    expect(problems).toMatch(/exactly one remote must be "home"/);
    expect(registry.problemsOf([{ ...sound(), home: false }]).join('\n')).toMatch(/exactly one remote must be "home"/);
  });

  test('names each remote by its folder, whose package has that name', () => {
    for (const remote of registry.remotes) {
      expect(readJson<{ name: string }>(`${remote.package}/package.json`).name).toBe(remote.package);
    }
  });
});

describe('the lists that cannot read the registry agree with it', () => {
  const remoteFolders = registry.remotes.map((remote) => remote.package).sort();

  test("npm's workspaces take every remote by a pattern, and no folder it matches is left out of the registry", () => {
    const { workspaces } = readJson<{ workspaces: string[] }>('package.json');
    expect(workspaces).toContain('mf-*');
    const matched = readdirSync(REPO_ROOT).filter(
      (folder) => folder.startsWith('mf-') && existsSync(path.join(REPO_ROOT, folder, 'package.json')),
    );
    expect(matched.sort()).toEqual(remoteFolders);
  });

  test('the type check builds every remote of the registry; the root project names none of them', () => {
    // `tsc -b` takes no pattern: `npm run typecheck` adds each remote's folder from the registry.
    const { references } = readJson<{ references: Array<{ path: string }> }>('tsconfig.json');
    expect(references.map((reference) => reference.path).filter((folder) => folder.startsWith('mf-'))).toEqual([]);
    expect(registry.typeScriptProjects.filter((project) => project !== '.').sort()).toEqual(remoteFolders);
    expect(readJson<{ scripts: Record<string, string> }>('package.json').scripts.typecheck).toBe(
      'node scripts/run/typecheck.mjs',
    );
  });
});

/**
 * Files that may name a remote, and why. Everything else tracked by git must read the registry
 * rather than keep a list of its own (comments aside).
 */
const MAY_NAME_A_REMOTE: Array<[RegExp, string]> = [
  [/^remotes\.json$/, 'the registry itself'],
  [/^mf-[^/]+\//, "a remote's own folder"],
  [/^package-lock\.json$/, "npm writes each workspace's folder"],
  [/(^|\/)docs\/|\.md$/, 'documentation'],
  [
    /\.test\.[cm]?[jt]sx?$|\.test\.yml$|(^|\/)(testing|fixtures)\/|^e2e\/tests\/.+\.spec\.ts$/,
    'tests naming a remote as data',
  ],
  // The suite's support modules read the registry (support/endpoints.ts, release/stack-ports.ts):
  // only these two are about one remote.
  [/^e2e\/tests\/release\/release-stack\.ts$/, 'the release journeys build the mf-points they release'],
  [/^e2e\/tests\/support\/broken-remote\.ts$/, "the journeys of a broken remote break mf-points' routes module"],
  [/^scripts\/new-remote\/prove\.mjs$/, 'the end-to-end proof of `npm run new-remote` names the remote it creates'],
];

/** `source` without its comments (roughly: enough for names in prose to go). */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');

describe('no hand-kept list of remotes outside the registry', () => {
  const names = registry.remotes.flatMap((remote) => [remote.package, remote.federationName, remote.port.variable]);
  const mention = new RegExp(`(?<![\\w-])(?:${names.join('|')})(?![\\w-])`);
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);

  test('finds the files it should look at', () => {
    expect(tracked).toEqual(
      expect.arrayContaining(['eslint.config.mjs', 'jest.config.cjs', 'shell/src/routing/app-routes.tsx']),
    );
  });

  test('code and configuration outside the allow-list name no remote', () => {
    const offenders = tracked
      .filter((file) => !MAY_NAME_A_REMOTE.some(([allowed]) => allowed.test(file)))
      .filter(
        (file) => /\.(?:[cm]?[jt]sx?|json|ya?ml|css|html|conf)$/.test(file) && existsSync(path.join(REPO_ROOT, file)),
      )
      .filter((file) => {
        const text = readFileSync(path.join(REPO_ROOT, file), 'utf8');
        return mention.test(/\.(?:json|ya?ml|html)$/.test(file) ? text : withoutComments(text));
      });
    expect(offenders).toEqual([]);
  });

  test('would catch a new list', () => {
    expect(mention.test(withoutComments(`const apps = ['shell', '${names[0]}'];`))).toBe(true);
    expect(mention.test(withoutComments(`// the landing remote, ${names[0]}, ...`))).toBe(false);
    expect(mention.test("path.join(dir, 'mf-manifest.json')")).toBe(false);
    // A hand list of ports names each remote's port variable.
    const ports = registry.remotes.map((remote) => `${remote.port.variable}: base + 1`).join(', ');
    expect(mention.test(withoutComments(`const ports = { SHELL_PORT: base, ${ports} };`))).toBe(true);
  });

  test('looks at the e2e suite beyond its journeys', () => {
    const mayName = (file: string) => MAY_NAME_A_REMOTE.some(([allowed]) => allowed.test(file));
    expect(mayName('e2e/tests/points/claim-redeem-journey.spec.ts')).toBe(true);
    expect(mayName('e2e/tests/release/fixtures/faulty-routes.mjs')).toBe(true);
    for (const support of ['e2e/tests/release/stack-ports.ts', 'e2e/tests/support/endpoints.ts']) {
      expect(tracked).toContain(support);
      expect(mayName(support)).toBe(false);
    }
  });
});
