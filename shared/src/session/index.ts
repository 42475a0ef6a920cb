export { sessionStore, useSession, type SessionState, type SessionStatus } from './session-store';
export { isTokenValid } from './token';
export {
  SESSION_KEYS,
  clearStoredSession,
  isStoredSessionIncomplete,
  readStoredSession,
  type SessionKey,
} from './session-storage';
