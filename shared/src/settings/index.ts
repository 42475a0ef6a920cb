// The public surface of `@loyalty/shared/settings`: the member's appearance settings, kept in the
// browser and followed across tabs. Client state of their own, apart from the session.
export {
  settingsStore,
  useSettings,
  DEFAULT_SETTINGS,
  SETTINGS_STORAGE_KEY,
  isDefaultSettings,
  parseStoredSettings,
  type Settings,
  type SettingsState,
  type ThemeMode,
  type ThemeContrast,
  type ThemeDirection,
  type ThemeLayout,
  type ThemeColorPreset,
} from './settings-store';
