import { expect, test } from '../support/fixtures';
import { givePoints, openSignedIn } from './points-support';

test.describe('claim and redeem refusals', () => {
  test('an unknown booking id gets the invalid text, and the form keeps what was typed', async ({ page, member }) => {
    await openSignedIn(page, member, '/dashboard/claim');
    await page.getByLabel('Booking ID').fill('NOPE-0000');
    await page.getByLabel('Booking date').fill('2030-01-01');
    await page.getByRole('button', { name: 'Claim points' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Invalid Booking ID - The provided booking id is invalid or does not exist',
    );
    await expect(page.getByLabel('Booking ID')).toHaveValue('NOPE-0000');
  });

  test('an empty claim is refused before sending, the first field focused', async ({ page, member }) => {
    await openSignedIn(page, member, '/dashboard/claim');
    await page.getByRole('button', { name: 'Claim points' }).click();
    await expect(page.getByText('Booking ID is required')).toBeVisible();
    await expect(page.getByText('Booking date is required')).toBeVisible();
    await expect(page.getByLabel('Booking ID')).toBeFocused();
  });

  test('redeeming more than available is refused and nothing changes', async ({ page, api, member }) => {
    await givePoints(api, member, 120);
    await openSignedIn(page, member, '/dashboard/redeem');
    await expect(page.getByTestId('redeem-available')).toHaveText('120');
    await page.getByLabel('Points to redeem').fill('121');
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(page.getByText('You can redeem at most 120 points.')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect((await api.balance(member.token)).pointBalance).toBe(120);
  });
});
