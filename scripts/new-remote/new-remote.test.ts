import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import registry from '../lib/remotes.cjs';
// @ts-expect-error -- an ES module of the scripts, without type declarations
import * as scratchModule from './scratch-copy.mjs';

/**
 * `npm run new-remote mf-offers` in a scratch copy of this tree: what it writes, and that what reads
 * the registry takes the new remote in with no further edit (its unit test, its texts, its lint,
 * its webpack configuration, the ports, the release CLI, telemetry). Building the portal with it,
 * serving its page in the shell after sign-in and publishing a release of it need the portal's
 * build: that is `node scripts/new-remote/prove.mjs`, its own step of `npm test` after the build
 * (docs/adding-a-remote.md).
 */
const { scratchCopy, removeScratchCopy } = scratchModule as {
  scratchCopy: (repoRoot: string) => string;
  removeScratchCopy: (root: string) => void;
};
const REPO_ROOT = path.resolve(__dirname, '..', '..');

let scratch = '';
let scaffold: { status: number | null; stdout: string; stderr: string };

const inScratch = (command: string, args: string[]) =>
  spawnSync(command, args, { cwd: scratch, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
const node = (...args: string[]) => inScratch(process.execPath, args);
/** Runs `source` (TypeScript) in the scratch copy and returns what it printed as JSON. */
const evaluate = (source: string) => {
  const run = node(path.join('node_modules', 'tsx', 'dist', 'cli.mjs'), '--eval', source);
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as unknown;
};

beforeAll(() => {
  scratch = scratchCopy(REPO_ROOT);
  scaffold = node('scripts/new-remote/new-remote.mjs', 'mf-offers', '--no-install');
}, 120_000);

afterAll(() => {
  if (scratch) removeScratchCopy(scratch);
});

test('writes the remote in the one shape, and beyond its folder only its registry entry', () => {
  expect(scaffold.stderr).toBe('');
  expect(scaffold.status).toBe(0);
  const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], {
    cwd: scratch,
    encoding: 'utf8',
  });
  const changed = status.split('\n').filter(Boolean);
  expect(changed.filter((line) => !line.startsWith('?? mf-offers/')).sort()).toEqual([' M remotes.json']);
  expect(
    changed
      .filter((line) => line.startsWith('?? '))
      .map((line) => line.slice(3))
      .sort(),
  ).toEqual(
    [
      'e2e/home.spec.ts',
      'package.json',
      'public/index.html',
      'src/bootstrap.tsx',
      'src/features/home/home-page.test.tsx',
      'src/features/home/home-page.tsx',
      'src/first-paint.tsx',
      'src/globals.d.ts',
      'src/index.ts',
      'src/locales/ar.json',
      'src/locales/de.json',
      'src/locales/en.json',
      'src/locales/es.json',
      'src/locales/fr.json',
      'src/routes.tsx',
      'src/testing/jest-dom.d.ts',
      'src/texts.ts',
      'src/warm-up.ts',
      'tsconfig.json',
      'webpack.config.cjs',
    ].map((file) => `mf-offers/${file}`),
  );
  // The registry's other lines stay as they were: the entry is added, nothing removed.
  const registryDiff = execFileSync('git', ['diff', '--numstat', 'remotes.json'], {
    cwd: scratch,
    encoding: 'utf8',
  });
  expect(registryDiff).toMatch(/^\d+\t0\tremotes\.json\n$/);
});

test('refuses a name that is taken or is no remote name, and changes nothing then', () => {
  expect(node('scripts/new-remote/new-remote.mjs', 'mf-offers', '--no-install')).toMatchObject({
    status: 2,
    stderr: expect.stringContaining('mf-offers/ exists already'),
  });
  expect(node('scripts/new-remote/new-remote.mjs', 'Bad_Name', '--no-install')).toMatchObject({
    status: 2,
    stderr: expect.stringContaining('is not a remote name'),
  });
  expect(node('scripts/new-remote/new-remote.mjs', 'profile', '--no-install')).toMatchObject({ status: 2 });
  const status = execFileSync('git', ['status', '--porcelain'], { cwd: scratch, encoding: 'utf8' });
  expect(status.split('\n').filter(Boolean).sort()).toEqual([' M remotes.json', '?? mf-offers/']);
});

test('the ports, the apps, the mounts and the menu take the new remote in', () => {
  const read = node(
    '-e',
    `const apps = require('./scripts/lib/apps.cjs'); const registry = require('./scripts/lib/remotes.cjs');
     console.log(JSON.stringify({ port: apps.ports['mf-offers'], apps: apps.appPackages, mount: registry.mounts.mf_offers,
       menu: registry.menuEntries, titles: registry.menuTitles('de') }));`,
  );
  expect(read.stderr).toBe('');
  expect(JSON.parse(read.stdout)).toEqual({
    port: 8091,
    apps: ['shell', 'mf-auth', 'mf-points', 'mf-profile', 'mf-offers'],
    mount: '/dashboard/offers',
    menu: [
      // After the existing remotes' entries, with an id none of them has.
      ...registry.menuEntries,
      {
        id: 23,
        parentId: 0,
        section: 'overview',
        remote: 'mf_offers',
        key: 'offers',
        path: 'offers',
        icon: 'dashboard',
        title: 'remote-menus:offers',
      },
    ],
    titles: { ...registry.menuTitles('de'), offers: 'Offers' },
  });
  // A port variable of its own moves it, as every server's.
  const moved = spawnSync(
    process.execPath,
    ['-e', "console.log(require('./scripts/lib/apps.cjs').ports['mf-offers'])"],
    {
      cwd: scratch,
      encoding: 'utf8',
      env: { ...process.env, MF_OFFERS_PORT: '18091' },
    },
  );
  expect(moved.stdout.trim()).toBe('18091');
});

