import { expect, test } from '../support/fixtures';
import { SHELL_ORIGIN } from '../support/endpoints';

test.describe('the portal on a phone', () => {
  test('the page links a web app manifest that installs it, with its icons and the card one tap away', async ({
    page,
    request,
  }) => {
    await page.goto('/auth/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const response = await request.get(new URL(href!, SHELL_ORIGIN).href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: Array<{ src: string; sizes: string; type: string }>;
      shortcuts: Array<{ url: string }>;
    };
    expect(manifest).toMatchObject({ name: 'Loyalty Rewards', start_url: '/dashboard', display: 'standalone' });
    expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toContain('/dashboard/card');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const file = await request.get(new URL(icon.src, SHELL_ORIGIN).href);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type'], icon.src).toBe(icon.type);
    }
  });

  test('the service worker is served fresh with the scope /, and the sign-in page opens again offline', async ({
    page,
    context,
    request,
  }) => {
    const worker = await request.get(`${SHELL_ORIGIN}/sw.js`);
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/^text\/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${SHELL_ORIGIN}/`);
    // What the first visit loaded before the worker ran is kept too (the page hands it the list).
    await expect.poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), page.url())).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await context.setOffline(false);
  });
});
