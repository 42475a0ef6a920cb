import { keptAnswerOf, type KeptAnswers } from '../api/kept-answers';
import { formatNumber } from '../i18n/format';

/**
 * Writes each kept figure (`KeptFigure`, shared/src/first-paint/bones.tsx) under `root` whose
 * answer was kept, in `language`'s digits and grouping. The page's first script runs it
 * (shell/src/pre-paint/theme-init.ts).
 */
export function fillKeptFigures(root: ParentNode, kept: KeptAnswers | undefined, language: string | null): void {
  if (!kept) return;
  for (const slot of root.querySelectorAll<HTMLElement>('[data-kept-query][data-kept-field]')) {
    let query: unknown;
    try {
      query = JSON.parse(slot.dataset.keptQuery ?? '');
    } catch {
      continue;
    }
    if (!Array.isArray(query)) continue;
    const answer = keptAnswerOf(kept, query);
    const value =
      answer && typeof answer === 'object'
        ? (answer as Record<string, unknown>)[slot.dataset.keptField ?? '']
        : undefined;
    if (typeof value === 'number' && Number.isFinite(value)) slot.textContent = formatNumber(value, language ?? '');
  }
}
