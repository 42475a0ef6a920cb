import { test, expect } from '../support/fixtures';
import { openSignedIn } from '../support/session';
import { pageLoads } from './page-loads';

interface Me {
  data: { FullName: string; MobileNumber: string; Country: string; PreferredLanguage: string };
}

test.describe('edit profile', () => {
  test('saves the profile, confirms, and the top bar shows the new name without a reload', async ({
    page,
    member,
    api,
  }) => {
    await openSignedIn(page, member, '/dashboard/user/edit-profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
    await expect(page.getByTestId('top-bar-full-name')).toHaveText('Ada Lovelace');

    const email = page.getByLabel('E-mail (cannot be changed)');
    await expect(email).toHaveValue(member.email);
    await expect(email).toHaveAttribute('readonly', '');

    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Country code').selectOption('US');
    await page.getByLabel('Phone number').fill('2025550143');
    await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption('US');
    await page.getByRole('button', { name: 'Save changes' }).click();

    await expect(page.getByText('Profile Updated Successfully')).toBeVisible();
    await expect(page.getByTestId('top-bar-full-name')).toHaveText('Grace Hopper');
    expect(await pageLoads(page)).toBe(1);

    const { data } = await api.get<Me>('/api/auth/me', member.token);
    expect(data).toMatchObject({ FullName: 'Grace Hopper', MobileNumber: '+12025550143', Country: 'US' });
  });

  test('splits the stored number by the longest dial code: +1 268… is Antigua, not the US', async ({
    page,
    member,
    api,
  }) => {
    await openSignedIn(page, member, '/dashboard/user/edit-profile');
    // A new member's number is +33612345678 (mock seed).
    await expect(page.getByLabel('Country code')).toHaveValue('FR');
    await expect(page.getByLabel('Phone number')).toHaveValue('612345678');

    await page.getByLabel('Country code').selectOption('AG');
    await page.getByLabel('Phone number').fill('5551234');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile Updated Successfully')).toBeVisible();
    expect((await api.get<Me>('/api/auth/me', member.token)).data.MobileNumber).toBe('+12685551234');

    await page.reload();
    await expect(page.getByLabel('Country code')).toHaveValue('AG');
    await expect(page.getByLabel('Country code').locator('option:checked')).toHaveText('Antigua & Barbuda (+1-268)');
    await expect(page.getByLabel('Phone number')).toHaveValue('5551234');
  });

  test('checks the fields, focuses the first invalid one, and sends nothing', async ({ page, member }) => {
    await openSignedIn(page, member, '/dashboard/user/edit-profile');
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/update-profile')) posted = true;
    });

    await page.getByLabel('First name').fill('');
    await page.getByLabel('Last name').fill('Abcdefghijklmnop');
    await page.getByLabel('Phone number').fill('12');
    await page.getByRole('button', { name: 'Save changes' }).click();

    await expect(page.getByText('First name required')).toBeVisible();
    await expect(page.getByText('Last name must be at most 15 characters')).toBeVisible();
    await expect(page.getByText('Phone number must be at least 4 digits')).toBeVisible();
    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(false);
  });

  test('a failed save says so and keeps every edit', async ({ page, member, api }) => {
    await openSignedIn(page, member, '/dashboard/user/edit-profile');
    await page.route('**/api/auth/update-profile', (route) => route.abort('connectionreset'));

    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Phone number').fill('699887766');
    await page.getByRole('button', { name: 'Save changes' }).click();

    await expect(
      page.getByRole('main').getByRole('alert').filter({ hasText: 'Failed to update member Profile.' }),
    ).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Grace');
    await expect(page.getByLabel('Phone number')).toHaveValue('699887766');
    await expect(page.getByTestId('top-bar-full-name')).toHaveText('Ada Lovelace');
    expect((await api.get<Me>('/api/auth/me', member.token)).data.FullName).toBe('Ada Lovelace');

    // The connection is back: the same edits save.
    await page.unroute('**/api/auth/update-profile');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('top-bar-full-name')).toHaveText('Grace Lovelace');
  });

  test('states and cities follow the country; a country without any says so', async ({ page, member }) => {
    await openSignedIn(page, member, '/dashboard/user/edit-profile');
    const country = page.getByRole('combobox', { name: 'Country', exact: true });
    const state = page.getByLabel('State or region');
    const city = page.getByLabel('City');

    await country.selectOption('US');
    await expect(state).toBeEnabled();
    await state.selectOption({ label: 'California' });
    await expect(city).toBeEnabled();
    await expect(city.locator('option')).toContainText(['Select a city', 'Los Angeles', 'San Francisco']);

    await country.selectOption('JP');
    await expect(state).toBeDisabled();
    await expect(page.getByText('No states or regions are listed for this country.')).toBeVisible();
    await expect(city).toBeDisabled();
  });

  test('country names follow the interface language, suggested countries first', async ({ page, member }) => {
    await openSignedIn(page, member, '/dashboard/user/edit-profile', 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Modifier le profil' })).toBeVisible();
    // The list fills in once the countries have arrived, which may be after the heading: poll it.
    const options = page.getByRole('combobox', { name: 'Pays', exact: true }).locator('option');
    await expect
      .poll(async () => (await options.allTextContents()).slice(0, 7))
      .toEqual(['Sélectionnez un pays', 'Allemagne', 'Australie', 'Canada', 'États-Unis', 'France', 'Japon']);
  });

  test('the preferred language saved here becomes the interface language', async ({ page, member, api }) => {
    await openSignedIn(page, member, '/dashboard/user/edit-profile');
    await page.getByLabel('Preferred language').selectOption('de');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profil bearbeiten' })).toBeVisible();
    expect((await api.get<Me>('/api/auth/me', member.token)).data.PreferredLanguage).toBe('de');
  });
});

test.describe('the toaster', () => {
  test('a toast whose code could not be fetched leaves the page whole, and the next one shows', async ({
    page,
    member,
  }) => {
    // The toasts' chunk is cut off once, as a moment without network would.
    let cut = 0;
    await page.route(/\/toaster\.\w+\.js$/, (route) =>
      cut++ === 0 ? route.abort('internetdisconnected') : route.continue(),
    );
    await openSignedIn(page, member, '/dashboard/user/edit-profile');
    const heading = page.getByRole('heading', { level: 1, name: 'Edit profile' });
    await expect(heading).toBeVisible();

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => cut).toBe(1);
    await expect(heading).toBeVisible();
    await expect(page.getByText('Profile Updated Successfully')).toBeHidden();

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile Updated Successfully')).toBeVisible();
    await expect(heading).toBeVisible();
  });
});
