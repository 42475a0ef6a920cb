import { test as base, expect } from '@playwright/test';
import { MockApi } from './mock-api';
import { CspViolationLog, describeViolation } from './csp-violations';

export interface TestMember {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  fullName: string;
  /** A token of the member's own, for checking what the API says. */
  token: string;
}

let sequence = 0;

/**
 * `member`: a member of the test's own, registered and verified through the API, so tests never
 * share data (the demo member is left to the tests that are about it).
 *
 * Every test runs under the pages' Content-Security-Policy and fails on any violation in its
 * browser context (and in any context a spec hands to `cspViolations.watch`). A test that provokes
 * one on purpose reads it with `cspViolations.take()`, which also clears it.
 */
export const test = base.extend<
  { api: MockApi; member: TestMember; noCspViolations: void },
  { cspViolations: CspViolationLog }
>({
  cspViolations: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this parameter
    async ({}, use) => {
      await use(new CspViolationLog());
    },
    { scope: 'worker' },
  ],
  noCspViolations: [
    async ({ context, cspViolations }, use) => {
      await cspViolations.watch(context);
      await use();
      const { events, console } = await cspViolations.take();
      expect(
        [...events.map(describeViolation), ...console],
        'Content-Security-Policy violations: the pages must run under their policy',
      ).toEqual([]);
    },
    { auto: true },
  ],
  api: async ({ request }, use) => {
    await use(new MockApi(request));
  },
  member: async ({ api }, use, testInfo) => {
    sequence += 1;
    const email = `e2e-${testInfo.workerIndex}-${Date.now()}-${sequence}@example.com`;
    const member = { email, password: 'Sunny#Day42', firstname: 'Ada', lastname: 'Lovelace' };
    await api.post('/api/auth/register', { ...member, password2: member.password });
    const code = await api.latestCode(email);
    const verified = await api.post<{ data: { accessToken: string } }>('/api/auth/verify-otp', {
      email,
      otp: code,
      purpose: 'register',
    });
    await use({ ...member, fullName: `${member.firstname} ${member.lastname}`, token: verified.data.accessToken });
  },
});

export { expect };
