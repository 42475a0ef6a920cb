import { sessionStore } from '@loyalty/shared/session';
import type { User } from '@loyalty/shared/api';
import { DEVICE_ID_KEY, MEMBER_ID_KEY, cohortIdAtStart, rememberMemberForNextLoad } from './cohort-id';

beforeEach(() => localStorage.clear());

describe('the cohort id', () => {
  it('is a device id kept across loads before anyone signs in', () => {
    const first = cohortIdAtStart();
    expect(first).toMatch(/^device:/);
    expect(cohortIdAtStart()).toBe(first);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(first.slice('device:'.length));
  });

  it("becomes the member's id from the next load after sign-in, and the device's again after sign-out", () => {
    const stop = rememberMemberForNextLoad();
    sessionStore.setState({ status: 'authenticated', user: { Id: 'member-7' } as User });
    expect(localStorage.getItem(MEMBER_ID_KEY)).toBe('member-7');
    expect(cohortIdAtStart()).toBe('member:member-7');

    sessionStore.setState({ status: 'unauthenticated', user: null });
    expect(cohortIdAtStart()).toMatch(/^device:/);
    stop();
  });
});
