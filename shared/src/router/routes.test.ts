import { paths, remoteForPath, resolveMenuPath, safeReturnTo } from './index';

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
    null,
    '',
  ])('falls back for %p', (value) => expect(safeReturnTo(value, '/dashboard')).toBe('/dashboard'));
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
