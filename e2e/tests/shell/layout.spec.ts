import type { Locator, Page } from '@playwright/test';
import { test, expect, type TestMember } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { FRAME_ONLY } from '../support/frame';
import { startSignedIn, startWith } from '../support/session';
import { givePoints } from '../points/points-support';
import { followInNavigation } from '../support/frame-actions';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Signs `member` in with these display settings and opens the dashboard on a 1440 px screen. */
async function openDashboardWide(page: Page, member: TestMember, settings: object) {
  await startWith(page, { settings });
  await startSignedIn(page, member);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/**
 * Clicks the middle of where `target` is drawn, as a mouse would: nothing is scrolled into view
 * first (a locator's click would scroll a clipped element out and then reach it).
 */
async function clickWhereDrawn(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error('The element is not drawn');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test.describe('dashboard layouts', () => {
  test('vertical: a 280 px sidebar that toggles to the 88 px mini one; submenus open on click', async ({
    page,
    member,
  }) => {
    await openDashboardWide(page, member, { themeLayout: 'vertical' });
    const sidebar = page.locator('aside');
    // Sizes are read once the layout is on screen, as a member would see it.
    await expect(sidebar).toBeVisible();
    expect(Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(280);
    const header = page.locator('header');
    expect((await header.boundingBox())?.height).toBe(80);

    const profile = nav(page).getByRole('button', { name: 'Profile' });
    await expect(profile).toHaveAttribute('aria-expanded', 'false');
    await profile.click();
    await expect(profile).toHaveAttribute('aria-expanded', 'true');
    await nav(page).getByRole('link', { name: 'My account' }).click();
    await expect(page).toHaveURL(/\/dashboard\/user\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await expectNoA11yViolations(page, 'vertical layout', FRAME_ONLY);

    // Leaving the branch closes it.
    await nav(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(profile).toHaveAttribute('aria-expanded', 'false');

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(async () => Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(88);
    await page.reload();
    await expect.poll(async () => Math.round((await page.locator('aside').boundingBox())?.width ?? 0)).toBe(88);
  });

  test('mini: submenus open on hover', async ({ page, member }) => {
    await openDashboardWide(page, member, { themeLayout: 'mini' });
    await nav(page).getByRole('button', { name: 'Profile' }).hover();
    await expect(nav(page).getByRole('link', { name: 'Edit profile' })).toBeVisible();
    await expectNoA11yViolations(page, 'mini layout', FRAME_ONLY);
    // The panel is drawn where the pointer can reach it, not clipped by the sidebar.
    await clickWhereDrawn(page, nav(page).getByRole('link', { name: 'Edit profile' }));
    await expect(page).toHaveURL(/\/dashboard\/user\/edit-profile$/);
  });

  test('mini, right to left: the panel opens on the left of the sidebar, and its links work', async ({
    page,
    member,
  }) => {
    await openDashboardWide(page, member, { themeLayout: 'mini' });
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const profile = page.getByRole('navigation').getByRole('button', { name: 'الملف الشخصي', exact: true });
    await profile.hover();
    const link = page.getByRole('navigation').getByRole('link', { name: 'تعديل الملف الشخصي' });
    await expect(link).toBeVisible();
    const button = await profile.boundingBox();
    const panelLink = await link.boundingBox();
    expect(panelLink!.x + panelLink!.width).toBeLessThanOrEqual(button!.x + 1);
    await clickWhereDrawn(page, link);
    await expect(page).toHaveURL(/\/dashboard\/user\/edit-profile$/);
  });

  test('horizontal: the navigation is a bar under the header', async ({ page, member }) => {
    await openDashboardWide(page, member, { themeLayout: 'horizontal', themeMode: 'dark' });
    await expect(nav(page)).toBeVisible();
    await expect(page.locator('aside')).toHaveCount(0);
    const bar = await nav(page).boundingBox();
    expect(bar?.y).toBe(80);
    await expectNoA11yViolations(page, 'horizontal layout (dark)', FRAME_ONLY);

    // Its groups say they open a panel, and the panel is reachable and named.
    const points = nav(page).getByRole('button', { name: 'Points' });
    await expect(points).toHaveAttribute('aria-expanded', 'false');
    await points.click();
    await expect(points).toHaveAttribute('aria-expanded', 'true');
    await expect(nav(page).getByRole('link', { name: 'Household' })).toBeVisible();
    await expectNoA11yViolations(page, 'horizontal layout, the Points group open (dark)', FRAME_ONLY);
  });

  test('horizontal: the bar keeps to one row from 1024 px in every language, as the first paint draws it', async ({
    page,
    member,
  }) => {
    // Twelve entries side by side once took two rows at 1440 px: the page moved down 40 px when the
    // application replaced the painted frame, whose bar is one row.
    await openDashboardWide(page, member, { themeLayout: 'horizontal' });
    // The bar's name changes with the language: it is the page's one navigation here.
    const bar = page.getByRole('navigation');
    const rowsOfTheBar = () =>
      bar.locator(':scope > ul > li').evaluateAll((items) => {
        // Buttons and links of one row differ in height by a pixel or two; a second row starts
        // below the first item's bottom.
        const firstBottom = items[0]!.getBoundingClientRect().bottom;
        return items.some((item) => item.getBoundingClientRect().top >= firstBottom) ? 2 : 1;
      });
    for (const width of [1024, 1280]) {
      for (const language of ['en', 'fr', 'de', 'es', 'ar']) {
        await page.setViewportSize({ width, height: 800 });
        await page.evaluate((lang) => localStorage.setItem('i18nextLng', lang), language);
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(bar.locator(':scope > ul > li').first()).toBeVisible();
        expect(await rowsOfTheBar(), `rows of the bar at ${width} px in ${language}`).toBe(1);
      }
    }
  });

  test('small screens: a 64 px header and a navigation drawer that closes on route change', async ({
    page,
    member,
  }) => {
    await startSignedIn(page, member);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('header')).toBeVisible();
    expect((await page.locator('header').boundingBox())?.height).toBe(64);
    await expect(page.locator('aside')).toHaveCount(0);
    // The account button shows the initials alone here: its name must still hold what it shows.
    await expect(page.getByTestId('top-bar-full-name')).toBeHidden();
    await expectNoA11yViolations(page, 'small-screen header', FRAME_ONLY);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(nav(page)).toBeVisible();
    await expectNoA11yViolations(page, 'mobile navigation drawer', FRAME_ONLY);
    await followInNavigation(nav(page).getByRole('link', { name: 'Statement', includeHidden: true }));
    await expect(page).toHaveURL(/\/dashboard\/transactions$/);
    await expect(nav(page)).toBeHidden();
  });
});

test.describe('keyboard', () => {
  test('the first stop skips the header and the navigation to the page', async ({ page, member }) => {
    await openDashboardWide(page, member, { themeLayout: 'vertical' });
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    // Out of sight until the keyboard reaches it.
    expect((await skip.boundingBox())?.y ?? 0).toBeLessThan(0);
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    expect((await skip.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    await expectNoA11yViolations(page, 'skip link focused', FRAME_ONLY);

    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The next stop is the page's first link (the card's tier, to the tier page), not the sidebar's.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').getByRole('link', { name: /your tier and its benefits$/ })).toBeFocused();
  });
});

test.describe('page titles', () => {
  test('each page names the browser tab after its heading, in the member’s language', async ({ page, member }) => {
    await page.goto('/auth/login');
    await expect(page).toHaveTitle('Sign in · Loyalty Rewards');
    await openDashboardWide(page, member, { themeLayout: 'horizontal' });
    await expect(page).toHaveTitle('Dashboard · Loyalty Rewards');
    // The page load says its name itself; a navigation has its new name said by a live region.
    const announced = (name: string) => page.getByRole('status').filter({ hasText: name });
    await expect(announced('Dashboard · Loyalty Rewards')).toHaveCount(0);
    await followInNavigation(nav(page).getByRole('link', { name: 'Claim points', includeHidden: true }));
    await expect(page).toHaveTitle('Claim points · Loyalty Rewards');
    await expect(announced('Claim points · Loyalty Rewards')).toHaveCount(1);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await expect(page).toHaveTitle('Réclamer des points · Loyalty Rewards');
    await page.goto('/nowhere');
    await expect(page).toHaveTitle('Page introuvable · Loyalty Rewards');
  });
});

test.describe('languages', () => {
  test('Arabic turns the page right-to-left and becomes the preferred language', async ({ page, member, api }) => {
    await startSignedIn(page, member);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('navigation', { name: 'التنقل الرئيسي' })).toBeVisible();
    await expect
      .poll(
        async () =>
          (await api.get<{ data: { PreferredLanguage: string } }>('/api/auth/me', member.token)).data.PreferredLanguage,
      )
      .toBe('ar');
    await expectNoA11yViolations(page, 'dashboard in Arabic', FRAME_ONLY);

    // Back to English: left-to-right again, and the choice survives a reload and a logout.
    await page.getByRole('combobox', { name: 'اللغة' }).selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

/**
 * Where the first and last characters of `text` are drawn, left to right on the screen, in the
 * first text node that holds it, and where that node's element ends on the right.
 */
async function endsOf(page: Page, text: string) {
  return page.evaluate((wanted) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const content = node.textContent ?? '';
      const start = content.indexOf(wanted);
      if (start < 0) continue;
      const xOf = (offset: number) => {
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        return range.getBoundingClientRect().x;
      };
      const box = (node.parentElement as Element).getBoundingClientRect();
      return { first: xOf(start), last: xOf(start + wanted.length - 1), boxRight: box.right };
    }
    throw new Error(`No text "${wanted}" on the page`);
  }, text);
}

test.describe('right to left', () => {
  test('English laid out right to left still reads left to right, and stays mirrored', async ({
    page,
    member,
    api,
  }) => {
    // A transaction, for a date alone in a table cell.
    await givePoints(api, member, 600);
    await openDashboardWide(page, member, { themeLayout: 'horizontal' });
    // The next step's sentence, for a member with the booking's 600 points to spend.
    const question = 'You have 600 points to spend.';
    await expect(page.getByText(question)).toBeVisible();

    await page.getByRole('button', { name: 'Settings' }).click();
    await page
      .getByRole('dialog', { name: 'Settings' })
      .getByRole('radiogroup', { name: 'Direction' })
      .getByText('Right to left')
      .click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.keyboard.press('Escape');

    // The text already on screen is drawn again for the new direction: the full stop ends the
    // sentence on its right, not before its first word (".You have 600 points to spend").
    await expect
      .poll(async () => {
        const { first, last } = await endsOf(page, question);
        return last > first;
      })
      .toBe(true);
    // The line itself still follows the page: right-aligned, as the rest of the mirrored layout.
    const { boxRight, last } = await endsOf(page, question);
    expect(boxRight - last).toBeLessThan(20);
    // A date alone in the transactions table reads day, month, year, not "Nov 2026 23".
    const date = page
      .getByRole('table')
      .getByRole('cell')
      .filter({ hasText: /\d{1,2} [A-Z][a-z]{2} \d{4}/ })
      .first();
    const dateText = (await date.innerText()).replace(/[\u2068\u2069]/g, '');
    const { first: dayAt, last: yearAt } = await endsOf(page, dateText);
    expect(yearAt).toBeGreaterThan(dayAt);
  });

  /** Which way a navigation branch's chevron points: its horizontal scale (1 right, -1 left, 0 down). */
  const chevronScaleX = (page: Page, branchName: string) =>
    page
      .getByRole('navigation')
      .getByRole('button', { name: branchName, exact: true })
      .locator('svg')
      .last()
      .evaluate((svg) => Math.round(new DOMMatrix(getComputedStyle(svg).transform).a));

  test('a closed submenu points to the inline end: right in English, left in Arabic', async ({ page, member }) => {
    await openDashboardWide(page, member, { themeLayout: 'vertical' });
    await expect.poll(() => chevronScaleX(page, 'Profile')).toBe(1);

    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect.poll(() => chevronScaleX(page, 'الملف الشخصي')).toBe(-1);
    // Open, it points down whichever the direction.
    await page.getByRole('navigation').getByRole('button', { name: 'الملف الشخصي', exact: true }).click();
    await expect.poll(() => chevronScaleX(page, 'الملف الشخصي')).toBe(0);
  });
});
