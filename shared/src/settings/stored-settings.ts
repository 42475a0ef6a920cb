// The member's appearance settings as the browser keeps them: their shape, defaults and the one
// reading of the stored entry. Free of the store and of React, so the page's pre-paint script is
// built from this very module (shell/src/pre-paint/).

export type ThemeMode = 'light' | 'dark';
export type ThemeContrast = 'default' | 'bold';
export type ThemeDirection = 'ltr' | 'rtl';
export type ThemeLayout = 'vertical' | 'horizontal' | 'mini';
export type ThemeColorPreset = 'default' | 'cyan' | 'purple' | 'blue' | 'orange' | 'red';

export interface Settings {
  themeMode: ThemeMode;
  themeContrast: ThemeContrast;
  themeDirection: ThemeDirection;
  themeLayout: ThemeLayout;
  themeStretch: boolean;
  themeColorPresets: ThemeColorPreset;
}

/** docs/product/frame.md "Settings object" defaults. */
export const DEFAULT_SETTINGS: Settings = {
  themeMode: 'light',
  themeContrast: 'default',
  themeDirection: 'ltr',
  themeLayout: 'horizontal',
  themeStretch: false,
  themeColorPresets: 'default',
};

/** docs/product/frame.md: settings live in localStorage under this key and follow other tabs. */
export const SETTINGS_STORAGE_KEY = 'settings';

const ALLOWED: { [K in keyof Settings]: ReadonlyArray<Settings[K]> } = {
  themeMode: ['light', 'dark'],
  themeContrast: ['default', 'bold'],
  themeDirection: ['ltr', 'rtl'],
  themeLayout: ['vertical', 'horizontal', 'mini'],
  themeStretch: [true, false],
  themeColorPresets: ['default', 'cyan', 'purple', 'blue', 'orange', 'red'],
};

/** Reads stored settings, keeping only known keys with allowed values; anything else is default. */
export function parseStoredSettings(raw: string | null): Settings {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    // A broken entry is as good as none.
  }
  const settings = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(ALLOWED) as Array<keyof Settings>) {
    const value = stored[key];
    if ((ALLOWED[key] as readonly unknown[]).includes(value)) (settings as Record<string, unknown>)[key] = value;
  }
  return settings;
}

export function isDefaultSettings(settings: Settings): boolean {
  return (Object.keys(DEFAULT_SETTINGS) as Array<keyof Settings>).every(
    (key) => settings[key] === DEFAULT_SETTINGS[key],
  );
}
