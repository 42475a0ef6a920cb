import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { API_ORIGIN } from '../support/endpoints';
import { startSignedIn } from '../support/session';
import { openAccountMenu } from '../support/frame-actions';

/** What a hostile member would try to get the portal to run. */
const PAYLOAD = '<img src=x onerror="window.__xss=1">';
// Names are at most 15 characters each (docs/product/limits.md), which the payload is not: it goes in two halves,
// so that the full name the portal shows is one whole element with its handler.
const FIRST_HALF = '<img src=x';
const SECOND_HALF = 'onerror=_xss=1>';
const FULL_NAME = `${FIRST_HALF} ${SECOND_HALF}`;

/** Nothing the member typed became an element, and no handler of theirs ran. */
async function expectInert(page: Page) {
  expect(await page.locator('img[src="x"], [onerror]').count()).toBe(0);
  expect(
    await page.evaluate(() => {
      const scope = window as { __xss?: unknown; _xss?: unknown };
      return [scope.__xss, scope._xss];
    }),
  ).toEqual([undefined, undefined]);
}

test.describe('text a member supplies is shown as text', () => {
  test('a first name holding the whole payload is refused for its length, by the API and by the form', async ({
    page,
    member,
    request,
  }) => {
    // The API does not look for markup: it refuses the name because it is longer than 15.
    const refused = await request.post(`${API_ORIGIN}/api/auth/register`, {
      data: {
        email: `xss-${Date.now()}@example.com`,
        password: member.password,
        password2: member.password,
        firstname: PAYLOAD,
        lastname: 'Lovelace',
      },
    });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).errors).toMatchObject({ firstname: 'First name must be at most 15 characters' });

    await startSignedIn(page, member);
    await page.goto('/dashboard/user/edit-profile');
    const firstName = page.getByLabel('First name');
    await firstName.fill(PAYLOAD);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('First name must be at most 15 characters')).toBeVisible();
    await expect(firstName).toHaveValue(PAYLOAD);
    await expect(page.getByTestId('top-bar-full-name')).toHaveText(member.fullName);
    await expectInert(page);
  });

  test('a name with markup in it is shown literally in the top bar, the account page and the form', async ({
    page,
    member,
  }) => {
    await startSignedIn(page, member);
    await page.goto('/dashboard/user/edit-profile');
    await page.getByLabel('First name').fill(FIRST_HALF);
    await page.getByLabel('Last name').fill(SECOND_HALF);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile Updated Successfully')).toBeVisible();

    const topBarName = page.getByTestId('top-bar-full-name');
    await expect(topBarName).toHaveText(FULL_NAME);
    await expectInert(page);

    // A fresh load: the name now comes from the API at start-up.
    await page.goto('/dashboard/user/account');
    await expect(page.getByTestId('account-full_name')).toHaveText(FULL_NAME);
    await expect(topBarName).toHaveText(FULL_NAME);
    await expect(await openAccountMenu(page, `Account menu of ${FULL_NAME}`)).toContainText(FULL_NAME);
    await expectInert(page);
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/user/edit-profile');
    await expect(page.getByLabel('First name')).toHaveValue(FIRST_HALF);
    await expect(page.getByLabel('Last name')).toHaveValue(SECOND_HALF);
    await expectInert(page);
  });

  test('a search that finds nothing echoes the query as text', async ({ page, member }) => {
    await startSignedIn(page, member);
    await page.goto(`/dashboard/transactions?q=${encodeURIComponent(PAYLOAD)}`);
    const status = page.getByRole('status').filter({ hasText: 'No results found for' });
    await expect(status).toBeVisible();
    await expect(status.locator('strong')).toHaveText(PAYLOAD);
    await expect(page.getByLabel('Search by booking ID or description')).toHaveValue(PAYLOAD);
    await expectInert(page);
  });
});
