import { paths, resolveMenuPath, safeReturnTo } from './index';

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
