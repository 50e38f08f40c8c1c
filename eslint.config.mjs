import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import vitest from '@vitest/eslint-plugin';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import playwright from 'eslint-plugin-playwright';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/.next/**', '**/.next-*/**', '**/dist/**', 'data/**', '**/next-env.d.ts', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { '@next/next': nextPlugin, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
    settings: { next: { rootDir: 'apps/web' } },
  },
  {
    // The web app may import only the contracts package from the rest of the repo (DESIGN.md).
    files: ['apps/web/**/*.{ts,tsx}', 'packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/api/**', '@llk/api', '@llk/api/*'], message: 'The web imports contracts, never API code.' }] }],
    },
  },
  {
    // Every date and time a visitor sees goes through the one formatter, which says its zone
    // (apps/web/src/lib/format.ts, issue 20 item 5): nothing else formats one, neither the
    // browser's toLocale… nor Intl.DateTimeFormat nor next-intl's format.dateTime.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/format.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString', 'toDateString', 'toTimeString', 'toUTCString'].map((property) => ({
          property,
          message: 'Format dates and times with lib/format.ts (formatDate, formatDateTime, …), numbers with Intl.NumberFormat.',
        })),
        { object: 'Intl', property: 'DateTimeFormat', message: 'Format dates and times with lib/format.ts (formatDate, formatDateTime, …).' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.type="MemberExpression"][callee.property.name=/^(dateTime|dateTimeRange)$/]',
          message: "Format dates and times with lib/format.ts, not next-intl's format.dateTime.",
        },
      ],
    },
  },
  {
    // Only repositories build queries (ARCHITECTURE.md, "Structure rules"): services hold the
    // rules and may open a transaction, repositories are the only place a query is written.
    // The one exception is migrations. Tests are outside apps/api/src and exempt.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.repository.ts', 'apps/api/src/db/migrations/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression > MemberExpression.callee > Identifier.property[name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|with|withRecursive)$/]',
          message: 'Queries are built in a *.repository.ts file; call a repository function here.',
        },
      ],
      'no-restricted-imports': ['error', { paths: [{ name: 'kysely', importNames: ['sql'], message: 'Raw SQL belongs in a *.repository.ts file.' }] }],
    },
  },
  {
    // Only repositories and the db layer talk to Kysely (STYLE.md).
    files: ['apps/api/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'kysely', message: 'Routes call services; SQL lives in repositories.' }] }],
    },
  },
  {
    // Background work is a named job run by the one job runner (apps/api/src/jobs), not a timer.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/jobs/**', 'apps/api/src/lib/kv/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'setInterval', message: 'Add a job to apps/api/src/jobs/registry.ts instead.' }],
    },
  },
  {
    // Promises are awaited or deliberately voided: a dropped one hides a failure (a test that
    // passes before its check ran, a request whose error nobody sees). Needs type information.
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // A unit or API test checks something, runs every time and never branches around its check.
    files: ['**/*.test.{ts,tsx}'],
    plugins: { vitest },
    rules: {
      // our own assertion helpers count as assertions; each one calls expect itself
      'vitest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expectTypeOf', 'assert', 'expectSameRules', 'expectRefundsExactlyOnce'] }],
      'vitest/no-focused-tests': 'error',
      'vitest/no-disabled-tests': 'error',
      'vitest/no-conditional-in-test': 'error',
      'vitest/no-conditional-tests': 'error',
      // expect(value, message): the message names the case of a table that failed
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
    },
  },
  {
    // Every browser step is awaited, no sleeps, no focused or skipped journeys.
    files: ['e2e/**/*.ts'],
    plugins: { playwright },
    rules: {
      'playwright/missing-playwright-await': 'error',
      'playwright/no-wait-for-timeout': 'error',
      'playwright/no-focused-test': 'error',
      'playwright/no-skipped-test': 'error',
      'playwright/valid-expect': 'error',
    },
  },
  {
    // Accessible markup: labels, roles and keyboard access are checked where the JSX is written.
    files: ['apps/web/**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y },
    rules: { ...jsxA11y.flatConfigs.recommended.rules },
  },
);
