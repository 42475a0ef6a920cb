import {
  DEFAULT_SETTINGS,
  SETTINGS_STORAGE_KEY,
  isDefaultSettings,
  parseStoredSettings,
  settingsStore,
} from './settings-store';

describe('settings', () => {
  beforeEach(() => {
    localStorage.clear();
    settingsStore.getState().reset();
  });

  it('defaults to docs/product/frame.md, "Appearance settings"', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      themeMode: 'light',
      themeContrast: 'default',
      themeDirection: 'ltr',
      themeLayout: 'horizontal',
      themeStretch: false,
      themeColorPresets: 'default',
    });
  });

  it('keeps only known keys with allowed values from storage', () => {
    const parsed = parseStoredSettings(JSON.stringify({ themeMode: 'dark', themeLayout: 'diagonal', evil: 1 }));
    expect(parsed).toEqual({ ...DEFAULT_SETTINGS, themeMode: 'dark' });
    expect(parseStoredSettings('{broken')).toEqual(DEFAULT_SETTINGS);
    expect(parseStoredSettings(null)).toEqual(DEFAULT_SETTINGS);
  });

  it('persists changes under "settings" and forgets them on reset', () => {
    settingsStore.getState().update({ themeColorPresets: 'red' });
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!)).toMatchObject({ themeColorPresets: 'red' });
    expect(isDefaultSettings(settingsStore.getState())).toBe(false);
    settingsStore.getState().reset();
    expect(localStorage.getItem(SETTINGS_STORAGE_KEY)).toBeNull();
    expect(isDefaultSettings(settingsStore.getState())).toBe(true);
  });

  it("takes another tab's settings from the storage event", () => {
    window.dispatchEvent(
      new StorageEvent('storage', { key: SETTINGS_STORAGE_KEY, newValue: JSON.stringify({ themeMode: 'dark' }) }),
    );
    expect(settingsStore.getState().themeMode).toBe('dark');
  });
});
