// Lint keeps the dependency direction (shell → remote → @loyalty/shared), the hooks rules, the
// accessibility rules and "no literal text in JSX" that reviewers would otherwise have to.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import i18next from 'eslint-plugin-i18next';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The remotes' folders, from the registry (remotes.json). */
const REMOTES = createRequire(import.meta.url)('./scripts/lib/apps.cjs').remotes.map((remote) => remote.pkg);
/** Each remote's feature folders, read from the disk so that a new feature is held apart at once. */
const FEATURES_OF = Object.fromEntries(
  REMOTES.map((remote) => [
    remote,
    readdirSync(new URL(`./${remote}/src/features`, import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name),
  ]),
);
const SHARED_MODULES = [
  'api',
  'config',
  'http',
  'i18n',
  'router',
  'session',
  'settings',
  'standalone',
  'testing',
  'ui',
  'ui-data-display',
  'ui-menu',
  'ui-dialogs',
  'validation',
];

// Libraries apps reach only through a curated shared module: federation shares a library whole, so
// importing it directly would ship all of it (or a second copy of its contexts) to the page.
const CURATED_LIBRARIES = [
  {
    group: ['@chakra-ui/react', '@chakra-ui/react/*'],
    message:
      "Import Chakra from '@loyalty/shared/ui' ('@loyalty/shared/ui-data-display' for signed-in screens, '@loyalty/shared/ui-dialogs' for dialogs and drawers, '@loyalty/shared/ui-menu' for menus).",
  },
  {
    group: ['react-router', 'react-router/*', 'react-router-dom', 'react-router-dom/*'],
    message: "Import routing from '@loyalty/shared/router'.",
  },
  {
    group: ['react-i18next'],
    message: "Import useTranslation from '@loyalty/shared/i18n'.",
  },
  {
    group: ['@emotion/*'],
    message: "Style with Chakra from '@loyalty/shared/ui': Emotion is built into the shell with it, not federated.",
  },
];

/** A remote never imports the shell or another remote; everything in common goes through shared. */
const remoteBoundaries = REMOTES.map((remote) => ({
  files: [`${remote}/src/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [
              'shell',
              'shell/*',
              '**/shell/**',
              ...REMOTES.filter((other) => other !== remote).flatMap((other) => [
                other,
                `${other}/*`,
                `**/${other}/**`,
              ]),
            ],
            message: 'A remote may import only its own files and @loyalty/shared (docs/architecture.md).',
          },
          ...CURATED_LIBRARIES,
          {
            // The shell's entry already holds valibot for the shared schemas; a remote importing it
            // would download a copy of its own.
            group: ['valibot'],
            message:
              "Build schemas with `v` from '@loyalty/shared/validation' (its schema-kit.ts lists the functions).",
          },
        ],
      },
    ],
  },
}));

/**
 * Inside a remote, a feature (a page and what only it uses) never imports another feature: what two
 * features share lives in `src/components/`. A relative import that climbs one folder and enters a
 * sibling (`../claim/…`) is such an import.
 */
const featuresApart = {
  files: REMOTES.map((remote) => `${remote}/src/features/**/*.{ts,tsx}`),
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: REMOTES.flatMap((remote) =>
          FEATURES_OF[remote].map((feature) => ({
            target: `./${remote}/src/features/${feature}`,
            from: `./${remote}/src/features`,
            except: [`./${feature}`],
            message: "A feature imports no other feature; move what they share to the remote's src/components/.",
          })),
        ),
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'deploy/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'perf/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { maxDepth: 4 }],
      'import-x/no-self-import': 'error',
    },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: [`{${['shared', 'shell', ...REMOTES].join(',')}}/src/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }],
      'no-restricted-syntax': [
        'error',
        {
          // docs/product/accessibility.md, "Screen readers": a name read out carries no direction
          // marks. Texts are isolated for display; a name goes through accessibleText().
          selector:
            'JSXAttribute[name.name=/^aria-(label|valuetext|roledescription|placeholder)$/] > JSXExpressionContainer > :not(CallExpression[callee.name="accessibleText"], Literal)',
          message: "Pass an aria name through accessibleText() from '@loyalty/shared/i18n'.",
        },
        {
          selector:
            'AssignmentExpression[left.object.name="document"][left.property.name="title"] > :not(CallExpression[callee.name="accessibleText"]).right',
          message: "Set the tab's title through accessibleText() from '@loyalty/shared/i18n'.",
        },
      ],
    },
  },
  {
    // The developer-only harness and tests speak to developers, not members.
    files: ['shared/src/standalone/standalone-harness.tsx', '**/*.test.{ts,tsx}', 'shared/src/testing/**'],
    rules: { 'i18next/no-literal-string': 'off' },
  },
  ...remoteBoundaries,
  featuresApart,
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: REMOTES.flatMap((remote) => [remote, `${remote}/*`, `**/${remote}/**`]),
              message: 'The shell knows remotes only through the release manifest (docs/architecture.md).',
            },
            ...CURATED_LIBRARIES,
          ],
        },
      ],
    },
  },
  // Every e2e test runs on the project's test base, whose guard fails it on a CSP violation.
  {
    files: ['e2e/tests/**/*.ts'],
    ignores: ['e2e/tests/support/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import `test` from 'e2e/tests/support/fixtures': it fails a test on any CSP violation.",
            },
          ],
        },
      ],
    },
  },
  // Inside shared, one module reaches another through the package name, never a relative path:
  // that is what lets module federation share each module as its own singleton.
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${SHARED_MODULES.join('|')})(/|$)`,
              message:
                "Import other shared modules as '@loyalty/shared/<module>' so each stays one federated singleton.",
            },
            {
              group: ['shell', 'shell/*', ...REMOTES, ...REMOTES.map((r) => `${r}/*`)],
              message: 'shared depends on no app.',
            },
          ],
        },
      ],
    },
  },
  // The one exception: `@loyalty/shared/pre-paint` is never federated. esbuild bundles it into the
  // shell's scripts before main.js (webpack/pre-paint/), which take plain functions from inside
  // other modules, so they carry none of the stores and React those modules' surfaces hold.
  {
    files: ['shared/src/pre-paint/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
