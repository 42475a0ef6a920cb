export { sessionStore, useSession, type SessionState, type SessionStatus, type SignOutReason } from './session-store';
export { loadApi, loadQueryClient, preloadApi, preloadQueryClient } from './api-on-demand';
export { isTokenValid } from './token';
export {
  SESSION_KEYS,
  clearStoredSession,
  isStoredSessionIncomplete,
  readStoredSession,
  type SessionKey,
} from './session-storage';
