import registry from '../../../scripts/lib/remotes.cjs';
import { isGuestPage, isSignedInPage, paths, remoteForPath, resolveMenuPath, safeReturnTo } from './index';

describe('resolveMenuPath', () => {
  it.each([
    ['dashboard.root', '/dashboard'],
    ['dashboard.transactions', '/dashboard/transactions'],
    ['dashboard.user.editProfile', '/dashboard/user/edit-profile'],
    ['dashboard.user', '/dashboard/user/account'],
    ['dashboard', '/dashboard'],
    ['auth.login', '/auth/login'],
  ])('resolves %s to %s', (key, path) => expect(resolveMenuPath(key)).toBe(path));

  it.each(['dashboard.kanban', 'fileManager', '', 'dashboard.root.extra', 'toString', '__proto__.x', 'auth'])(
    'sends the unknown key "%s" to the 404 page',
    (key) => expect(resolveMenuPath(key)).toBe(paths.page404),
  );
});

// Each remote declares its menu entries in the registry: an entry leads to a page of its own
// remote, and no page of a signed-in remote is left out of the menu.
describe("the registry's menu and the route table", () => {
  const pagesOf = (node: object): string[] =>
    Object.values(node).flatMap((value: string | object) => (typeof value === 'string' ? [value] : pagesOf(value)));

  it.each(registry.menuEntries.map((entry) => [entry.key, entry]))(
    'the entry %s opens a page of its remote',
    (_key, entry) => {
      const page = resolveMenuPath(entry.path);
      expect(page).not.toBe(paths.page404);
      expect(remoteForPath(page)).toBe(entry.remote);
    },
  );

  it('every page of a remote in the member frame has an entry', () => {
    const memberRemotes = new Set(
      registry.remotes.filter((remote) => remote.frame === 'member').map((r) => r.federationName),
    );
    const entered = new Set(registry.menuEntries.map((entry) => resolveMenuPath(entry.path)));
    const pages = pagesOf(paths).filter((page) => memberRemotes.has(remoteForPath(page) ?? ''));
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.filter((page) => !entered.has(page))).toEqual([]);
  });
});

describe('safeReturnTo', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeReturnTo('/dashboard/transactions?type=debit#top', '/dashboard')).toBe(
      '/dashboard/transactions?type=debit#top',
    );
  });

  it.each([
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'dashboard',
    '/..//evil.example',
    '/../..//evil.example/x',
    '/./\\evil.example',
    '/%2e%2e//evil.example',
    '/\t/evil.example',
    '/dash\nboard',
    null,
    '',
  ])('falls back for %p', (value) => expect(safeReturnTo(value, '/dashboard')).toBe('/dashboard'));

  it('keeps an encoded slash, which names a path on this origin', () => {
    expect(safeReturnTo('/%2F%2Fevil.example', '/dashboard')).toBe('/%2F%2Fevil.example');
  });

  it('returns a path that is safe again when checked again', () => {
    const hostile = ['/..//evil.example', '/a/../..//b', '/.//x', '/%2e%2e/%2e%2e//x', `/${'../'.repeat(500)}/x`];
    for (const value of hostile) {
      const path = safeReturnTo(value, '/dashboard');
      expect(path.startsWith('/') && !path.startsWith('//')).toBe(true);
      expect(safeReturnTo(path, '/dashboard')).toBe(path);
    }
  });
});

describe('remoteForPath', () => {
  it.each([
    ['/', 'mf_auth'],
    ['/auth/login', 'mf_auth'],
    ['/dashboard', 'mf_points'],
    ['/dashboard/transactions', 'mf_points'],
    ['/dashboard/user', 'mf_profile'],
    ['/dashboard/user/edit', 'mf_profile'],
    ['/dashboard/username', 'mf_points'],
    ['/404', null],
    ['/authority', null],
  ])('%s is rendered by %p', (pathname, remote) => expect(remoteForPath(pathname)).toBe(remote));
});

describe('the pages for members and for guests', () => {
  it.each([
    ['/dashboard', true, false],
    ['/dashboard/', true, false],
    ['/dashboard/user/account', true, false],
    ['/dashboardx', false, false],
    ['/', false, true],
    ['/auth/login', false, true],
    ['/authority', false, false],
    ['/404', false, false],
  ])('%s: signed-in page %p, guest page %p', (pathname, signedIn, guest) => {
    expect(isSignedInPage(pathname)).toBe(signedIn);
    expect(isGuestPage(pathname)).toBe(guest);
  });

  it('starts the signed-in pages where the route table does', () => {
    expect(isSignedInPage(paths.dashboard.root)).toBe(true);
    expect(Object.values(paths.auth).every(isGuestPage)).toBe(true);
  });
});
