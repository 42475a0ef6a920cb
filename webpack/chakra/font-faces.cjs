// The portal's typeface, Public Sans (docs/product/limits.md), served by each app from its own origin: the
// `@font-face` rules of the @fontsource-variable package, renamed to the family the design tokens
// name first (shared/src/ui/system-tokens.ts) and pointed at content-hashed copies of its files.
//
// - One variable file per script subset carries every weight the pages use, so a page in English,
//   French, Spanish or German downloads one file (docs/performance.md, "Behind the code"); the
//   other subsets' `unicode-range` keeps them unfetched until a text needs them (a name with a
//   Vietnamese letter, say).
// - Upright only: nothing in the portal is set in italics.
// - `font-display: swap`: text is never hidden while the file downloads. The file is asked for with
//   the first text the HTML paints, long before the scripts render a page, so the swap happens on
//   the layout's frame and the page itself does not shift.
// - Arabic has no glyphs in Public Sans: the stack's next families set it.
const crypto = require('node:crypto');
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { HASH_LENGTH } = require('../content-hash.cjs');

const FAMILY = 'Public Sans';
const PACKAGE_CSS = require.resolve('@fontsource-variable/public-sans/wght.css');

/**
 * @returns {{ css: string, files: { name: string, source: Buffer }[] }} the rules, and the files
 *   they name, each to be written at the root of the app's output
 */
function fontFaces() {
  const packageCss = readFileSync(PACKAGE_CSS, 'utf8');
  const files = [];
  const rules = [...packageCss.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => {
    const url = /url\(\.\/files\/([^)]+)\.woff2\)/.exec(body);
    if (!url) throw new Error(`font-faces: no woff2 file in ${PACKAGE_CSS}`);
    const source = readFileSync(path.join(path.dirname(PACKAGE_CSS), 'files', `${url[1]}.woff2`));
    const hash = crypto.createHash('sha256').update(source).digest('hex').slice(0, HASH_LENGTH);
    const name = `${url[1]}.${hash}.woff2`;
    files.push({ name, source });
    const declarations = body
      .split(';')
      .map((declaration) => declaration.trim().replace(/^([\w-]+):\s*/, '$1:'))
      .filter(Boolean)
      .map((declaration) =>
        declaration.startsWith('font-family:')
          ? `font-family:'${FAMILY}'`
          : declaration.startsWith('src:')
            ? `src:url(/${name}) format('woff2-variations')`
            : declaration,
      )
      .join(';');
    return `@font-face{${declarations}}`;
  });
  if (rules.length === 0) throw new Error(`font-faces: no @font-face rule in ${PACKAGE_CSS}`);
  return { css: rules.join(''), files };
}

module.exports = { FAMILY, fontFaces };
