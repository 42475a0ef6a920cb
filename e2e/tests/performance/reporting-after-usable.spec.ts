import { expect, test } from '../support/fixtures';
import { startSignedIn } from '../support/session';

/**
 * Reporting what members experience costs the page nothing before it is usable: the reporter
 * (web-vitals and the sender) is fetched only once the page is usable and quiet, and the reports
 * leave after. Timed by the page's own clock: the moment it became usable is taken in the page,
 * frame by frame, and each request's start is the browser's resource timing.
 */
const PAGES = {
  login: {
    path: '/auth/login',
    remote: 'mf_auth',
    // As the size budgets count it (size-budgets.spec.ts): the sign-in button is there.
    usableAt: () =>
      [...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === 'Sign in') &&
      performance.now(),
  },
  dashboard: {
    path: '/dashboard',
    remote: 'mf_points',
    usableAt: () =>
      document.querySelector('h1') !== null &&
      document.querySelector('[aria-busy="true"]') === null &&
      performance.now(),
  },
} as const;

for (const [name, { path, remote, usableAt }] of Object.entries(PAGES)) {
  test(`${name}: reporting adds no request before the page is usable, and reports after`, async ({ page, member }) => {
    if (name !== 'login') await startSignedIn(page, member);
    await page.goto(path);
    const usable = (await (await page.waitForFunction(usableAt, undefined, { polling: 'raf' })).jsonValue()) as number;
    await page.waitForResponse(/\/reporter\.[0-9a-f]+\.js$/, { timeout: 30_000 });
    // The first batch leaves a few seconds later (or as the page goes away).
    const beacon = await page.waitForRequest((request) => new URL(request.url()).pathname === '/telemetry/v1/reports', {
      timeout: 30_000,
    });

    // Every request reporting made started after the page was usable (the beacon's timing entry
    // is there once it has been answered).
    const reportingRequests = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => /\/reporter\.[0-9a-f]+\.js$|\/telemetry\//.test(entry.name))
          .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
      );
    await expect
      .poll(async () => (await reportingRequests()).map((entry) => entry.path))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^\/reporter\./), '/telemetry/v1/reports']));
    expect((await reportingRequests()).filter((entry) => entry.startTime <= usable)).toEqual([]);

    // The batch counts the page and its remote's load for the remote that rendered it, and names no one.
    const body = beacon.postData() ?? '';
    const { environment, events } = JSON.parse(body) as {
      environment: string;
      events: Array<{ type: string; remote: string }>;
    };
    expect(environment).toBe('local');
    expect(events).toContainEqual(expect.objectContaining({ type: 'page', remote }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'remote-load', remote, outcome: 'ok' }));
    expect(body).not.toContain(member.email);
    expect(body).not.toContain(member.token);
  });
}
