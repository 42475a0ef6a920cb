import { COHORT_COOKIE, COHORT_ID } from '@loyalty/shared/config';

// One name read from `document.cookie` at start-up: a cookie library's bytes would count against the
// sign-in page's first JavaScript for it.
const COHORT_VALUE = new RegExp(`(?:^|;\\s*)${COHORT_COOKIE}=([^;]*)`);

/**
 * The cohort of the network this page was loaded from, as the telemetry receiver set it with an
 * earlier page's reporter pass (decision 060); null before any (a first visit, cookies off), and
 * every remote is then stable. Read once at start-up, so a loaded remote is never swapped
 * mid-session. The receiver chose it and admits a canary's reports only from networks its share
 * covers: a page that picked its own cohort would load a canary whose reports no one counts.
 */
export function cohortIdAtStart(cookies: string = document.cookie): string | null {
  const value = COHORT_VALUE.exec(cookies)?.[1];
  return value && COHORT_ID.test(value) ? value : null;
}
