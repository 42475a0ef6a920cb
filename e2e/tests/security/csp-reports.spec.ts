import type { Page } from '@playwright/test';
import { injectInlineScript } from '../support/csp-violations';
import { expect, test } from '../support/fixtures';
import { SHELL_ORIGIN, TELEMETRY_ORIGIN } from '../support/endpoints';

const REPORT_URL = `${SHELL_ORIGIN}/telemetry/v1/csp`;

/** The receiver's count of CSP violations of `directive`. */
async function violationsCounted(directive: string): Promise<number> {
  const text = await (await fetch(`${TELEMETRY_ORIGIN}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`loyalty_csp_violations_total{directive="${directive}"`))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** A script from an origin the policy does not allow: refused, and reported. */
const injectForeignScript = (page: Page) =>
  page.evaluate(() => {
    const script = document.createElement('script');
    script.src = 'https://scripts.invalid/x.js';
    document.head.append(script);
  });

test.describe("Content-Security-Policy violations go to the telemetry receiver, on the portal's origin", () => {
  test("the shell's pages name the receiver as their reporting endpoint, for report-to and report-uri", async ({
    request,
  }) => {
    for (const path of ['/auth/login', '/dashboard']) {
      const headers = (await request.get(`${SHELL_ORIGIN}${path}`)).headers();
      expect(headers['reporting-endpoints']).toBe(`csp="${REPORT_URL}"`);
      expect(headers['content-security-policy']).toContain('report-to csp');
      expect(headers['content-security-policy']).toContain(`report-uri ${REPORT_URL}`);
    }
  });

  test("a violation in a member's page is counted by directive, by report-uri where the browser uses it", async ({
    page,
    cspViolations,
  }) => {
    // Chromium delivers `report-to` reports in batches, a minute or more later: this page's policy
    // keeps `report-uri` alone, which browsers without the Reporting API use, and which Chromium
    // sends at once. (A document the test serves counts as a public one: its remotes, on loopback
    // addresses, are refused to it, so only the policy matters here, not the page.)
    await page.route(`${SHELL_ORIGIN}/auth/login`, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      headers['content-security-policy'] = headers['content-security-policy']!.replace(/;\s*report-to [^;]+/, '');
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ status: response.status(), headers, body: await response.body() });
    });
    const before = await violationsCounted('script-src-elem');
    await page.goto('/auth/login');
    await injectForeignScript(page);
    await expect.poll(() => violationsCounted('script-src-elem'), { timeout: 15_000 }).toBeGreaterThan(before);
    // The violation was provoked on purpose.
    expect((await cspViolations.take()).events.map((violation) => violation.directive)).toEqual(['script-src-elem']);
  });

  test("Chromium's own Reporting API report, delivered through the portal, is counted; another shape is refused with 4xx", async ({
    page,
    request,
    cspViolations,
  }) => {
    // Chromium files a violation under the page's `csp` endpoint; its delivery comes a minute or
    // more later, so the test delivers the very report Chromium queued, as Chromium would.
    const cdp = await page.context().newCDPSession(page);
    const queued: Array<{ type: string; destination: string; body: Record<string, unknown> }> = [];
    cdp.on('Network.reportingApiReportAdded', ({ report }) => queued.push(report));
    await cdp.send('Network.enableReportingApi', { enable: true });
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await injectInlineScript(page, 'window.__reported = true;');
    await expect
      .poll(() => queued.map((report) => `${report.type} → ${report.destination}`))
      .toContain('csp-violation → csp');
    await cspViolations.take();

    const report = queued.find((queuedReport) => queuedReport.type === 'csp-violation')!;
    expect(report.body).toMatchObject({ effectiveDirective: 'script-src-elem', blockedURL: 'inline' });
    const before = await violationsCounted('script-src-elem');
    const delivered = await request.post(REPORT_URL, {
      headers: { 'content-type': 'application/reports+json' },
      data: JSON.stringify([{ type: report.type, age: 0, url: `${SHELL_ORIGIN}/auth/login`, body: report.body }]),
    });
    expect(delivered.status()).toBe(204);
    expect(await violationsCounted('script-src-elem')).toBeGreaterThan(before);
    const malformed = await request.post(REPORT_URL, {
      headers: { 'content-type': 'application/reports+json' },
      data: '{"not":"a list"}',
    });
    expect(malformed.status()).toBe(422);
  });
});
