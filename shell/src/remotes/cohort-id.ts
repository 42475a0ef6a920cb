import { sessionStore } from '@loyalty/shared/session';

/** localStorage keys of the release cohort: both survive reloads, so each choice is sticky. */
export const DEVICE_ID_KEY = 'release.deviceId';
export const MEMBER_ID_KEY = 'release.memberId';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: everyone is in a fresh cohort per load, still a valid choice
  }
}

function deviceId(store: Storage | null): string {
  const existing = store?.getItem(DEVICE_ID_KEY);
  if (existing) return existing;
  const created = crypto.randomUUID();
  store?.setItem(DEVICE_ID_KEY, created);
  return created;
}

/**
 * Whose cohort decides this page load: the member who last signed in on this device, otherwise
 * the device. Read once at start-up, so a loaded remote is never swapped mid-session.
 */
export function cohortIdAtStart(): string {
  const store = storage();
  const member = store?.getItem(MEMBER_ID_KEY);
  return member ? `member:${member}` : `device:${deviceId(store)}`;
}

/**
 * Remembers the signed-in member for the *next* page load (their cohort then applies), and forgets
 * them on sign-out. Returns the unsubscribe function.
 */
export function rememberMemberForNextLoad(): () => void {
  const apply = () => {
    const store = storage();
    const { status, user } = sessionStore.getState();
    if (status === 'authenticated' && user) store?.setItem(MEMBER_ID_KEY, user.Id);
    else if (status === 'unauthenticated') store?.removeItem(MEMBER_ID_KEY);
  };
  apply();
  return sessionStore.subscribe(apply);
}