test('its webpack configuration federates it under its registry name, exposing its routes', () => {
  const read = node(
    '-e',
    `const config = require('./mf-offers/webpack.config.cjs')({}, { mode: 'production' });
     const federation = config.plugins.find((plugin) => plugin && plugin.constructor.name === 'ModuleFederationPlugin');
     console.log(JSON.stringify({ name: config.name, federation: federation._options.name, exposes: federation._options.exposes }));`,
  );
  expect(JSON.parse(read.stdout)).toEqual({
    name: 'mf-offers',
    federation: 'mf_offers',
    exposes: { './routes': './src/routes.tsx' },
  });
});

test("the release CLI, telemetry, the e2e endpoints and the release journeys' stacks know it", () => {
  expect(
    evaluate(`
      import { resolveRemote } from './release/src/deploy-layout';
      import { REPORTING_APPS } from './telemetry/src/report-schema';
      import { remoteOrigin } from './e2e/tests/support/endpoints';
      import { stackSite } from './e2e/tests/release/stack-ports';
      import apps from './scripts/lib/apps.cjs';
      const stacks = [stackSite('releases').ports, stackSite('canary').ports];
      const ports = [...Object.values(apps.ports), ...stacks.flatMap((stack) => Object.values(stack))];
      console.log(JSON.stringify({
        release: resolveRemote('mf_offers'), telemetry: REPORTING_APPS, origin: remoteOrigin('mf_offers'),
        stacks: stacks.map((stack) => typeof stack.MF_OFFERS_PORT), portsApart: new Set(ports).size === ports.length,
      }));
    `),
  ).toEqual({
    release: { pkg: 'mf-offers', name: 'mf_offers' },
    telemetry: expect.arrayContaining(['shell', 'mf_offers']),
    origin: expect.stringMatching(/^https:\/\/[^/]+:\d+$/),
    // The release journeys' stacks serve it on a port of their own, as every other server.
    stacks: ['number', 'number'],
    portsApart: true,
  });
});

test('its unit test, its texts in the five languages, the lint and the guard pass as written', () => {
  const tool = (file: string, ...args: string[]) => node(path.join('node_modules', ...file.split('/')), ...args);
  const jest = tool(
    'jest/bin/jest.js',
    '--ci',
    '--json',
    'mf-offers',
    'shared/src/i18n/translations',
    'scripts/lib/remotes',
  );
  expect({ status: jest.status, output: jest.status === 0 ? '' : jest.stderr }).toEqual({ status: 0, output: '' });
  const report = JSON.parse(jest.stdout) as {
    testResults: Array<{ name: string; assertionResults: Array<{ fullName: string; status: string }> }>;
  };
  const passed = report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'passed')
      .map((test) => `${path.relative(scratch, file.name)} ${test.fullName}`),
  );
  expect(passed).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^mf-offers\/src\/features\/home\/home-page\.test\.tsx /),
      expect.stringMatching(/translations of mf-offers ar has every key of English/),
      expect.stringMatching(/outside the allow-list name no remote/),
    ]),
  );

  const lint = tool('eslint/bin/eslint.js', '--max-warnings=0', 'mf-offers');
  expect({ status: lint.status, output: lint.stdout }).toEqual({ status: 0, output: '' });
  const prettier = tool('prettier/bin/prettier.cjs', '--check', 'mf-offers', 'remotes.json');
  expect({ status: prettier.status, output: prettier.stderr }).toEqual({ status: 0, output: '' });
}, 240_000);

test('its build paints its page in the frame before any script: a skeleton at its mount', () => {
  const read = node(
    '-e',
    `const { loadBuildTimeModule } = require('./webpack/first-paint/build-time-module.cjs');
     const { renderPageSkeletons } = require('./webpack/first-paint/first-paint-plugin.cjs');
     loadBuildTimeModule(require('node:path').resolve('mf-offers/src/first-paint.tsx')).then(({ exports }) =>
       console.log(JSON.stringify(renderPageSkeletons(exports.pageSkeletons))));`,
  );
  expect(read.stderr).toBe('');
  expect(JSON.parse(read.stdout)).toEqual([
    expect.objectContaining({
      path: '/dashboard/offers',
      file: 'first-paint/dashboard-offers.all.html',
      html: expect.stringContaining('fp-heading'),
    }),
  ]);
});

test('the remote texts the page shows are in every language file', () => {
  for (const language of ['en', 'de', 'fr', 'es', 'ar']) {
    const texts = JSON.parse(
      readFileSync(path.join(scratch, 'mf-offers', 'src', 'locales', `${language}.json`), 'utf8'),
    );
    expect(Object.keys(texts.home).sort()).toEqual(['intro', 'title']);
  }
});
