import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { ApiError, getAccessToken, onUnauthorized, setAccessToken } from '@loyalty/shared/http';
import type {
  ChangePasswordRequest,
  DeleteAccountRequest,
  LoginRequest,
  User,
  VerifyOtpRequest,
} from '@loyalty/shared/api';
import { loadApi, loadQueryClient } from './api-on-demand';
import { isSignedIn } from './signed-in';
import {
  KEPT_DEVICE_KEY,
  clearStoredSession,
  isStoredSessionIncomplete,
  readStoredSession,
  writeStoredSession,
} from './session-storage';
import { announceLogout, onLogoutElsewhere } from './session-broadcast';
import { keepSignOutKey, sendPendingSignOuts, sendPendingSignOutsWhenOnline } from './pending-sign-outs';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';
/**
 * Why the last session ended: the member logged out, or logged out on this device while the server
 * could not be told yet (decision 078), or deleted the account; null: it was never there / ran out.
 */
export type SignOutReason = 'logout' | 'logout-pending' | 'deleted' | null;

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  /** True once the session ended behind the member's back (storage cleared, or a 401). */
  expired: boolean;
  signOutReason: SignOutReason;
  /** Restores a stored session (docs/product/accounts.md "Session"). Never rejects: failures mean signed out. */
  initialize: () => Promise<void>;
  /** Sign-in with an address and a password, kept on the device when `keepSignedIn` (decision 080). */
  login: (credentials: LoginRequest) => Promise<User>;
  /**
   * Sign-in with a passkey: `getAssertion` runs the browser's ceremony on the API's options (the
   * page passes `@simplewebauthn/browser`'s `startAuthentication`, loaded only then), and the API's
   * answer starts the session as a password's does.
   */
  loginWithPasskey: (
    getAssertion: (options: Record<string, unknown>) => Promise<Record<string, unknown>>,
    /** Read once the passkey has answered: the browser's autofill may wait while the member ticks it. */
    keepSignedIn?: () => boolean,
  ) => Promise<User>;
  /** The code step of a sign-up: a right code signs the new member in. */
  verifyRegistrationCode: (request: Omit<VerifyOtpRequest, 'purpose'>) => Promise<User>;
  /**
   * A password change: it ends this session's token, so the session goes on with the fresh one it
   * answers with; `otherSessionsEnded` says whether the member's other sessions ended too.
   */
  changePassword: (request: ChangePasswordRequest) => Promise<{ user: User; otherSessionsEnded: boolean }>;
  /**
   * Ends the session on this device whatever the server answers, and asks the server to end it
   * too; when the server cannot be told, its sign-out key is kept to tell it later (decision 078).
   * Never rejects.
   */
  logout: () => Promise<void>;
  /**
   * Deletes the account (docs/product/accounts.md, "Your data"), then ends the session here and in
   * the member's other tabs; rejects (and keeps the session) when the server refuses.
   */
  deleteAccount: (request: DeleteAccountRequest) => Promise<void>;
  /** Forgets the session locally without asking the server. */
  clear: (reason?: SignOutReason) => void;
  updateUser: (user: User) => void;
  markExpired: () => void;
}

function signedOut(signOutReason: SignOutReason = null) {
  return { status: 'unauthenticated' as const, user: null, expired: false, signOutReason };
}

/** Starts a session from a token the server just issued: the token's one way in. */
function startSession(token: string, user: User): void {
  setAccessToken(token);
  writeStoredSession({ accessToken: token, email: user.RelationReference, fullName: user.FullName });
  sessionStore.setState({ status: 'authenticated', user, expired: false, signOutReason: null });
}

/**
 * A page with no session in its tab on a device that holds the mark of "keep me signed in"
 * (decision 080): the API layer, loaded only then, trades the device's cookie for the session.
 */
async function resumeKeptSession(): Promise<void> {
  try {
    const [api, queryClient] = await Promise.all([loadApi(), loadQueryClient()]);
    await api.resumeKeptSession(startSession, queryClient.getQueryData(api.currentUserQueryOptions().queryKey));
  } catch {
    sessionStore.setState(signedOut());
  }
}

/**
 * How long a sign-out waits for the server's answer before it ends the session on the device all
 * the same: a network gone without a word (the browser says online) would otherwise keep the
 * member's page on screen for as long as the request hangs (decision 078).
 */
export const SIGN_OUT_WAIT_MS = 5_000;

