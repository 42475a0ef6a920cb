import type { SystemContext } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';

/**
 * The style sheet Chakra's provider would otherwise write into the page at start-up: the order of
 * the cascade layers, the reset, the global styles and every design token as a CSS variable.
 * The build writes it to a static file each page links (webpack/chakra/system-build.cjs), because
 * computing and inserting it in the browser was a fifth of the start-up work on a phone. Emotion
 * compiles it exactly as its `Global` component does, so the rules are the ones it would insert.
 */
export function systemStaticCss(system: SystemContext): string {
  const cache = createCache({ key: 'css' });
  const parts = [system.layers.atRule, system.getPreflightCss(), system.getGlobalCss(), system.getTokenCss()];
  return parts
    .map((styles) => {
      const rules: string[] = [];
      const sheet = { insert: (rule: string) => void rules.push(rule) } as unknown as Parameters<
        typeof cache.insert
      >[2];
      // In a browser Emotion hands each rule to the sheet; on a server it returns them.
      const returned: unknown = cache.insert('', serializeStyles([styles]), sheet, false);
      return typeof returned === 'string' ? returned : rules.join('');
    })
    .join('');
}
