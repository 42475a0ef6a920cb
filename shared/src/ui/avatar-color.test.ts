import { avatarColorPalette, avatarRole } from './avatar-color';

describe('avatar colour (docs/product/frame.md)', () => {
  it.each([
    ['Ada', 'primary'],
    ['chloe', 'primary'],
    ['Fatima', 'primary'],
    ['Eve', 'secondary'],
    ['Dan', 'secondary'],
    ['Hugo', 'secondary'],
    ['Ivy', 'info'],
    ['Kim', 'info'],
    ['Lea', 'info'],
    ['Mo', 'success'],
    ['Nia', 'success'],
    ['Paul', 'success'],
    ['Quinn', 'warning'],
    ['Sam', 'warning'],
    ['Tom', 'warning'],
    ['Vera', 'error'],
    ['Xi', 'error'],
    ['Yara', 'error'],
    ['Bob', 'default'],
    ['Zoe', 'default'],
    ['', 'default'],
    ['  ', 'default'],
    ['Élodie', 'default'],
  ])('%p is %s', (name, role) => expect(avatarRole(name)).toBe(role));

  it('paints each role with its palette', () => {
    expect(avatarColorPalette('Ada')).toBe('teal');
    expect(avatarColorPalette('Bob')).toBe('gray');
    expect(avatarColorPalette(null)).toBe('gray');
  });
});
