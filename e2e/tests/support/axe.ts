import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails with a readable list when the page as it stands has any axe-core violation (WCAG 2.1 AA).
 * `exclude` leaves out parts another suite owns (the shell's tests leave a remote's page to the
 * remote's tests).
 */
export async function expectNoA11yViolations(
  page: Page,
  context = '',
  { exclude = [] as string[] } = {},
): Promise<void> {
  const builder = new AxeBuilder({ page });
  exclude.forEach((selector) => builder.exclude(selector));
  const results = await builder
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // WCAG 2.5.3 (label in name): axe still calls the rule experimental and leaves it out unless
    // asked; Lighthouse reports it.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')} — ${node.failureSummary ?? ''}`).join('\n'),
  );
  expect(violations, `axe-core violations${context ? ` on ${context}` : ''}`).toEqual([]);
}
