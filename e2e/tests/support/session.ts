import { expect, type Page } from '@playwright/test';
import type { TestMember } from './fixtures';
import type { MockApi } from './mock-api';

/**
 * Starts the page signed in as `member`, as if they had signed in earlier in this tab: the three
 * session storage entries of docs/product/accounts.md are there before the app starts. Seeded once per tab, so a
 * later logout or expiry sticks.
 */
export async function startSignedIn(page: Page, member: TestMember): Promise<void> {
  await page.addInitScript(
    ({ token, email, fullName }) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      sessionStorage.setItem('accessToken', token);
      sessionStorage.setItem('email', email);
      sessionStorage.setItem('fullName', fullName);
    },
    { token: member.token, email: member.email, fullName: member.fullName },
  );
}

/** `member` signed in once more through the API: a session of their own, as another device holds. */
export async function signedInAgain(api: MockApi, member: TestMember): Promise<TestMember> {
  const { token } = await api.post<{ token: string }>('/api/auth/login', {
    email: member.email,
    password: member.password,
  });
  return { ...member, token };
}

/** Sets the stored language and appearance before the app starts (once per tab). */
export async function startWith(page: Page, { language, settings }: { language?: string; settings?: object }) {
  await page.addInitScript(
    ({ language, settings }) => {
      if (sessionStorage.getItem('e2e-prefs')) return;
      sessionStorage.setItem('e2e-prefs', '1');
      if (language) localStorage.setItem('i18nextLng', language);
      if (settings) localStorage.setItem('settings', JSON.stringify(settings));
    },
    { language, settings },
  );
}

/**
 * Opens `path` signed in as `member` and waits for its heading: for journeys whose subject is not
 * signing in. With `language`, every later load of the tab is in it too (a second call with
 * another language switches: init scripts run in the order they were added).
 */
export async function openSignedIn(page: Page, member: TestMember, path: string, language?: string): Promise<void> {
  await startSignedIn(page, member);
  if (language) await page.addInitScript((lang) => localStorage.setItem('i18nextLng', lang), language);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}
