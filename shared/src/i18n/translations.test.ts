import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { VALIDATION_MESSAGES } from '@loyalty/shared/validation/messages';
import apps from '../../../scripts/lib/apps.cjs';
import registry from '../../../scripts/lib/remotes.cjs';
import { SUPPORTED_LANGUAGES } from './languages';

type Tree = { [key: string]: string | Tree };
const repoRoot = path.resolve(__dirname, '../../..');

/** Every namespace of every app and of its pages, with the file of each language. */
function namespaces(): Array<{ name: string; fileOf: (language: string) => string }> {
  const found = [
    { name: 'common', fileOf: (language: string) => path.join(__dirname, 'locales', language, 'common.json') },
  ];
  for (const app of apps.appPackages) {
    const folder = path.join(repoRoot, app, 'src', 'locales');
    if (existsSync(folder)) found.push({ name: app, fileOf: (language) => path.join(folder, `${language}.json`) });
    // A page's own texts (features/<page>/locales), and those several pages share
    // (components/<name>/locales), which come with the pages' code.
    for (const kind of ['features', 'components']) {
      const parent = path.join(repoRoot, app, 'src', kind);
      for (const part of existsSync(parent) ? readdirSync(parent) : []) {
        const pageFolder = path.join(parent, part, 'locales');
        if (existsSync(pageFolder))
          found.push({ name: `${app} ${part}`, fileOf: (language) => path.join(pageFolder, `${language}.json`) });
      }
    }
  }
  return found;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(full, value);
    else flatten(value, full).forEach((text, nested) => flat.set(nested, text));
  }
  return flat;
}

const PLURAL_KEY = /^(.*)_(zero|one|two|few|many|other)$/;

/**
 * The English texts with each counted key once, under its base (`points` for `points_one` and
 * `points_other`), its text the `other` form; and the bases English counts. A key counts when it
 * has both forms (`type_other` alone is the device type "other").
 */
function englishTexts(flat: Map<string, string>) {
  const texts = new Map<string, string>();
  const counted = new Set<string>();
  for (const [key, text] of flat) {
    const match = PLURAL_KEY.exec(key);
    const base = match?.[1];
    if (!base || !flat.has(`${base}_one`) || !flat.has(`${base}_other`)) texts.set(key, text);
    else if (match[2] === 'other') {
      texts.set(base, text);
      counted.add(base);
    }
  }
  return { texts, counted };
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)[^}]*}}/g)].map((match) => match[1]).sort();

/**
 * A language's plural forms of an English key (`points_few` for `points`), i18next's suffixes for
 * the categories of `Intl.PluralRules`, gathered under the English key: a key counted in a language
 * has every form of that language, none of another's.
 */
function pluralForms(texts: Map<string, string>, english: Map<string, string>, language: string) {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const forms = new Map<string, Map<string, string>>();
  for (const [key, text] of texts) {
    const match = PLURAL_KEY.exec(key);
    if (!match || english.has(key) || !english.has(match[1]!)) continue;
    const [, base, category] = match as unknown as [string, string, Intl.LDMLPluralRule];
    expect({ key, category: categories.includes(category) }).toEqual({ key, category: true });
    forms.set(base, (forms.get(base) ?? new Map()).set(category, text));
  }
  for (const [base, found] of forms) {
    expect({ base, forms: [...found.keys()].sort() }).toEqual({ base, forms: [...categories].sort() });
  }
  return forms;
}

describe.each(namespaces())('translations of $name', ({ fileOf }) => {
  const { texts: english, counted } = englishTexts(flatten(JSON.parse(readFileSync(fileOf('en'), 'utf8')) as Tree));

  it.each(SUPPORTED_LANGUAGES.filter((language) => language !== 'en'))(
    '%s has every key of English, no other key, no empty text and the same placeholders',
    (language) => {
      const translated = flatten(JSON.parse(readFileSync(fileOf(language), 'utf8')) as Tree);
      const plurals = pluralForms(translated, english, language);
      const keys = [...translated.keys()].filter((key) => !PLURAL_KEY.test(key) || english.has(key));
      expect([...keys, ...plurals.keys()].sort()).toEqual([...english.keys()].sort());
      // What English counts, every language counts: a text of one form only once said "1 points".
      for (const base of counted) expect({ base, counted: plurals.has(base) }).toEqual({ base, counted: true });
      for (const [key, text] of translated) {
        expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
        if (!english.has(key) || counted.has(key)) continue;
        expect({ key, placeholders: placeholders(text) }).toEqual({
          key,
          placeholders: placeholders(english.get(key)!),
        });
      }
      // A form for one or two may say the number in words ("نقطة واحدة"); every other placeholder stays.
      for (const [base, forms] of plurals) {
        const expected = placeholders(english.get(base)!);
        for (const [category, text] of forms) {
          const found = placeholders(text);
          expect({ base, category, extra: found.filter((name) => !expected.includes(name)) }).toEqual({
            base,
            category,
            extra: [],
          });
          if (category !== 'one' && category !== 'two')
            expect({ base, category, placeholders: found }).toEqual({ base, category, placeholders: expected });
        }
      }
    },
  );

  it('has one file per supported language and nothing else', () => {
    const folder = path.dirname(fileOf('en'));
    const files = readdirSync(folder).filter((file) => file.endsWith('.json'));
    if (files.length > 1)
      expect(files.map((file) => file.replace('.json', '')).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });
});

it('the English validation texts are the ones the API answers with', () => {
  const english = flatten(
    JSON.parse(readFileSync(path.join(__dirname, 'locales', 'en', 'common.json'), 'utf8')) as Tree,
  );
  for (const [key, text] of Object.entries(VALIDATION_MESSAGES))
    expect({ key, text: english.get(key) }).toEqual({ key, text });
});

// One action has one name in a language: the navigation's item and the page it opens say the same
// words (German once said "nachfordern" in one and "anfordern" in the other).
it.each(SUPPORTED_LANGUAGES)('in %s, the navigation names the claim page as the page names itself', (language) => {
  const claimPage = flatten(
    JSON.parse(
      readFileSync(
        path.join(repoRoot, 'mf-points', 'src', 'components', 'page-texts', 'locales', `${language}.json`),
        'utf8',
      ),
    ) as Tree,
  );
  expect(registry.menuTitles(language).claim).toBe(claimPage.get('claim.title'));
});
