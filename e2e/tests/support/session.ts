import type { Page } from '@playwright/test';
import type { TestMember } from './fixtures';

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
