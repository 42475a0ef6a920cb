export {
  sessionStore,
  signedInNow,
  useSession,
  useSignedIn,
  type SessionState,
  type SessionStatus,
  type SignOutReason,
} from './session-store';
export { loadApi, loadQueryClient, preloadApi, preloadQueryClient } from './api-on-demand';
export { isSignedIn } from './signed-in';
export {
  PENDING_SIGN_OUTS_KEY,
  keepSignOutKey,
  pendingSignOutCount,
  sendPendingSignOuts,
  subscribePendingSignOuts,
} from './pending-sign-outs';
export {
  KEPT_DEVICE_KEY,
  SESSION_KEYS,
  clearStoredSession,
  isStoredSessionIncomplete,
  readStoredSession,
  type SessionKey,
} from './session-storage';
