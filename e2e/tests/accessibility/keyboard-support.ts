import { expect, type Locator, type Page } from '@playwright/test';

/** What has the focus, as a member would name it: the element's role and accessible name. */
export async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const label =
      element.getAttribute('aria-label') ??
      (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent : null) ??
      element.textContent ??
      '';
    return `${element.getAttribute('role') ?? element.tagName.toLowerCase()}: ${label.replace(/\s+/g, ' ').trim()}`;
  });
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, failing after `limit` presses. */
export async function tabTo(page: Page, target: Locator, { limit = 30, backwards = false } = {}): Promise<number> {
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error(`${String(target)} never took the focus in ${limit} presses; the focus is on ${await focused(page)}`);
}

/** Asserts the focus is on `target` (with what has it instead, when it is not). */
export async function expectFocusOn(target: Locator): Promise<void> {
  try {
    await expect(target).toBeFocused();
  } catch (error) {
    // Playwright says only "inactive": a rare miss (the account menu's, once in many runs) needs
    // to say where the focus went to be understood.
    const page = target.page();
    const where = await focused(page).catch(() => 'unknown (the page is gone)');
    const pageFocused = await page.evaluate(() => document.hasFocus()).catch(() => null);
    throw new Error(`${(error as Error).message}\nThe focus is on ${where}; the page has the focus: ${pageFocused}`);
  }
}

/**
 * The places of the elements the focus visits, from `start` on with `presses` presses of Tab:
 * the order the keyboard takes through a form, to compare with the order it is read in.
 */
export async function tabStops(page: Page, presses: number): Promise<Array<{ name: string; x: number; y: number }>> {
  const stops: Array<{ name: string; x: number; y: number }> = [];
  for (let press = 0; press < presses; press += 1) {
    await page.keyboard.press('Tab');
    stops.push(
      await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const box = element.getBoundingClientRect();
        return {
          name: (
            element.getAttribute('aria-label') ??
            element.getAttribute('name') ??
            element.textContent ??
            ''
          ).trim(),
          // In the page, not the window: the page scrolls as the focus moves down it.
          x: box.left + window.scrollX + box.width / 2,
          y: box.top + window.scrollY + box.height / 2,
        };
      }),
    );
  }
  return stops;
}

/**
 * Whether stops come in reading order (top to bottom; within a row, in the page's direction): the
 * first stop out of it, or null.
 */
export function outOfReadingOrder(
  stops: Array<{ name: string; x: number; y: number }>,
  direction: 'ltr' | 'rtl' = 'ltr',
): string | null {
  for (let index = 1; index < stops.length; index += 1) {
    const [before, after] = [stops[index - 1]!, stops[index]!];
    const sameRow = Math.abs(after.y - before.y) < 12;
    const inOrder = sameRow ? (direction === 'ltr' ? after.x > before.x : after.x < before.x) : after.y > before.y;
    if (!inOrder) return `"${after.name}" comes after "${before.name}" but is drawn before it`;
  }
  return null;
}
