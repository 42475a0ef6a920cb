import type { Page } from '@playwright/test';

/** Which of `needles` anything the device keeps holds: session and local storage, Cache Storage's answers. */
export function keptAnywhere(page: Page, needles: string[]) {
  return page.evaluate(async (wanted) => {
    const texts = [JSON.stringify({ ...sessionStorage }), JSON.stringify({ ...localStorage })];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) texts.push((await (await cache.match(request))?.text()) ?? '');
    }
    return wanted.filter((needle) => texts.some((text) => text.includes(needle)));
  }, needles);
}
