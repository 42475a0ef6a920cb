import type { MenuItem } from '@loyalty/shared/api';
import { buildMenuTree } from './menu-tree';

const item = (overrides: Partial<MenuItem> & Pick<MenuItem, 'id'>): MenuItem => ({
  parent_id: 0,
  subheader: 'menu.overview',
  title: `menu.item${overrides.id}`,
  path: 'dashboard.root',
  icon: 'dashboard',
  ...overrides,
});

describe('buildMenuTree', () => {
  it('groups by subheader in the order groups first appear and nests by parent_id', () => {
    const tree = buildMenuTree([
      item({ id: 1 }),
      item({ id: 6, subheader: 'menu.account', path: 'dashboard.user' }),
      item({ id: 2, path: 'dashboard.transactions' }),
      item({ id: 7, parent_id: 6, subheader: 'menu.account', path: 'dashboard.user.editProfile' }),
    ]);
    expect(tree.map((group) => group.subheader)).toEqual(['menu.overview', 'menu.account']);
    expect(tree[0]!.items.map((entry) => entry.path)).toEqual(['/dashboard', '/dashboard/transactions']);
    expect(tree[1]!.items[0]).toMatchObject({
      path: '/dashboard/user/account',
      children: [{ path: '/dashboard/user/edit-profile' }],
    });
  });

  it('sends unknown path keys to the 404 page', () => {
    expect(buildMenuTree([item({ id: 1, path: 'dashboard.kanban' })])[0]!.items[0]!.path).toBe('/404');
  });

  it('keeps an item whose parent is missing, at the top level', () => {
    const tree = buildMenuTree([item({ id: 3, parent_id: 99 })]);
    expect(tree[0]!.items.map((entry) => entry.id)).toEqual([3]);
  });

  it('gives no navigation for no menu', () => {
    expect(buildMenuTree([])).toEqual([]);
  });
});
