import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { DEFAULT_SETTINGS, parseStoredSettings, SETTINGS_STORAGE_KEY, type Settings } from './stored-settings';

export * from './stored-settings';

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
