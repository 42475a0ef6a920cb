export type AvatarRole = 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error' | 'default';

/** docs/product/frame.md: the avatar colour follows the first letter of the name. */
const ROLE_BY_LETTERS: ReadonlyArray<[letters: string, role: AvatarRole]> = [
  ['ACF', 'primary'],
  ['EDH', 'secondary'],
  ['IKL', 'info'],
  ['MNP', 'success'],
  ['QST', 'warning'],
  ['VXY', 'error'],
];

export const PALETTE_BY_ROLE: Record<AvatarRole, string> = {
  primary: 'teal',
  secondary: 'purple',
  info: 'blue',
  success: 'green',
  warning: 'orange',
  error: 'red',
  default: 'gray',
};

export function avatarRole(name: string | null | undefined): AvatarRole {
  const letter = (name ?? '').trim().charAt(0).toUpperCase();
  if (!letter) return 'default';
  return ROLE_BY_LETTERS.find(([letters]) => letters.includes(letter))?.[1] ?? 'default';
}

/** The Chakra colour palette of a name's avatar. */
export function avatarColorPalette(name: string | null | undefined): string {
  return PALETTE_BY_ROLE[avatarRole(name)];
}
