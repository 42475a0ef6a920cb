/** localStorage keys of the release cohort: both survive reloads, so each choice is sticky. */
export declare const DEVICE_ID_KEY = "release.deviceId";
export declare const MEMBER_ID_KEY = "release.memberId";
/**
 * Whose cohort decides this page load: the member who last signed in on this device, otherwise
 * the device. Read once at start-up, so a loaded remote is never swapped mid-session.
 */
export declare function cohortIdAtStart(): string;
/**
 * Remembers the signed-in member for the *next* page load (their cohort then applies), and forgets
 * them on sign-out. Returns the unsubscribe function.
 */
export declare function rememberMemberForNextLoad(): () => void;
