import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import apps from '../scripts/lib/apps.cjs';
import productionSuite from './playwright.config';

/**
 * The development servers' suite (`tests/development`): `npm start` instead of the production
 * preview, the same browser and settings otherwise. `npm test` runs it after the main suite, whose
 * servers hold the same ports until it ends.
 */
export default defineConfig({
  ...productionSuite,
  testDir: './tests/development',
  // The web server is up once the shell's development build is; the remotes' may take a little longer.
  timeout: 90_000,
  expect: { timeout: 30_000 },
  workers: 1,
  reporter: [['list'], ['json', { outputFile: path.join(__dirname, '..', 'test-results', 'e2e-development.json') }]],
  outputDir: path.join(__dirname, '..', 'test-results', 'e2e-development-artifacts'),
  // The development servers speak plain HTTP on the ports the edge serves TLS on.
  use: { ...productionSuite.use, baseURL: apps.origin('shell', 'development') },
  projects: [{ name: 'development', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node ../scripts/run/start.mjs',
    url: apps.origin('shell', 'development'),
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    // A mock API seeded afresh in a folder of its own, as the main suite's.
    env: { MOCK_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'loyalty-e2e-development-')) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
