import type { SystemContext } from '@chakra-ui/react';

type TokenDictionary = SystemContext['tokens'];
type Token = TokenDictionary['allTokens'][number];

/**
 * One token of the dictionary: its path, its value where the page reads one (a plain token's CSS
 * value), and what kind of token it is. `s`: semantic (its value depends on the colour mode, so the
 * page reads it through its variable); `v`: a virtual `colorPalette` token; `n`: a negative one
 * (`spacing.-4`), whose value is a `calc()` of its positive twin's variable.
 */
export type SnapshotToken = [path: string[], value?: string | number | null, kind?: 's' | 'v' | 'n'];

/**
 * What the page needs of Chakra's token dictionary, computed by the build. Building the dictionary
 * from the theme's tokens in the browser (walking every token, resolving references, adding the
 * conditional and virtual ones) was two thirds of the system's creation, the longest single piece of
 * work before the first render on a phone. The build does it once, and the page only indexes the
 * result (`restoreTokens`). Each token's CSS variable is worked out again from its path by Chakra's
 * own formatter, and the conditional values (light and dark) are in the static style sheet.
 */
export interface TokenSnapshot {
  tokens: SnapshotToken[];
  /**
   * Each palette, with the paths of its colours under it (`50`, `solid`…): `colorPalette: teal`
   * points `colors.colorPalette.<path>`'s variable at `colors.teal.<path>`'s.
   */
  colorPalettes: [palette: string, keys: string[][]][];
}

/** The parts of Chakra's dictionary, under construction, that a snapshot fills in. */
export interface DictionaryInternals {
  registerToken(token: Token): void;
  setupViews(): void;
  colorPaletteMap: Map<string, Map<string, string>>;
  formatCssVar(path: string[], prefix: string): { var: string; ref: string };
  prefix: string;
}

/** The variable a palette's colour takes when the palette is chosen, and the one it points at. */
const paletteVariable = (
  { formatCssVar, prefix }: Pick<DictionaryInternals, 'formatCssVar' | 'prefix'>,
  palette: string,
  key: string[],
): [string, string] => [
  formatCssVar(['colors', 'colorPalette', ...key], prefix).var,
  formatCssVar(['colors', ...palette.split('.'), ...key], prefix).ref,
];

const kindOf = (token: Token): SnapshotToken[2] => {
  const { virtual, negative, conditions } = token.extensions;
  if (virtual) return 'v';
  if (negative) return 'n';
  return conditions ? 's' : undefined;
};

/** The snapshot of a dictionary Chakra built: its tokens by name, and its palettes. */
export function snapshotTokens(dictionary: TokenDictionary): TokenSnapshot {
  const tokens = [...dictionary.tokenMap.values()].map((token): SnapshotToken => {
    const kind = kindOf(token);
    // The page reads a plain token's value (`system.token`, breakpoints for `hideFrom`); the others
    // through their variable, so their value is left out.
    const value = kind === undefined ? (token.value as string | number) : null;
    return kind ? [token.path, value, kind] : [token.path, value];
  });
  const pathOfVariable = new Map(
    [...dictionary.tokenMap.values()].map((token) => [token.extensions.cssVar?.var, token.path]),
  );
  const colorPalettes = [...dictionary.colorPaletteMap].map(([palette, variables]): [string, string[][]] => {
    const keys = [...variables.keys()].map((variable) => pathOfVariable.get(variable)?.slice(2) ?? []);
    // Chakra's palettes are all of that form; a palette that is not could not be restored.
    const restored = new Map(keys.map((key) => paletteVariable(dictionary, palette, key)));
    if (JSON.stringify([...restored]) !== JSON.stringify([...variables])) {
      throw new Error(`The colour palette "${palette}" does not map colorPalette.* to ${palette}.*`);
    }
    return [palette, keys];
  });
  return { tokens, colorPalettes };
}

/** A token as Chakra's dictionary holds it, from its snapshot. */
function restoredToken([path, value, kind]: SnapshotToken, internals: DictionaryInternals): Token {
  const name = path.join('.');
  const [category = '', ...prop] = path;
  // A negative token (`spacing.-4`) is named after its positive twin's variable.
  const originalPath = kind === 'n' ? [...path.slice(0, -1), (path.at(-1) ?? '').slice(1)] : path;
  const cssVar = internals.formatCssVar(originalPath, internals.prefix);
  const restored = kind === 'n' ? `calc(${cssVar.ref} * -1)` : kind === 'v' ? name : (value ?? '');
  return {
    name,
    path,
    value: restored,
    originalValue: restored,
    extensions: {
      condition: 'base',
      originalPath,
      category,
      prop: prop.join('.'),
      cssVar,
      ...(kind === 's' && { conditions: {} }),
      ...(kind === 'v' && { virtual: true }),
      ...(kind === 'n' && { negative: true }),
    },
  };
}

/**
 * Fills a dictionary Chakra is creating from a snapshot instead of from the theme's tokens. In the
 * apps' bundles `system-tokens.ts` hands it to `createSystem` (webpack/chakra/system-tokens-loader.cjs
 * writes that module), and a rewrite of Chakra's dictionary calls it (webpack/chakra/rewrites.cjs).
 */
export function restoreTokens(snapshot: TokenSnapshot, internals: DictionaryInternals): void {
  for (const token of snapshot.tokens) internals.registerToken(restoredToken(token, internals));
  internals.setupViews();
  for (const [palette, keys] of snapshot.colorPalettes) {
    internals.colorPaletteMap.set(palette, new Map(keys.map((key) => paletteVariable(internals, palette, key))));
  }
}
