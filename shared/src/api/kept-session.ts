import { ApiError, getAccessToken } from '@loyalty/shared/http';
import { keepSignOutKey, sendPendingSignOuts, sessionStore } from '@loyalty/shared/session';
import type { User } from './contract/auth';
import { forgetKeptDevice, isDeviceKept, keptSessionEnding, markDeviceKept } from './kept-device';
import { refreshKeptSession } from './refresh-kept-session';

/**
 * What a device kept signed in (decision 080) asks the API, in the API layer that a page loads on
 * demand: the session's first scripts only look whether the device holds a mark.
 */

/**
 * A page with no session in its tab, on a device that holds a mark: while it is kept, the device's
 * cookie is traded for a token of the kept session, once, and `startSession` starts it. With no
 * answer at all (offline), the member kept on the device from the last answers (`keptMember`) is
 * signed in, as a restore is (decision 068), and gets a token when the network is back; with none
 * kept, a refusal, or a mark past its end, signed out, and a refusal forgets the mark (the query
 * client forgets the answers when a page load ends signed out).
 */
export async function resumeKeptSession(
  startSession: (token: string, user: User) => void,
  keptMember: User | undefined,
): Promise<void> {
  const signedOut = () =>
    sessionStore.setState({ status: 'unauthenticated', user: null, expired: false, signOutReason: null });
  if (!isDeviceKept()) {
    // Past its end, or signed out where the API could not be told: then it is told now.
    void endKeptSession();
    signedOut();
    return;
  }
  try {
    const { token, data, keptUntil } = await refreshKeptSession();
    // A sign-in in this tab while the answer came is the newer session.
    if (getAccessToken()) return;
    markDeviceKept(keptUntil);
    startSession(token, data);
  } catch (error) {
    if (getAccessToken()) return;
    const noAnswer = error instanceof ApiError && error.status === 0;
    if (noAnswer && keptMember) {
      sessionStore.setState({ status: 'authenticated', user: keptMember, expired: false });
      // The network back, the tab gets its token (still signed in from the kept answers, no token).
      const again = () => {
        if (sessionStore.getState().status === 'authenticated' && !getAccessToken()) {
          void resumeKeptSession(startSession, keptMember);
        }
      };
      window.addEventListener('online', again, { once: true });
      return;
    }
    if (!noAnswer) forgetKeptDevice();
    signedOut();
  }
}

/**
 * Ends a kept session signed out where the API could not be told (the mark `ending`): its cookie's
 * next token names it, and that token's sign-out key (decision 078), sent as any kept key is, ends
 * it, even after the tab's own token would have run out. A refusal means it is over already.
 */
export async function endKeptSession(): Promise<void> {
  if (!keptSessionEnding()) return;
  try {
    keepSignOutKey((await refreshKeptSession()).token);
    forgetKeptDevice();
    await sendPendingSignOuts();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) forgetKeptDevice();
    // No answer: the next time the network comes back.
    else if (error instanceof ApiError && error.status === 0) {
      window.addEventListener('online', () => void endKeptSession(), { once: true });
    }
  }
}

/**
 * After a sign-in's answer (password, passkey, a registration's code): the device kept until
 * `keptUntil` when the member chose it; else none, and a kept session it still held is ended.
 */
export function afterSignIn(keptUntil: string | undefined): void {
  markDeviceKept(keptUntil);
  void endKeptSession();
}

/**
 * After a sign-out: the mark goes; when the API could not be told, it stays as `ending` until the
 * kept session has been ended there.
 */
export function afterSignOut(serverTold: boolean): void {
  const kept = isDeviceKept();
  forgetKeptDevice(serverTold);
  if (kept && !serverTold) void endKeptSession();
}
