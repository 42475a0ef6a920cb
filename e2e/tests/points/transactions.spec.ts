import { expect, test } from '../support/fixtures';
import { claimByApi, createBooking, ENDED, givePoints, openSignedIn } from './points-support';

test.describe('transactions', () => {
  test('a member with no history sees the empty state', async ({ page, member }) => {
    await openSignedIn(page, member, '/dashboard/transactions');
    await expect(page.getByText('No transactions yet')).toBeVisible();
  });

  test('filter by type, search by number with the not-found panel, filters kept in the URL', async ({
    page,
    api,
    member,
  }) => {
    const ended = await createBooking(api, ENDED, 200);
    const future = await createBooking(api, { startDate: '2032-02-01', endDate: '2032-02-03' }, 300);
    await claimByApi(api, member, ended.bookingId, ended.startDate);
    await claimByApi(api, member, future.bookingId, future.startDate);
    await api.post('/api/user/points/redeem', { points: 50 }, member.token);

    await openSignedIn(page, member, '/dashboard/transactions');
    const rows = page.getByTestId('transaction-row');
    await expect(rows).toHaveCount(3);
    await expect(page.getByText('Showing 1–3 of 3')).toBeVisible();

    await page.getByLabel('Type').selectOption({ label: 'Credit pending' });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(future.bookingId);
    await expect(page).toHaveURL(/type=credit_pending/);

    // A reload keeps the filter.
    await page.reload();
    await expect(page.getByLabel('Type')).toHaveValue('credit_pending');
    await expect(rows).toHaveCount(1);

    // Search for a number that does not exist: the search-empty panel names it.
    await page.getByLabel('Type').selectOption({ label: 'All types' });
    await page.getByLabel('Search by booking ID or description').fill('TXN-999999');
    await page.getByRole('button', { name: 'Search' }).click();
    const panel = page.getByRole('status').filter({ hasText: 'Not Found' });
    await expect(panel).toContainText('No results found for "TXN-999999".');
    await expect(panel).toContainText('Try checking for typos or using complete words.');

    // Search for a number that exists.
    const debitNumber = (
      await api.get<{ data: Array<{ transactionNumber: string }> }>(
        '/api/user/transactions/all?type=debit',
        member.token,
      )
    ).data[0]!.transactionNumber;
    await page.getByLabel('Search by booking ID or description').fill(debitNumber);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Debit');

    // Back returns to the previous search.
    await page.goBack();
    await expect(panel).toBeVisible();
    await expect(page.getByLabel('Search by booking ID or description')).toHaveValue('TXN-999999');
  });

  test('a search with nothing typed asks for keywords; a description finds its line', async ({ page, api, member }) => {
    const booking = await givePoints(api, member, 900);
    await api.post('/api/rewards/rw-late-checkout/redeem', { cost: 300 }, member.token);
    await openSignedIn(page, member, '/dashboard/transactions');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Please enter keywords' })).toBeVisible();
    await page.getByLabel('Search by booking ID or description').fill('late check');
    await page.getByRole('button', { name: 'Search' }).click();
    const rows = page.getByTestId('transaction-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Redeemed: Late check-out');
    await page.getByLabel('Search by booking ID or description').fill(booking.bookingId.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(rows.first()).toContainText(`Stay \u2068${booking.bookingId}\u2069`);
  });

  test('sort by date and a date range', async ({ page, api, member }) => {
    const first = await createBooking(api, ENDED, 100);
    const second = await createBooking(api, ENDED, 200);
    await claimByApi(api, member, first.bookingId, first.startDate);
    await claimByApi(api, member, second.bookingId, second.startDate);
    await openSignedIn(page, member, '/dashboard/transactions');
    const rows = page.getByTestId('transaction-row');
    await expect(rows.first()).toContainText(second.bookingId);
    await page.getByRole('button', { name: /^Date/ }).click();
    await expect(page).toHaveURL(/sort=date_asc/);
    await expect(rows.first()).toContainText(first.bookingId);
    await expect(page.getByRole('columnheader', { name: /Date/ })).toHaveAttribute('aria-sort', 'ascending');

    await page.getByLabel('From', { exact: true }).fill('2001-01-01');
    await page.getByLabel('To', { exact: true }).fill('2001-12-31');
    await expect(page.getByText('No transactions match these filters')).toBeVisible();
  });

  test('a long history pages ten at a time, the page kept in the URL', async ({ page, api, member }) => {
    const booking = await givePoints(api, member, 1000);
    for (let redemption = 0; redemption < 11; redemption += 1) {
      await api.post('/api/user/points/redeem', { points: 10 }, member.token);
    }
    await openSignedIn(page, member, '/dashboard/transactions');
    const rows = page.getByTestId('transaction-row');
    await expect(page.getByText('Showing 1–10 of 12')).toBeVisible();
    await expect(rows).toHaveCount(10);

    const paging = page.getByRole('navigation', { name: 'Pages' });
    await expect(paging).toContainText('Page 1 of 2');
    await expect(paging.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    // docs/product/limits.md: the pagination toolbar is 64 px high.
    expect((await paging.boundingBox())?.height).toBe(64);

    await paging.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText('Showing 11–12 of 12')).toBeVisible();
    await expect(rows).toHaveCount(2);
    // The oldest transaction, the claim's credit, is last.
    await expect(rows.last()).toContainText(booking.bookingId);
    await expect(paging.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await page.goBack();
    await expect(page.getByText('Showing 1–10 of 12')).toBeVisible();
  });

  test('on a phone the type, dates and order fold behind a button that counts the filters in force', async ({
    page,
    api,
    member,
  }) => {
    await givePoints(api, member, 200);
    await page.setViewportSize({ width: 375, height: 800 });
    await openSignedIn(page, member, '/dashboard/transactions');
    // A phone lists the history as cards.
    const rows = page.getByTestId('transaction-card');
    await expect(rows).toHaveCount(1);
    // The history starts on the first screen, under the search.
    await expect(rows.first()).toBeInViewport();
    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Type')).toBeHidden();
    await expect(page.getByLabel('Order')).toBeHidden();

    await toggle.click();
    await page.getByLabel('Type').selectOption({ label: 'Debit' });
    await expect(page.getByText('No transactions match these filters')).toBeVisible();
    const counted = page.getByRole('button', { name: 'Filters (active: 1)' });
    await expect(counted).toHaveAttribute('aria-expanded', 'true');

    // A search leaves the panel as it was.
    await page.getByLabel('Search by booking ID or description').fill('TXN-999999');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Not Found' })).toBeVisible();
    await expect(page.getByLabel('Type')).toBeVisible();

    await counted.click();
    await expect(page.getByLabel('Type')).toBeHidden();
    // Folded, the filter still applies, and the button and the Clear button say so.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Filters (active: 1)' })).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rows).toHaveCount(1);
    await expect(toggle).toBeVisible();
  });
});
