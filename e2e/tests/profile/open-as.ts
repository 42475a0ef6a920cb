import { expect, type Page } from '@playwright/test';
import type { TestMember } from '../support/fixtures';

/**
 * Opens `path` already signed in as `member`, by storing the member's token as the shell keeps it
 * (sessionStorage) before the first script runs; `language` is stored the same way, so the page
 * loads in that language from the start.
 */
export async function openAs(page: Page, member: TestMember, path: string, language?: string): Promise<void> {
  await page.addInitScript(
    ({ token, email, fullName, lang }) => {
      if (!sessionStorage.getItem('accessToken')) {
        sessionStorage.setItem('accessToken', token);
        sessionStorage.setItem('email', email);
        sessionStorage.setItem('fullName', fullName);
      }
      if (lang) localStorage.setItem('i18nextLng', lang);
    },
    { token: member.token, email: member.email, fullName: member.fullName, lang: language },
  );
  await page.goto(path);
  await expect(page.locator('h1')).toHaveCount(1);
}

/** How many full page loads happened: 1 means everything since was client-side. */
export function pageLoads(page: Page): Promise<number> {
  return page.evaluate(() => performance.getEntriesByType('navigation').length);
}
