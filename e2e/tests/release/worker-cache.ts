import { expect, type Page } from '@playwright/test';

// What the service worker keeps of a remote's releases on a member's device (decision 068), read
// from the page: every cache of its origin, whatever the worker names them.

/** Every URL kept in the Cache Storage of the page's origin. */
function keptUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      urls.push(...(await (await caches.open(name)).keys()).map(({ url }) => url));
    }
    return urls;
  });
}

/** The files kept from `folder` (a release's, `<origin>/<version>/`), by name, without a query. */
async function keptFrom(page: Page, folder: string): Promise<string[]> {
  return (await keptUrls(page))
    .filter((url) => url.startsWith(folder))
    .map((url) => url.slice(folder.length).split('?')[0]!);
}

/**
 * Until the worker controls `page` and keeps the release in `folder`: its entry and the chunk of
 * its routes, what the next load of that release would be answered from. The worker registers once
 * a load's network is quiet, so it may come after the load that made the member's cohort.
 */
export async function expectWarm(page: Page, folder: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const files = await keptFrom(page, folder);
        return {
          controlled: await page.evaluate(() => navigator.serviceWorker.controller !== null),
          entry: files.includes('remoteEntry.js'),
          routes: files.some((file) => /^__federation_expose_routes\.[0-9a-f]+\.js$/.test(file)),
        };
      },
      { message: `the worker controls the page and keeps ${folder}`, timeout: 30_000 },
    )
    .toEqual({ controlled: true, entry: true, routes: true });
}

/**
 * Until nothing of the release in `folder` is left in any of the worker's caches. The worker drops
 * it when a manifest that no longer names it comes from the network, after answering the page.
 */
export async function expectForgotten(page: Page, folder: string): Promise<void> {
  await expect
    .poll(() => keptFrom(page, folder), { message: `nothing kept from ${folder}`, timeout: 30_000 })
    .toEqual([]);
}
