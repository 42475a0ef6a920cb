import type { Page } from '@playwright/test';

/** How many full page loads happened: 1 means everything since was client-side. */
export function pageLoads(page: Page): Promise<number> {
  return page.evaluate(() => performance.getEntriesByType('navigation').length);
}
