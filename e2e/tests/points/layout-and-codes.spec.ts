import type { Locator } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { scan } from '../support/scan';
import { claimByApi, createBooking, givePoints, openSignedIn } from './points-support';

// Desktop widths from where the dashboard sets its cards side by side (`lg`, 1024 px) to the widest
// members use; 1024–1279 px had the card narrowest.
const WIDTHS = [1024, 1100, 1280, 1440, 1920];

test('the latest transactions fit their card at every desktop width, in English and German', async ({
  page,
  api,
  member,
}) => {
  // Lines of each kind, with the longest words the statement has: a stay, a reward, points pending.
  await givePoints(api, member, 1500);
  const coming = await createBooking(api, { startDate: '2031-03-10', endDate: '2031-03-12' }, 300);
  await claimByApi(api, member, coming.bookingId, coming.startDate);
  await api.post('/api/rewards/rw-lounge-pass/redeem', { cost: 200 }, member.token);
  for (const [language, title, pointsHeader] of [
    ['en', 'Latest transactions', 'Points'],
    ['de', 'Neueste Transaktionen', 'Punkte'],
  ] as const) {
    // A later init script runs after the earlier one: the second visit is in German.
    await openSignedIn(page, member, '/dashboard', language);
    const card = page.getByRole('region', { name: title });
    const table = card.getByRole('table');
    const header = table.getByRole('columnheader', { name: pointsHeader });
    await expect(header).toHaveText(pointsHeader);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expect(table.getByTestId('transaction-row')).toHaveCount(3);
      const measured = await card.evaluate((cardElement) => {
        const tableElement = cardElement.querySelector('table')!;
        const headerCell = [...tableElement.querySelectorAll('th')].at(-1)!;
        const scroller = tableElement.parentElement!;
        const cardBox = cardElement.getBoundingClientRect();
        const scrollBox = scroller.getBoundingClientRect();
        const headerBox = headerCell.getBoundingClientRect();
        return {
          cardRight: cardBox.right,
          tableRight: tableElement.getBoundingClientRect().right,
          // The header is seen only where its scroller shows it: nothing of it past the scroller's edge.
          visibleRight: Math.min(scrollBox.right, cardBox.right),
          headerRight: headerBox.right,
          headerCut: headerCell.scrollWidth > headerCell.clientWidth,
          scrolls: scroller.scrollWidth > scroller.clientWidth,
        };
      });
      const where = `${language} at ${width} px`;
      expect(measured.tableRight, `the table's right edge within its card, ${where}`).toBeLessThanOrEqual(
        measured.cardRight + 0.5,
      );
      expect(measured.headerRight, `the Points header in view, ${where}`).toBeLessThanOrEqual(
        measured.visibleRight + 0.5,
      );
      expect(measured.scrolls, `no sideways scrolling, ${where}`).toBe(false);
      expect(measured.headerCut, `the Points header whole, ${where}`).toBe(false);
    }
  }
});

test('the card’s barcode decodes from a 1× desktop rendering', async ({ page, member }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, member, '/dashboard/card');
  const number = (await page.getByTestId('card-number').innerText()).replace(/\s/g, '');
  const barcode = page.getByTestId('member-barcode');
  await expect(barcode.locator('svg')).toBeVisible();
  // What a desk scanner pointed at an ordinary screen sees: one device pixel per CSS pixel.
  expect(await scan(barcode, 'Code128'), 'the number read from the barcode').toBe(number);
});

const SKELETON = '[data-skeleton-path="/dashboard/card"]';

/**
 * Where `code` is drawn in the page: its size, how far from the left, and how far under the page's
 * heading (the frame above it is the shell's, and its menu may take another row once drawn).
 */
async function placeOnPage(code: Locator, heading: Locator) {
  const [box, top] = await Promise.all([code.boundingBox(), heading.boundingBox()]);
  return box && top && { x: box.x, belowHeading: box.y - top.y, width: box.width, height: box.height };
}

// At a desk, the member's code is what they came for: the card page's first paint draws the QR
// code and the barcode its last load kept in the tab (decision 077), before any of the page's
// scripts has run, where and as large as the page will draw them.
test.describe('before the card page has started', () => {
  // Page routes hold the scripts back; a service worker would fetch them past the routes.
  test.use({ serviceWorkers: 'block' });

  test('the codes its last load kept paint in their places, decode, and give way to the page', async ({
    page,
    member,
  }) => {
    // A phone's column and a desktop's.
    const widths = [375, 1440];
    await page.setViewportSize({ width: widths[0]!, height: 812 });
    await openSignedIn(page, member, '/dashboard/card');
    const number = (await page.getByTestId('card-number').innerText()).replace(/\s/g, '');
    const liveBarcode = page.getByTestId('member-barcode').locator('svg');
    await expect(page.getByTestId('member-qr').locator('svg')).toBeVisible();
    await page.waitForFunction(() => /member-qr.*member-barcode/.test(sessionStorage.getItem('keptDrawings') ?? ''));

    // The scripts are held until the painted page has been looked at, then let through.
    let release = () => {};
    let held = Promise.resolve();
    await page.route(/\.js(\?|$)/, async (route) => {
      if (!route.request().url().endsWith('/theme-init.js')) await held;
      await route.continue();
    });
    const painted = (name: string) => page.locator(`${SKELETON} [data-kept-drawing="${name}"] svg`);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 812 });
      held = new Promise((go) => (release = go));
      // Nothing fires `load` while the scripts are held.
      await page.reload({ waitUntil: 'commit' });
      await expect(painted('member-barcode')).toBeVisible();
      await expect(page.getByTestId('member-barcode')).toHaveCount(0);
      // The painted codes are the first paint's, which assistive technology is not shown.
      await expect(page.getByRole('img')).toHaveCount(0);
      // The page as a whole (its main landmark, its h1) is the application's, not yet drawn.
      await expectNoA11yViolations(page, `the painted card page at ${width} px`, { include: [SKELETON] });
      expect(await scan(painted('member-qr'), 'QRCode'), `the painted QR code at ${width} px`).toBe(number);
      expect(await scan(painted('member-barcode'), 'Code128'), `the painted barcode at ${width} px`).toBe(number);
      const paintedBox = await placeOnPage(painted('member-barcode'), page.locator(`${SKELETON} .fp-heading`));

      release();
      await expect(liveBarcode).toBeVisible();
      await expect(painted('member-barcode')).toHaveCount(0);
      // Where the page draws its own, at the widest whole-pixel module its box holds: nothing moves.
      await expect
        .poll(() => placeOnPage(liveBarcode, page.getByRole('heading', { level: 1 })), `the barcode at ${width} px`)
        .toEqual(paintedBox);
    }
  });
});

// On a phone the catalogue's filters once took three rows, and one reward and a half filled the
// first screen: the filters are one row that scrolls sideways, and two rewards show whole.
test('the catalogue on a phone: the filters in one row, two rewards on the first screen', async ({ page, member }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openSignedIn(page, member, '/dashboard/rewards');
  const filters = page.getByRole('group', { name: 'Filter rewards' }).getByRole('button');
  await expect(filters.first()).toBeVisible();
  const tops = await filters.evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().top));
  expect(tops.length).toBeGreaterThan(3);
  expect(new Set(tops).size, 'rows of filters').toBe(1);
  // The last filter is reached by scrolling the row, and the page itself never scrolls sideways.
  await filters.last().scrollIntoViewIfNeeded();
  await expect(filters.last()).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.evaluate(() => window.scrollTo(0, 0));
  const cards = page.getByTestId('reward-card');
  await expect(cards.nth(1)).toBeInViewport({ ratio: 1 });
});
