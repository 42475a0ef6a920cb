import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { expect, test } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { tabTo } from '../accessibility/keyboard-support';
import { claimByApi, createBooking, dayFromToday, ENDED, givePoints, openSignedIn } from './points-support';

interface Line {
  transactionNumber: string;
  date: string;
  type: 'credit' | 'credit_pending' | 'debit';
  points: number;
  bookingId?: string;
}

test.describe('the membership card', () => {
  test('a new member claims a booking and sees the card’s figures change', async ({ page, api, member }) => {
    const ended = await createBooking(api, ENDED, 600);
    const coming = await createBooking(api, { startDate: '2031-03-10', endDate: '2031-03-12' }, 300);
    await openSignedIn(page, member, '/dashboard');
    const card = page.getByRole('region', { name: member.fullName });
    await expect(card.getByTestId('balance-pointBalance')).toHaveText('0');
    await expect(card.getByTestId('card-tier')).toHaveText('Bronze');
    await expect(card.getByTestId('card-number')).toHaveText(/^7\d{3}\s\d{4}\s\d{4}$/);
    // Nothing to spend: the next step is a claim, and nothing offers to redeem.
    const next = page.getByTestId('next-step');
    await expect(next).toHaveAttribute('data-step', 'claim_first');
    await expect(page.getByRole('main').getByRole('link', { name: /^Redeem/ })).toHaveCount(0);
    await expectNoA11yViolations(page, 'dashboard of a new member');

    await next.getByRole('link', { name: 'Claim points' }).click();
    await page.getByLabel('Booking ID').fill(ended.bookingId);
    await page.getByLabel('Booking date').fill(ended.startDate);
    await page.getByRole('button', { name: 'Claim points' }).click();
    const outcome = page.getByRole('status').filter({ hasText: 'Claim has been successful.' });
    await expect(outcome).toContainText('Claim has been successful.');
    await expect(outcome).toContainText(`600 points for booking \u2068${ended.bookingId}\u2069`);
    const dayAfterEnd = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${dayFromToday(-29)}T00:00:00Z`),
    );
    await expect(outcome).toContainText(`Available to spend now (since ${dayAfterEnd})`);
    await expect(outcome).toBeFocused();
    await expectNoA11yViolations(page, 'claim outcome');

    await page.getByLabel('Booking ID').fill(coming.bookingId);
    await page.getByLabel('Booking date').fill(coming.startDate);
    await page.getByRole('button', { name: 'Claim points' }).click();
    await expect(outcome).toContainText(`300 points for booking \u2068${coming.bookingId}\u2069`);
    await expect(outcome).toContainText('Available to spend on 13 March 2031');
    await expect(outcome).toBeFocused();
    // The claim window is said beside the date, with the way to the rules.
    await expect(page.getByLabel('Booking date')).toHaveAccessibleDescription(/up to 180 days after its check-out/);
    await page.getByRole('link', { name: 'How claims work' }).click();
    await expect(page).toHaveURL(/\/dashboard\/help#help-claims$/);
    await expect(page.getByRole('region', { name: 'Claiming missing points' })).toBeInViewport();

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(card.getByTestId('balance-pointBalance')).toHaveText('600');
    await expect(card.getByTestId('balance-pointsPending')).toHaveText('300');
    await expect(card.getByTestId('balance-totalClaimed')).toHaveText('900');
    await expect(card.getByTestId('card-progress')).toHaveText('900 of 1,000 points to Silver');
    await expect(next).toHaveAttribute('data-step', 'spend');
    await expect(next).toContainText('You have 600 points to spend.');
    await expect(next).toContainText('300 points become available on 13 March 2031');
    await expectNoA11yViolations(page, 'dashboard with points');

    // The card's page draws the number as codes to scan.
    await card.getByRole('link', { name: 'Show card to scan' }).click();
    await expect(page.getByRole('img', { name: /^QR code of member number 7/ }).locator('svg')).toBeVisible();
    await expect(page.getByRole('img', { name: /^Barcode of member number 7/ }).locator('svg')).toBeVisible();
    await expectNoA11yViolations(page, 'card page');

    // Help, from the menu: the programme's rules, one h1 and an h2 a section.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Help' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(6);
    await expect(page.getByRole('list', { name: 'Tier levels' }).getByRole('listitem')).toHaveCount(4);
    await expectNoA11yViolations(page, 'help page');
    await page.getByRole('link', { name: 'Your tier and its benefits' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tiers and benefits' })).toBeVisible();
  });
});

test.describe('tiers', () => {
  test('a Silver member opens the tier page from the dashboard and finds their tier and its terms', async ({
    page,
    api,
    member,
  }) => {
    await givePoints(api, member, 1200);
    await openSignedIn(page, member, '/dashboard');
    await page.getByRole('link', { name: 'See tiers and benefits' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tiers and benefits' })).toBeVisible();
    await expect(page.getByTestId('status-valid-until')).toHaveText(
      /^Your Silver status is valid until \d{1,2} \w+ \d{4}\.$/,
    );
    const silver = page.getByRole('listitem', { name: 'Silver' });
    await expect(silver).toHaveAttribute('aria-current', 'true');
    await expect(silver.getByRole('list', { name: 'Benefits of Silver' })).toContainText('Late check-out until 2 pm');
    await expect(page.getByRole('progressbar', { name: 'Progress to Gold' })).toHaveAttribute('aria-valuenow', '40');
    await expect(page.getByRole('region', { name: 'The annual check' })).toContainText('Moved down one tier');
    await expectNoA11yViolations(page, 'tier page');
  });

  // Keyboard only, in Arabic on a phone: the card says when points expire and leads to the tier
  // page; the help page's rules lead there too.
  test('in Arabic at 375 px, by keyboard: expiry on the card, the tier page, the help page', async ({
    page,
    api,
    member,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await givePoints(api, member, 1200);
    await openSignedIn(page, member, '/dashboard', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('expiry-notice')).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: /مستواك ومزاياه$/ }), { limit: 60 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/tiers$/);
    // The page's own heading and progress, not the area's loading bar (also a progressbar) while
    // the page's code comes.
    await expect(page.getByRole('heading', { level: 1, name: 'المستويات والمزايا' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'التقدم نحو ذهبي' })).toBeVisible();
    await expectNoA11yViolations(page, 'tier page, Arabic, 375 px');

    await page.goto('/dashboard/help');
    await expect(page.getByRole('heading', { level: 1, name: 'المساعدة' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'المستويات' }).getByRole('listitem')).toHaveCount(4);
    await expectNoA11yViolations(page, 'help page, Arabic, 375 px');
    await tabTo(page, page.getByRole('main').getByRole('link', { name: 'مستواك ومزاياه' }), { limit: 60 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/tiers$/);
  });
});

test.describe('rewards', () => {
  test('a member redeems a reward and finds it named on the statement', async ({ page, api, member }) => {
    await givePoints(api, member, 1000);
    await openSignedIn(page, member, '/dashboard/rewards');
    await expect(page.getByRole('article', { name: 'Rooftop concert evening' }).getByRole('button')).toBeDisabled();
    // The featured reward leads, its picture drawn in the best format the browser reads, from the API.
    const featured = page.getByRole('article').first();
    await expect(featured).toHaveAttribute('data-featured', 'true');
    const spa = featured.getByRole('img', { name: 'A lotus flower against soft green hills' });
    await expect(spa).toHaveJSProperty('complete', true);
    expect(await spa.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(await spa.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\/images\/640\.avif\?v=/);
    // Below the first screen, pictures wait until they come near it.
    await expect(page.getByRole('article').last().locator('img')).toHaveAttribute('loading', 'lazy');
    await page.getByRole('button', { name: 'Travel' }).click();
    await expect(page).toHaveURL(/category=travel/);
    await expect(page.getByRole('article')).toHaveCount(2);
    await expectNoA11yViolations(page, 'rewards, filtered');

    await page.getByRole('button', { name: 'Redeem Airport lounge pass' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirm the reward' });
    await expect(dialog).toContainText(
      'Redeem Airport lounge pass for 200 points? Your balance will then be 800 points.',
    );
    await expectNoA11yViolations(page, 'reward confirmation');
    await dialog.getByRole('button', { name: 'Yes, redeem' }).click();
    const outcome = page.getByTestId('reward-outcome');
    await expect(outcome).toContainText('Airport lounge pass redeemed for 200 points. Your new balance is 800 points.');
    await expect(outcome).toBeFocused();
    await expect(page.getByTestId('top-bar-points')).toHaveText('800 points');

    await outcome.getByRole('link', { name: 'See it on your statement' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Redeemed: Airport lounge pass' })).toBeVisible();
    await expect(page.getByTestId('detail-reward')).toHaveText('Airport lounge pass');
    await expectNoA11yViolations(page, 'statement line');
    await page.getByRole('link', { name: 'Back to the statement' }).click();
    await expect(page.getByTestId('transaction-row').first()).toContainText('Redeemed: Airport lounge pass');
    await expect(page.getByTestId('transaction-row').first()).toContainText('\u2212200');
  });

  test('a reward that sold out while the page was open is refused with the member’s words', async ({
    page,
    api,
    member,
  }, testInfo) => {
    const id = `rw-e2e-last-${testInfo.workerIndex}-${Date.now()}`;
    const texts = (en: string) => ({ en, fr: en, es: en, de: en, ar: en });
    await api.post('/api/dev/rewards', {
      id,
      category: 'experiences',
      icon: 'ticket',
      cost: 100,
      stock: 1,
      name: texts('Last seat'),
      description: texts('One seat left'),
    });
    await givePoints(api, member, 500);
    await openSignedIn(page, member, '/dashboard/rewards?category=experiences');
    await page.getByRole('button', { name: 'Redeem Last seat' }).click();
    // Someone else takes the last unit meanwhile.
    await api.post(`/api/rewards/${id}/redeem`, { cost: 100 }, member.token);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, redeem' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Sorry, this reward has just sold out. The rewards below are up to date.',
    );
    await expect(page.getByRole('article', { name: 'Last seat' })).toContainText('Sold out');
  });
});

test.describe('statement download', () => {
  test('downloads a CSV of a date range whose rows equal the API’s, in the member’s language', async ({
    page,
    api,
    member,
  }) => {
    for (const points of [1200, 300]) {
      const booking = await createBooking(api, ENDED, points);
      await claimByApi(api, member, booking.bookingId, booking.startDate);
    }
    await api.post('/api/rewards/rw-spa-voucher/redeem', { cost: 250 }, member.token);
    const today = new Date().toISOString().slice(0, 10);
    const { data: lines } = await api.get<{ data: Line[] }>(
      `/api/user/transactions/all?from=${today}&to=${today}&sort=date_asc&pageSize=100`,
      member.token,
    );
    expect(lines).toHaveLength(3);

    await openSignedIn(page, member, '/dashboard/transactions', 'fr');
    const form = page.getByRole('form', { name: 'Télécharger votre relevé' });
    await form.getByLabel('Premier jour').fill(today);
    await form.getByLabel('Dernier jour').fill(today);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      form.getByRole('button', { name: 'Télécharger le CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`releve-${today}-${today}.csv`);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(header).toEqual([
      'Date',
      'Transaction',
      'Description',
      'Réservation',
      'Séjour du',
      'Séjour au',
      'Statut',
      'Disponible le',
      'Points',
    ]);
    // Dates and points as a spreadsheet reads values in any locale: ISO days, plain signed integers.
    expect(rows.map((row) => [row[0], row[1], row[3], Number(row[8])])).toEqual(
      lines.map((line) => [
        line.date.slice(0, 10),
        line.transactionNumber,
        line.bookingId ?? '',
        line.type === 'debit' ? -line.points : line.points,
      ]),
    );
    expect(rows[2]?.[2]).toBe('Utilisé : Bon pour le spa');
    await expect(page.getByRole('status').filter({ hasText: 'Lignes téléchargées : 3.' })).toBeVisible();
  });
});

test.describe('calendar', () => {
  test('opens on the month of the next unlock and moves by keyboard', async ({ page, api, member }) => {
    const booking = await createBooking(api, { startDate: '2031-07-01', endDate: '2031-07-03' }, 300);
    await claimByApi(api, member, booking.bookingId, booking.startDate);
    await openSignedIn(page, member, '/dashboard/calendar');
    await expect(page.getByTestId('calendar-month')).toHaveText('July 2031');
    const grid = page.getByRole('grid', { name: 'July 2031' });
    await expect(grid.locator('[data-testid=stay-band]')).toHaveCount(3);
    await expect(
      grid.getByRole('gridcell', { name: /^Friday, 4 July 2031, 300 points become available$/ }),
    ).toBeVisible();
    await expectNoA11yViolations(page, 'calendar');

    // One tab stop in the grid: the day it opened on, the stay's first.
    const opened = grid.locator('[tabindex="0"]');
    await expect(opened).toHaveAttribute('data-day', '2031-07-01');
    await opened.focus();
    const focusedDay = () => page.evaluate(() => document.activeElement?.getAttribute('data-day'));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await focusedDay()).toBe('2031-07-04');
    await expect(page.getByTestId('calendar-day-events')).toContainText(
      `300 points from booking \u2068${booking.bookingId}\u2069 become available`,
    );
    await page.keyboard.press('ArrowDown');
    expect(await focusedDay()).toBe('2031-07-11');
    await page.keyboard.press('PageDown');
    await expect(page.getByTestId('calendar-month')).toHaveText('August 2031');
    await expect.poll(focusedDay).toBe('2031-08-11');
    await page.keyboard.press('PageUp');
    await expect(page.getByTestId('calendar-month')).toHaveText('July 2031');
    await expect.poll(focusedDay).toBe('2031-07-11');
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.getByTestId('calendar-month')).toHaveText('August 2031');
    await page.goBack();
    await expect(page.getByTestId('calendar-month')).toHaveText('July 2031');
  });
});
