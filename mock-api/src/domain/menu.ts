import type { MenuItem } from '@loyalty/shared/api';
import registry from '../../../scripts/lib/remotes.cjs';

/** Where the entries the remotes add (remotes.json) start numbering, clear of the hand-made ones. */
const REMOTE_ENTRIES_FIRST_ID = 100;
const OVERVIEW = 'menu.overview';
const ACCOUNT = 'menu.account';

/**
 * The menu every new member gets. It is copied into each member's record, so the menu really is
 * per user (an admin tool could change one member's menu without touching the others).
 * Titles and subheaders are i18n keys of the shell; paths are keys of `@loyalty/shared/routes`.
 */
export function defaultMemberMenu(): MenuItem[] {
  return [
    { id: 1, parent_id: 0, subheader: OVERVIEW, title: 'menu.dashboard', path: 'dashboard.root', icon: 'dashboard' },
    // Points and rewards are groups: twelve entries side by side took two rows of a 1440 px bar,
    // which the painted frame (one row) could not foresee, and no member scans twelve.
    {
      id: 21,
      parent_id: 0,
      subheader: OVERVIEW,
      title: 'menu.points_group',
      path: 'dashboard.transactions',
      icon: 'points',
    },
    {
      id: 2,
      parent_id: 21,
      subheader: OVERVIEW,
      title: 'menu.transactions',
      path: 'dashboard.transactions',
      icon: 'transactions',
    },
    { id: 3, parent_id: 21, subheader: OVERVIEW, title: 'menu.claim', path: 'dashboard.claim', icon: 'claim' },
    { id: 4, parent_id: 21, subheader: OVERVIEW, title: 'menu.redeem', path: 'dashboard.redeem', icon: 'points' },
    {
      id: 18,
      parent_id: 21,
      subheader: OVERVIEW,
      title: 'menu.household',
      path: 'dashboard.household',
      icon: 'household',
    },
    {
      id: 22,
      parent_id: 0,
      subheader: OVERVIEW,
      title: 'menu.rewards_group',
      path: 'dashboard.rewards',
      icon: 'redeem',
    },
    { id: 11, parent_id: 22, subheader: OVERVIEW, title: 'menu.rewards', path: 'dashboard.rewards', icon: 'redeem' },
    {
      id: 13,
      parent_id: 22,
      subheader: OVERVIEW,
      title: 'menu.my_rewards',
      path: 'dashboard.myRewards',
      icon: 'voucher',
    },
    { id: 10, parent_id: 0, subheader: OVERVIEW, title: 'menu.card', path: 'dashboard.card', icon: 'card' },
    { id: 16, parent_id: 0, subheader: OVERVIEW, title: 'menu.tiers', path: 'dashboard.tiers', icon: 'tier' },
    { id: 5, parent_id: 0, subheader: OVERVIEW, title: 'menu.calendar', path: 'dashboard.calendar', icon: 'calendar' },
    // 17 and 19 are left for pages of the same release.
    { id: 20, parent_id: 0, subheader: OVERVIEW, title: 'menu.help', path: 'dashboard.help', icon: 'help' },
    { id: 6, parent_id: 0, subheader: ACCOUNT, title: 'menu.profile', path: 'dashboard.user', icon: 'user' },
    {
      id: 7,
      parent_id: 6,
      subheader: ACCOUNT,
      title: 'menu.account_page',
      path: 'dashboard.user.account',
      icon: 'user',
    },
    {
      id: 8,
      parent_id: 6,
      subheader: ACCOUNT,
      title: 'menu.edit_profile',
      path: 'dashboard.user.editProfile',
      icon: 'user',
    },
    {
      id: 9,
      parent_id: 6,
      subheader: ACCOUNT,
      title: 'menu.change_password',
      path: 'dashboard.user.changePassword',
      icon: 'user',
    },
    {
      id: 12,
      parent_id: 6,
      subheader: ACCOUNT,
      title: 'menu.communication',
      path: 'dashboard.user.communication',
      icon: 'user',
    },
    { id: 14, parent_id: 6, subheader: ACCOUNT, title: 'menu.sessions', path: 'dashboard.user.sessions', icon: 'user' },
    { id: 15, parent_id: 6, subheader: ACCOUNT, title: 'menu.my_data', path: 'dashboard.user.data', icon: 'user' },
    // The entries the remotes of the registry add: each leads to its remote's mount.
    ...registry.menuEntries.map((entry, index) => ({
      id: REMOTE_ENTRIES_FIRST_ID + index,
      parent_id: 0,
      subheader: OVERVIEW,
      title: entry.title,
      path: entry.key,
      icon: entry.icon,
    })),
  ];
}
