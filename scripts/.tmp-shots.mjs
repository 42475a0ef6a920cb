import { chromium } from 'playwright-core';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const CHROMIUM_ARGS = require('./lib/chromium-args.cjs');
const localTls = require('./lib/local-tls.cjs');
const origin = 'https://localhost:14330';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...localTls.chromiumTrustArgs()] });
for (const [width, lang, mode] of [[375, 'en', 'light'], [1440, 'en', 'dark'], [375, 'ar', 'dark']]) {
  const context = await browser.newContext({ viewport: { width, height: 812 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(([lang, mode]) => { localStorage.setItem('i18nextLng', lang); localStorage.setItem('settings', JSON.stringify({ themeMode: mode })); }, [lang, mode]);
  await page.goto(origin + '/auth/login');
  await page.locator('input[type=email]').fill('member@example.com');
  await page.locator('input[type=password]').first().fill('Demo@1234');
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/dashboard/);
  await page.goto(origin + '/dashboard/card');
  await page.getByTestId('member-qr').locator('svg').waitFor();
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/card-app-${width}-${lang}-${mode}.png` });
  await page.route(/\.js(\?|$)/, (route) => route.request().url().endsWith('/theme-init.js') ? route.continue() : route.abort());
  await page.reload();
  await page.locator('[data-kept-drawing] svg').waitFor();
  await page.screenshot({ path: `/tmp/card-kept-${width}-${lang}-${mode}.png` });
  await context.close();
}
await browser.close();
