import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import apps from '../scripts/lib/apps.cjs';
import chromiumArgs from '../scripts/lib/chromium-args.cjs';
import localTls from '../scripts/lib/local-tls.cjs';
import { stackSite } from './tests/release/stack-ports';

/** The system Chromium (Debian's package); Playwright never downloads a browser of its own here. */
const chromiumPath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);

// Every run starts from a freshly seeded mock API.
const dataDir = process.env.MOCK_DATA_DIR ?? path.join(tmpdir(), `loyalty-e2e-${process.pid}-${Date.now()}`);

/**
 * The mock API's limits for this suite (mock-api README "Security"): it signs up many members from
 * one address, this machine, so the per-client budgets are raised; the wait after three failed
 * sign-ins is short, so the lockout journey meets it without idling 30 s.
 */
const MOCK_API_LIMITS = {
  THROTTLE_SIGN_IN: '1000/1m',
  THROTTLE_CODE_CHECKS: '1000/1m',
  THROTTLE_REGISTRATIONS: '1000/1m',
  THROTTLE_PASSWORD_RESETS: '1000/1m',
  SIGN_IN_SLOWDOWN: '3/3s',
};

// One key for the suite's receiver and every edge in it, the release stacks' previews too (they
// report to that receiver), so that each edge checks its reporter cookies (decision 071).
process.env.TELEMETRY_PASS_SECRET ||= randomBytes(32).toString('base64url');

const CLOCK_MOVING = /claim-redeem-journey\.spec\.ts$/;
// Releases a new shell under an open page by changing the files the edge serves: last, alone.
const SHELL_RELEASED = /shell-update\.spec\.ts$/;
// Automatic canaries on a release stack of their own (its own ports and environment, a real
// Prometheus): their walks take minutes of wall-clock time, so they run beside the other journeys.
const CANARY = /canary-analysis\.spec\.ts$/;
// The development servers' suite runs with playwright.dev.config.ts, against `npm start`.
const DEVELOPMENT = /tests[\\/]development[\\/]/;
/** The journeys a remote keeps in its own folder (`<remote>/e2e/*.spec.ts`), from the registry. */
const REMOTE_JOURNEYS = apps.remotes.map((remote) => `${remote.pkg}/e2e/**/*.spec.ts`);

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: path.join(__dirname, '..', 'test-results', 'e2e.json') }]],
  outputDir: path.join(__dirname, '..', 'test-results', 'e2e-artifacts'),
  use: {
    baseURL: apps.origin('shell'),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      // The edge's local certificate is accepted as a member's browser accepts a CDN's
      // (scripts/test/e2e.mjs makes it first, and has the suite's Node side trust its authority).
      args: [...chromiumArgs, ...localTls.chromiumTrustArgs()],
    },
  },
  // Journeys that move the mock API's clock (global to the API) run alone, after everything else,
  // so no other test sees time jump under it.
  projects: [
    // First: Playwright hands out work in the projects' order, and the canary journeys are one
    // serial group of several minutes. Started first, they run beside the others on one worker;
    // listed after them, they began when the rest was nearly done and ran alone.
    { name: 'canary', use: { browserName: 'chromium' }, testMatch: CANARY },
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      testIgnore: [CLOCK_MOVING, CANARY, DEVELOPMENT, SHELL_RELEASED],
    },
    // Each remote's own journeys (`npm run new-remote` writes one).
    { name: 'remotes', use: { browserName: 'chromium' }, testDir: '..', testMatch: REMOTE_JOURNEYS },
    // The canary journeys' and the remotes' members live in the suite's mock API: its clock moves
    // after them too.
    {
      name: 'clock',
      use: { browserName: 'chromium' },
      testMatch: CLOCK_MOVING,
      dependencies: ['chromium', 'canary', 'remotes'],
    },
    { name: 'shell-release', use: { browserName: 'chromium' }, testMatch: SHELL_RELEASED, dependencies: ['clock'] },
  ],
  webServer: {
    // The canary journeys start a Prometheus of their own, scraping every second.
    command: 'node ../scripts/run/preview.mjs --dev-routes --no-prometheus',
    url: `${apps.origin('shell')}/config.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    // The receiver runs at its shipped limits (its reports are limited per page, not per address).
    // It counts the releases of the suite's portal and of the release journeys' two sites
    // (tests/release/stack-ports.ts).
    env: {
      MOCK_DATA_DIR: dataDir,
      ...MOCK_API_LIMITS,
      // Every browser of the suite comes from 127.0.0.1 and each new context is a new reporter:
      // hundreds within the 30 minutes in which an address is minted 120 (decision 073). The
      // share is lifted for the loopback addresses alone: a browser check from an address of its
      // own (tests/security/edge.spec.ts) meets the shipped share, as the edge's tests walk it
      // (scripts/edge/edge-reports.test.ts).
      TELEMETRY_REPORTER_COOKIES: '100000',
      TELEMETRY_REPORTER_COOKIES_ADDRESSES: '127.0.0.1,::1',
      TELEMETRY_RELEASE_MANIFESTS: [apps.origin('shell'), stackSite('releases').shell, stackSite('canary').shell]
        .map((origin) => `${origin}${apps.runtimeConfig('shell').RELEASE_MANIFEST_URL}`)
        .join(','),
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
