import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

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

export interface SettingsState extends Settings {
  update: (changes: Partial<Settings>) => void;
  reset: () => void;
}

function readLocalSettings(): Settings {
  if (typeof localStorage === 'undefined') return DEFAULT_SETTINGS;
  return parseStoredSettings(localStorage.getItem(SETTINGS_STORAGE_KEY));
}

function pickSettings(state: Settings): Settings {
  const { themeMode, themeContrast, themeDirection, themeLayout, themeStretch, themeColorPresets } = state;
  return { themeMode, themeContrast, themeDirection, themeLayout, themeStretch, themeColorPresets };
}

export const settingsStore = createStore<SettingsState>()((set, get) => {
  const persist = () => localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(pickSettings(get())));
  return {
    ...readLocalSettings(),
    update: (changes) => {
      set(changes);
      persist();
    },
    reset: () => {
      set(DEFAULT_SETTINGS);
      localStorage.removeItem(SETTINGS_STORAGE_KEY);
    },
  };
});

// Another tab changed the settings: take its values (the storage event never fires in the tab
// that wrote, so this cannot loop).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SETTINGS_STORAGE_KEY || event.key === null) {
      settingsStore.setState(parseStoredSettings(event.key === null ? null : event.newValue));
    }
  });
}

export function useSettings<T>(selector: (state: SettingsState) => T): T {
  return useStore(settingsStore, selector);
}
