import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { onUnauthorized, setAccessToken } from '@loyalty/shared/http';
import type { LoginRequest, User } from '@loyalty/shared/api';
import { loadApi, loadQueryClient } from './api-on-demand';
import { isTokenValid } from './token';
import {
  clearStoredSession,
  isStoredSessionIncomplete,
  readStoredSession,
  writeStoredSession,
} from './session-storage';
import { announceLogout, onLogoutElsewhere } from './session-broadcast';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';
/** Why the last session ended: the member logged out, or it was never there / ran out. */
export type SignOutReason = 'logout' | null;

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  /** True once the session ended behind the member's back (storage cleared, or a 401). */
  expired: boolean;
  signOutReason: SignOutReason;
  /** Restores a stored session (docs/product/accounts.md "Session"). Never rejects: failures mean signed out. */
  initialize: () => Promise<void>;
  login: (credentials: LoginRequest) => Promise<User>;
  /** Starts a session from a token the server just issued (sign-in, code verification, password change). */
  startSession: (token: string, user: User) => void;
  /** Asks the server to end the session; rejects (and keeps the session) when it cannot. */
  logout: () => Promise<void>;
  /** Forgets the session locally without asking the server. */
  clear: (reason?: SignOutReason) => void;
  updateUser: (user: User) => void;
  markExpired: () => void;
}

function signedOut(signOutReason: SignOutReason = null) {
  return { status: 'unauthenticated' as const, user: null, expired: false, signOutReason };
}

/**
 * The one session store. It lives in `@loyalty/shared/session`, which is federated as a
 * singleton, so the shell and every remote read and write this same instance.
 */
export const sessionStore = createStore<SessionState>()((set, get) => ({
  status: 'loading',
  user: null,
  expired: false,
  signOutReason: null,

  initialize: async () => {
    const { accessToken } = readStoredSession();
    if (!accessToken || !isTokenValid(accessToken)) {
      setAccessToken(null);
      set(signedOut());
      return;
    }
    setAccessToken(accessToken);
    try {
      // Through the query cache, taking the start-up script's answer when it has one (decision 020).
      const [{ currentUserQueryOptions, FROM_START_UP }, queryClient] = await Promise.all([
        loadApi(),
        loadQueryClient(),
      ]);
      const user = await queryClient.fetchQuery(currentUserQueryOptions(FROM_START_UP));
      set({ status: 'authenticated', user, expired: false });
    } catch (error) {
      console.error('Session restore failed', error);
      setAccessToken(null);
      clearStoredSession();
      set(signedOut());
    }
  },

  login: async (credentials) => {
    const { token, data } = await (await loadApi()).login(credentials);
    get().startSession(token, data);
    return data;
  },

  startSession: (token, user) => {
    setAccessToken(token);
    writeStoredSession({ accessToken: token, email: user.RelationReference, fullName: user.FullName });
    set({ status: 'authenticated', user, expired: false, signOutReason: null });
  },

  logout: async () => {
    await (await loadApi()).logout();
    get().clear('logout');
    announceLogout();
  },

  clear: (reason = null) => {
    setAccessToken(null);
    clearStoredSession();
    set(signedOut(reason));
  },

  updateUser: (user) => {
    if (get().status !== 'authenticated') return;
    sessionStorage.setItem('fullName', user.FullName);
    sessionStorage.setItem('email', user.RelationReference);
    set({ user });
  },

  markExpired: () => {
    if (get().status === 'authenticated') set({ expired: true });
  },
}));

// docs/product/accounts.md "Session expiry": a 401, a logout in another tab, or one of the three session storage
// entries disappearing ends the session behind the member's back. Storage changes made in this
// very tab fire no event, hence the light polling.
const SESSION_STORAGE_POLL_MS = 1000;
onUnauthorized(() => sessionStore.getState().markExpired());
onLogoutElsewhere(() => sessionStore.getState().markExpired());
if (typeof window !== 'undefined') {
  const checkStorage = () => {
    if (sessionStore.getState().status === 'authenticated' && isStoredSessionIncomplete()) {
      sessionStore.getState().markExpired();
    }
  };
  window.addEventListener('storage', checkStorage);
  window.setInterval(checkStorage, SESSION_STORAGE_POLL_MS);
}

/** React binding: `useSession((s) => s.user)`. */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
