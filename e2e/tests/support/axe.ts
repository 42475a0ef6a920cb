import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page's finite animations and transitions have ended (a button fading back from
 * its loading state, a drawer sliding in): axe measures colours as they are drawn at that instant,
 * and a colour half-way through a fade is not one a member reads. Endless ones (a spinner, a
 * skeleton's pulse) are left running; a stuck one is not waited for more than 5 s.
 */
async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]);
  });
}

/** The axe rules a change of colours alone can break: text contrast, and links told apart from text. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Fails with a readable list when the page as it stands has any axe-core violation: every rule axe
 * runs by default (WCAG 2.x A and AA, and its best practices), and the label-in-name rule.
 * `exclude` leaves out parts another suite owns (the shell's tests leave a remote's page to the
 * remote's tests); `include` checks only those parts (an overlay whose page was checked already);
 * `rules` runs only those rules (COLOUR_RULES where only the colours differ from a page checked in
 * full).
 */
export async function expectNoA11yViolations(
  page: Page,
  context = '',
  { exclude = [] as string[], include = [] as string[], rules = [] as string[] } = {},
): Promise<void> {
  await animationsEnded(page);
  const builder = new AxeBuilder({ page });
  include.forEach((selector) => builder.include(selector));
  exclude.forEach((selector) => builder.exclude(selector));
  if (rules.length) builder.withRules(rules);
  else {
    // Every default rule, not a list of tags: AxeBuilder's options() replaces a tag filter set
    // before it, so the tags once written here never applied, and the suites pass the full set.
    // WCAG 2.5.3 (label in name): axe still calls the rule experimental and leaves it out unless
    // asked; Lighthouse reports it.
    builder.options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  }
  const results = await builder.analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')} — ${node.failureSummary ?? ''}`).join('\n'),
  );
  expect(violations, `axe-core violations${context ? ` on ${context}` : ''}`).toEqual([]);
}
