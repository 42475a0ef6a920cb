import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error -- ES modules of the scripts, without type declarations
import * as firstPaint from './first-paint.mjs';
// @ts-expect-error -- ES modules of the scripts, without type declarations
import { startTestEdge } from './edge-for-tests.mjs';
import { frameHtml } from '../../shell/src/first-paint/static-page';
import registry from '../lib/remotes.cjs';

type Rules = Array<{ pattern: string; uri: string }>;
interface FirstPaint {
  locations: Array<{ uri: string; file: string }>;
  maps: Record<string, Rules>;
}
type ReadList = (url: URL) => Promise<unknown>;
const { firstPaintOf } = firstPaint as {
  firstPaintOf(input: {
    manifest: unknown;
    shellOrigin: string;
    remoteMounts: Record<string, string>;
    readList: ReadList;
    servedFile(url: URL): Promise<string | null>;
  }): Promise<FirstPaint>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's CommonJS module, as the edge reads it
const { slotDirective } = require('../../webpack/first-paint/slots.cjs') as { slotDirective(frame: string): string };

const remoteMounts = registry.mounts;
const SHELL = 'https://portal.example';
const entryOf = (remote: string, version: string) => `https://${remote}.example/${version}/remoteEntry.js`;

/** Each remote's `first-paint.json` as its build writes it, and its fragments served as `/srv/<host><path>`. */
const LISTS: Record<string, unknown> = {
  'https://points.example/2.0.0/first-paint.json': {
    pages: [
      { path: '/dashboard', exact: true, file: 'first-paint/dashboard.html' },
      { path: '/dashboard', exact: false, file: 'first-paint/dashboard.all.html' },
    ],
  },
  'https://auth.example/1.0.0/first-paint.json': {
    pages: [
      { path: '/', exact: true, file: 'first-paint/home.html' },
      { path: '/auth/login', exact: true, file: 'first-paint/auth-login.html' },
      { path: '/auth', exact: false, file: 'first-paint/auth.all.html' },
    ],
  },
  'https://profile.example/1.0.0/first-paint.json': {
    pages: [{ path: '/dashboard/user', exact: false, file: 'first-paint/dashboard-user.all.html' }],
  },
};
const readList: ReadList = async (url) => LISTS[url.href] ?? null;
const servedFile = async (url: URL) => `/srv/${url.host}${url.pathname}`;

const manifestWith = (remotes: Record<string, unknown>) => ({
  schemaVersion: 1,
  remotes: {
    mf_auth: { stable: { version: '1.0.0', entry: entryOf('auth', '1.0.0') } },
    mf_points: { stable: { version: '2.0.0', entry: entryOf('points', '2.0.0') } },
    mf_profile: { stable: { version: '1.0.0', entry: entryOf('profile', '1.0.0') } },
    ...remotes,
  },
});

/** The file nginx would include in `frame`'s slot for `requestUri`, as its map chooses (first match). */
function includedFile({ locations, maps }: FirstPaint, frame: string, requestUri: string): string | null {
  const rule = maps[frame]!.find(({ pattern }) => new RegExp(pattern).test(requestUri));
  return rule?.uri ? locations.find(({ uri }) => uri === rule.uri)!.file : null;
}

describe("a page's first paint", () => {
  it('carries the skeleton of the remote that renders the page, in the frame of who opens it', async () => {
    const painted = await firstPaintOf({
      manifest: manifestWith({}),
      shellOrigin: SHELL,
      remoteMounts,
      readList,
      servedFile,
    });
    const member = (uri: string) => includedFile(painted, 'dashboard', uri);
    const guest = (uri: string) => includedFile(painted, 'auth', uri);
    expect(member('/dashboard')).toBe('/srv/points.example/2.0.0/first-paint/dashboard.html');
    expect(member('/dashboard/?tab=1')).toBe('/srv/points.example/2.0.0/first-paint/dashboard.html');
    expect(member('/dashboard/transactions?page=2')).toBe('/srv/points.example/2.0.0/first-paint/dashboard.all.html');
    expect(member('/dashboard/user/account')).toBe('/srv/profile.example/1.0.0/first-paint/dashboard-user.all.html');
    expect(guest('/')).toBe('/srv/auth.example/1.0.0/first-paint/home.html');
    expect(guest('/auth/login?returnTo=%2Fdashboard')).toBe('/srv/auth.example/1.0.0/first-paint/auth-login.html');
    expect(guest('/auth/register')).toBe('/srv/auth.example/1.0.0/first-paint/auth.all.html');
    // Where the guards send who opens the other frame's pages: a member to the dashboard, a guest
    // to sign in.
    expect(member('/auth/login')).toBe('/srv/points.example/2.0.0/first-paint/dashboard.html');
    expect(member('/')).toBe('/srv/points.example/2.0.0/first-paint/dashboard.html');
    expect(guest('/dashboard/claim')).toBe('/srv/auth.example/1.0.0/first-paint/home.html');
    // The shell's own pages (the 404) paint the frame alone.
    expect(member('/no/such/page')).toBeNull();
    expect(guest('/no/such/page')).toBeNull();
    expect(member('/dashboardx')).toBeNull();
  });

  it("never takes one remote's shapes for another's pages, nor a fragment from outside its build", async () => {
    const lists: Record<string, unknown> = {
      ...LISTS,
      // mf-points claims a page of mf-profile's and one of mf-auth's, and reaches out of its folder.
      'https://points.example/2.0.0/first-paint.json': {
        pages: [
          { path: '/dashboard', exact: false, file: 'first-paint/dashboard.all.html' },
          { path: '/dashboard/user/account', exact: true, file: 'x.html' },
          { path: '/auth/login', exact: true, file: 'x.html' },
          { path: '/dashboard', exact: true, file: '../1.0.0/first-paint/dashboard.html' },
          { path: '/dashboard', exact: true, file: 'https://evil.example/x.html' },
          { path: '/dashboard', exact: true, file: 'first-paint/script.js' },
        ],
      },
      // mf-profile has none: its pages get none, not mf-points' shape of a page under /dashboard.
      'https://profile.example/1.0.0/first-paint.json': null,
    };
    const painted = await firstPaintOf({
      manifest: manifestWith({}),
      shellOrigin: SHELL,
      remoteMounts,
      readList: async (url) => lists[url.href] ?? null,
      servedFile,
    });
    expect(painted.locations.map(({ file }) => file).sort()).toEqual([
      '/srv/auth.example/1.0.0/first-paint/auth-login.html',
      '/srv/auth.example/1.0.0/first-paint/auth.all.html',
      '/srv/auth.example/1.0.0/first-paint/home.html',
      '/srv/points.example/2.0.0/first-paint/dashboard.all.html',
    ]);
    expect(includedFile(painted, 'dashboard', '/dashboard/user/account')).toBeNull();
    expect(includedFile(painted, 'dashboard', '/dashboard')).toBe(
      '/srv/points.example/2.0.0/first-paint/dashboard.all.html',
    );
  });

  it('comes from the stable release while a canary runs, and is left out where a build has none', async () => {
    const painted = await firstPaintOf({
      manifest: manifestWith({
        mf_points: {
          stable: { version: '2.0.0', entry: entryOf('points', '2.0.0') },
          canary: { version: '2.1.0', entry: entryOf('points', '2.1.0'), weight: 10 },
        },
      }),
      shellOrigin: SHELL,
      remoteMounts,
      readList,
      servedFile: async (url) => (url.host === 'auth.example' ? null : servedFile(url)),
    });
    expect(includedFile(painted, 'dashboard', '/dashboard')).toBe(
      '/srv/points.example/2.0.0/first-paint/dashboard.html',
    );
    expect(includedFile(painted, 'auth', '/auth/login')).toBeNull();
    expect(includedFile(painted, 'auth', '/dashboard')).toBeNull();
  });
});

describe('the edge', () => {
  let folder: string;
  let edge: Awaited<ReturnType<typeof startTestEdge>>;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'loyalty-first-paint-'));
    const shellRoot = path.join(folder, 'shell');
    const pointsRoot = path.join(folder, 'mf-points');
    const authRoot = path.join(folder, 'mf-auth');
    mkdirSync(shellRoot);
    mkdirSync(path.join(pointsRoot, 'first-paint'), { recursive: true });
    mkdirSync(path.join(authRoot, 'first-paint'), { recursive: true });
    // The shell's page as its build writes it: the frame with a slot in each frame's content area.
    const page = `<!doctype html><title>page</title><div id="root">${frameHtml({
      dashboard: slotDirective('dashboard'),
      auth: slotDirective('auth'),
    })}</div>`;
    writeFileSync(path.join(shellRoot, 'index.html'), page);
    // A precompressed copy of the page, which would carry no skeleton.
    writeFileSync(path.join(shellRoot, 'index.html.gz'), 'not the page');
    writeFileSync(path.join(pointsRoot, 'first-paint', 'dashboard.html'), '<div class="fp-skeleton">cards</div>');
    writeFileSync(path.join(authRoot, 'first-paint', 'home.html'), '<div class="fp-skeleton">sign-in form</div>');
    const firstPaintSite = {
      locations: [
        { uri: '/_first-paint/0.html', file: path.join(pointsRoot, 'first-paint', 'dashboard.html') },
        { uri: '/_first-paint/1.html', file: path.join(authRoot, 'first-paint', 'home.html') },
      ],
      maps: {
        dashboard: [{ pattern: '^/dashboard/?(?:\\?|$)', uri: '/_first-paint/0.html' }],
        auth: [
          { pattern: '^/(?:\\?|$)', uri: '/_first-paint/1.html' },
          { pattern: '^/dashboard(?:[/?]|$)', uri: '/_first-paint/1.html' },
        ],
      },
    };
    edge = await startTestEdge([
      {
        name: 'shell',
        roots: [shellRoot],
        pageRoot: shellRoot,
        pages: true,
        cors: false,
        contentSecurityPolicy: "default-src 'self'",
        reportUrl: 'https://portal.example/csp',
        firstPaint: firstPaintSite,
      },
    ]);
  });

  afterAll(async () => {
    await edge?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const pageAt = async (pathname: string) => {
    const answer = await fetch(`${edge.origins.shell}${pathname}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(answer.status).toBe(200);
    return answer.text();
  };
  it("writes the page's skeletons into the frame it serves, by the path", async () => {
    const dashboard = await pageAt('/dashboard');
    expect(dashboard).toContain(
      '<div class="fp-page" data-frame="dashboard"><div class="fp-skeleton">cards</div></div>',
    );
    expect(dashboard).toContain(
      '<div class="fp-page" data-frame="auth"><div class="fp-skeleton">sign-in form</div></div>',
    );
    const home = await pageAt('/?from=mail');
    expect(home).toContain('<div class="fp-page" data-frame="dashboard"></div>');
    expect(home).toContain('<div class="fp-page" data-frame="auth"><div class="fp-skeleton">sign-in form</div></div>');
  });

  it('paints the frame alone where there is no skeleton, and leaves no directive in the page', async () => {
    const other = await pageAt('/no/such/page');
    expect(other).toContain(
      '<div class="fp-page" data-frame="dashboard"></div><div class="fp-page" data-frame="auth"></div>',
    );
    expect(other).not.toContain('<!--#');
    expect(await pageAt('/index.html')).not.toContain('<!--#');
  });

  it('serves the fragments to its own includes only', async () => {
    expect((await fetch(`${edge.origins.shell}/_first-paint/0.html`)).status).toBe(404);
  });
});
