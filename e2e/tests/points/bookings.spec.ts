import type { MemberBooking } from '@loyalty/shared/api';
import { expect, test, type TestMember } from '../support/fixtures';
import type { MockApi } from '../support/mock-api';
import { expectNoA11yViolations } from '../support/axe';
import { createBooking, dayFromToday, ENDED, openSignedIn } from './points-support';

/** The member's next stay, and a past one whose points are missing. */
async function twoStays(api: MockApi, member: TestMember) {
  const next = await createBooking(api, { startDate: dayFromToday(12), endDate: dayFromToday(15) }, 300, {
    member,
    property: 'Alpine Lodge, Zermatt',
  });
  const missing = await createBooking(api, ENDED, 300, { member, property: 'Garden Hotel, Seville' });
  const { data } = await api.get<{ data: MemberBooking[] }>('/api/user/bookings', member.token);
  expect(data.map((booking) => [booking.bookingId, booking.status, booking.pointsMissingUntil !== null])).toEqual([
    [missing.bookingId, 'stayed', true],
    [next.bookingId, 'upcoming', false],
  ]);
  return { next, missing };
}

test.describe('bookings', () => {
  test('the next stay on the dashboard and the calendar; a stay with missing points opens the claim form filled (1440 px, English)', async ({
    page,
    api,
    member,
  }) => {
    const { next, missing } = await twoStays(api, member);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, member, '/dashboard');
    const stays = page.getByRole('region', { name: 'Upcoming stays' });
    await expect(stays.getByRole('list', { name: 'Upcoming stays' })).toContainText('Alpine Lodge, Zermatt');
    await expect(stays.getByRole('list', { name: 'Points missing' })).toContainText('Garden Hotel, Seville');
    await expectNoA11yViolations(page, 'dashboard with upcoming stays');

    // The calendar opens on the next stay, drawn as booked, named in words under the grid.
    await stays.getByRole('link', { name: 'See the calendar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    const grid = page.getByRole('grid');
    const checkIn = grid.locator(`[data-day="${next.startDate}"]`);
    await expect(checkIn.locator('[data-testid=stay-band][data-kind=booked]')).toHaveCount(1);
    await expect(checkIn).toHaveAttribute('tabindex', '0');
    await expect(page.getByTestId('calendar-day-events')).toContainText('Alpine Lodge, Zermatt');
    await expect(page.getByRole('list', { name: 'Key' })).toContainText('Stay booked, not claimed yet');
    await expectNoA11yViolations(page, 'calendar with a booked stay');

    // Back on the dashboard, the missing stay's link fills the claim form; the claim then counts.
    await page.goBack();
    await page
      .getByRole('region', { name: 'Upcoming stays' })
      .getByRole('link', { name: `Claim the points of \u2068${missing.bookingId}\u2069` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Claim points' })).toBeVisible();
    await expect(page.getByLabel('Booking ID')).toHaveValue(missing.bookingId);
    await expect(page.getByLabel('Booking date')).toHaveValue(missing.startDate);
    await expectNoA11yViolations(page, 'claim form filled from a booking');
    await page.getByRole('button', { name: 'Claim points' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Claim has been successful.' })).toBeFocused();
  });

  test('the same at 375 px in Arabic, right to left', async ({ page, api, member }) => {
    const { missing } = await twoStays(api, member);
    await page.setViewportSize({ width: 375, height: 812 });
    await openSignedIn(page, member, '/dashboard', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const stays = page.getByRole('region', { name: 'الإقامات القادمة' });
    await expect(stays).toContainText('Alpine Lodge, Zermatt');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolations(page, 'dashboard with upcoming stays (Arabic, 375 px)');

    await stays.getByRole('link', { name: 'عرض التقويم' }).click();
    await expect(page.getByRole('grid').locator('[data-testid=stay-band][data-kind=booked]').first()).toBeVisible();
    await expect(page.getByTestId('calendar-day-events')).toContainText('Alpine Lodge, Zermatt');
    await expectNoA11yViolations(page, 'calendar with a booked stay (Arabic, 375 px)');

    // By keyboard: from the card's calendar link, the next tab stop is the missing stay's claim link.
    await page.goBack();
    await stays.getByRole('link', { name: 'عرض التقويم' }).focus();
    await page.keyboard.press('Tab');
    await expect(stays.getByRole('link', { name: `المطالبة بنقاط \u2068${missing.bookingId}\u2069` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/claim\?/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('input[name=bookingId]')).toHaveValue(missing.bookingId);
    await expect(page.locator('input[name=bookingDate]')).toHaveValue(missing.startDate);
    await expectNoA11yViolations(page, 'claim form filled from a booking (Arabic, 375 px)');
  });
});
