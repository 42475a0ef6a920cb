export { sessionStore, useSession, type SessionState, type SessionStatus, type SignOutReason } from './session-store';
export { loadApi, preloadApi } from './api-on-demand';
export { isTokenValid } from './token';
export {
  SESSION_KEYS,
  clearStoredSession,
  isStoredSessionIncomplete,
  readStoredSession,
  type SessionKey,
} from './session-storage';
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
export { accessStore, useAccess, type AccessRights, type AccessState } from './access-store';