/** True from the moment the page is being left (and again false if the browser brings it back). */
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (leavingPage = true));
  window.addEventListener('pageshow', () => (leavingPage = false));
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
    if (!accessToken || !isSignedIn(accessToken)) {
      setAccessToken(null);
      if (localStorage.getItem(KEPT_DEVICE_KEY)) await resumeKeptSession();
      else set(signedOut());
      return;
    }
    setAccessToken(accessToken);
    // A session started while this one was being restored (a password change, after the language
    // sync restores it again) is newer: what this restore learns no longer applies to it.
    const replaced = () => getAccessToken() !== accessToken;
    let keptMember: User | undefined;
    try {
      // Through the query cache, taking the start-up script's answer when it has one (decision 020).
      const [{ currentUserQueryOptions, FROM_START_UP }, queryClient] = await Promise.all([
        loadApi(),
        loadQueryClient(),
      ]);
      // Offline, the member kept from the session's last answers (decision 068): the query
      // library would wait for the network, and the session would stay loading until it came back.
      keptMember = queryClient.getQueryData(currentUserQueryOptions().queryKey);
      if (keptMember && typeof navigator !== 'undefined' && !navigator.onLine) {
        if (!replaced()) set({ status: 'authenticated', user: keptMember, expired: false });
        return;
      }
      const user = await queryClient.fetchQuery(currentUserQueryOptions(FROM_START_UP));
      if (!replaced()) set({ status: 'authenticated', user, expired: false });
    } catch (error) {
      // A page being left cancels its requests: the member went on to another page, which restores
      // the session again. Ending it here would sign them out there too (the storage is the tab's).
      if (replaced() || leavingPage) return;
      // No answer at all is not the server ending the session: the network is gone though the
      // browser said otherwise. Ending it would forget the kept answers with it (decision 068).
      if (keptMember && error instanceof ApiError && error.status === 0) {
        set({ status: 'authenticated', user: keptMember, expired: false });
        return;
      }
      console.error('Session restore failed', error);
      setAccessToken(null);
      clearStoredSession();
      set(signedOut());
    }
  },

  login: async (credentials) => {
    const { token, data } = await (await loadApi()).login(credentials);
    startSession(token, data);
    return data;
  },

  loginWithPasskey: async (getAssertion, keepSignedIn) => {
    const api = await loadApi();
    const assertion = await getAssertion(await api.getPasskeySignInOptions());
    const { token, data } = await api.signInWithPasskey(assertion, keepSignedIn?.());
    startSession(token, data);
    return data;
  },

  verifyRegistrationCode: async (request) => {
    const { accessToken, user } = await (await loadApi()).verifyOtp({ ...request, purpose: 'register' });
    startSession(accessToken, user);
    return user;
  },

  changePassword: async (request) => {
    const { token, data, otherSessionsEnded } = await (await loadApi()).changePassword(request);
    startSession(token, data);
    return { user: data, otherSessionsEnded };
  },

  logout: async () => {
    const token = getAccessToken();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A 401: the server had ended the session already. Anything else (no answer, a 5xx, the API's
    // code not fetched, no answer in time) leaves it unsure whether the server did: a member on a
    // shared device still leaves nothing behind, and the session's sign-out key alone stays to end
    // it there later.
    const endedThere = await Promise.race([
      loadApi()
        .then((api) => api.logout())
        .then(
          () => true,
          (error: unknown) => error instanceof ApiError && error.status === 401,
        ),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), SIGN_OUT_WAIT_MS))),
    ]);
    clearTimeout(timer);
    const pending = !endedThere && keepSignOutKey(token);
    // A kept device's mark goes; if the server was not told, it stays to end the session there later.
    await loadApi().then(
      (api) => api.afterSignOut(endedThere),
      () => localStorage.removeItem(KEPT_DEVICE_KEY),
    );
    get().clear(pending ? 'logout-pending' : 'logout');
    announceLogout();
    // A 5xx may have passed by the time the key is sent; with no network it waits for the next one.
    if (pending) void sendPendingSignOuts();
  },

  deleteAccount: async (request) => {
    await (await loadApi()).deleteAccount(request);
    get().clear('deleted');
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
sendPendingSignOutsWhenOnline();
onLogoutElsewhere(() => sessionStore.getState().markExpired());
if (typeof window !== 'undefined') {
  const checkStorage = () => {
    // A kept device opened offline holds no token yet (decision 080): nothing in the tab to lose.
    if (sessionStore.getState().status === 'authenticated' && getAccessToken() && isStoredSessionIncomplete()) {
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

/**
 * Whether a member is signed in, as a page rendering now sees it: while the store restores the
 * session, what the stored token says (`isSignedIn`, as at the first paint); then the store's word.
 */
export function signedInNow(state: SessionState = sessionStore.getState()): boolean {
  return state.status === 'loading' ? isSignedIn() : state.status === 'authenticated';
}

/** React binding of {@link signedInNow}. */
export function useSignedIn(): boolean {
  return useStore(sessionStore, signedInNow);
}
