import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import vitest from '@vitest/eslint-plugin';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import playwright from 'eslint-plugin-playwright';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web: dates through lib/format.ts; a client component ('use client') takes only types from
// the contracts barrel (values from its zod-free entry points: /rules, /locales, /locale-codes,
// /cookies, /client, …, which keep zod out of the browser's bundle); a server-only file (one
// outside src/app that imports next/headers) imports 'server-only', so a client import of it
// fails the build instead of shipping server code.
const dateTimeOutsideFormat = {
  selector: 'CallExpression[callee.type="MemberExpression"][callee.property.name=/^(dateTime|dateTimeRange)$/]',
  message: "Format dates and times with lib/format.ts, not next-intl's format.dateTime.",
};
const clientTakesContractTypes = {
  selector:
    "Program:has(> ExpressionStatement[directive='use client']) ImportDeclaration[source.value='@llk/contracts'][importKind='value']:has(ImportSpecifier[importKind='value'], ImportDefaultSpecifier, ImportNamespaceSpecifier)",
  message:
    "A client component takes only `import type` from '@llk/contracts'; values come from a zod-free entry point (@llk/contracts/rules, /locales, /cookies, /client, …).",
};
const serverOnlyMarked = {
  selector: "Program:has(ImportDeclaration[source.value='next/headers']):not(:has(ImportDeclaration[source.value='server-only']))",
  message: "A file that reads the request (next/headers) outside src/app starts with `import 'server-only';`.",
};
const webSyntaxRules = [dateTimeOutsideFormat, clientTakesContractTypes, serverOnlyMarked];

// Kysely's query builders: calling one writes a query.
const QUERY_BUILDERS = 'selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|with|withRecursive';
const IN_REPOSITORIES = 'Queries are built in a *.repository.ts file; call a repository function here.';
/** A query builder called, reached by a computed name (`db['selectFrom']`) or destructured (`const { selectFrom } = db`). */
const queryBuilderUse = [
  { selector: `CallExpression > MemberExpression.callee > Identifier.property[name=/^(${QUERY_BUILDERS})$/]`, message: IN_REPOSITORIES },
  { selector: `MemberExpression[computed=true] > Literal.property[value=/^(${QUERY_BUILDERS})$/]`, message: IN_REPOSITORIES },
  { selector: `VariableDeclarator > ObjectPattern.id > Property > Identifier.key[name=/^(${QUERY_BUILDERS})$/]`, message: IN_REPOSITORIES },
];
/** Kysely's lower level: a compiled query run on a connection. */
const lowLevelQueries = [
  {
    selector: "MemberExpression > Identifier.object[name='CompiledQuery'], TSTypeReference > Identifier[name='CompiledQuery']",
    message: 'Compiled queries belong in a *.repository.ts file or the database layer (infrastructure/db).',
  },
  {
    selector: "MemberExpression > Identifier.property[name='executeQuery']",
    message: 'Compiled queries belong in a *.repository.ts file or the database layer (infrastructure/db).',
  },
];
/** In a module's repository: a query started on the database handle itself instead of the module's tables. */
const THROUGH_HANDLE = "Start the query from the module's tables handle (ordersTables(db).selectFrom(…)), not from db or a transaction.";
const queryBuilderOnDatabase = [
  {
    selector: `CallExpression > MemberExpression.callee[object.type='Identifier'][object.name=/^(db|trx|tx)$/] > Identifier.property[name=/^(${QUERY_BUILDERS})$/]`,
    message: THROUGH_HANDLE,
  },
  {
    selector:
      "CallExpression[callee.property.name='execute'][callee.object.type='TaggedTemplateExpression'] > Identifier.arguments[name=/^(db|trx|tx)$/]",
    message: THROUGH_HANDLE,
  },
  ...queryBuilderUse.slice(1),
];
// every module's repositories start their queries from their own handle (ADR 0038)
const OWN_TABLES_ONLY = 'error';
const rawSqlOutsideRepositories = { name: 'kysely', importNames: ['sql'], message: 'Raw SQL belongs in a *.repository.ts file.' };
const kyselyOutsideRepositories = {
  name: 'kysely',
  importNames: ['sql', 'CompiledQuery'],
  message: 'Raw SQL and compiled queries belong in a *.repository.ts file.',
};
const tablesOfOutsideTables = {
  group: ['**/infrastructure/db/schema'],
  importNames: ['tablesOf'],
  message: "tablesOf() makes a module's handle in its *.tables.ts; use that handle (ordersTables(db)).",
};
const repositoryFromRoutes = {
  group: ['*.repository', '*.repository.ts'],
  message: 'Routes call services (or a module index); repositories are called by services.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      '**/.next-*/**',
      '**/dist/**',
      'data/**',
      '**/next-env.d.ts',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // a module adds its tables to the database's type by `interface DB extends OrdersTables {}` (ADR 0038)
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // CommonJS configuration files (dependency-cruiser's) share their options with require()
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
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
    // The web app may import only the contracts package from the rest of the repo (CONTRIBUTING.md, "Structure rules").
    files: ['apps/web/**/*.{ts,tsx}', 'packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/api/**', '@llk/api', '@llk/api/*'], message: 'The web imports contracts, never API code.' }] },
      ],
    },
  },
  {
    // Every date and time a visitor sees goes through the one formatter, which says its zone
    // (apps/web/src/lib/format.ts, ADR 0031): nothing else formats one, neither the browser's
    // toLocale… nor Intl.DateTimeFormat nor next-intl's format.dateTime. Also here, as they share
    // the rule: client components and server-only files (webSyntaxRules below).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/format.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString', 'toDateString', 'toTimeString', 'toUTCString'].map(
          (property) => ({
            property,
            message: 'Format dates and times with lib/format.ts (formatDate, formatDateTime, …), numbers with Intl.NumberFormat.',
          }),
        ),
        {
          object: 'Intl',
          property: 'DateTimeFormat',
          message: 'Format dates and times with lib/format.ts (formatDate, formatDateTime, …).',
        },
      ],
      'no-restricted-syntax': ['error', ...webSyntaxRules],
    },
  },
  {
    // Pages, layouts and route handlers are server code by where they live: no marker needed.
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', dateTimeOutsideFormat, clientTakesContractTypes] },
  },
  {
    // Only repositories build queries (CONTRIBUTING.md, "Owners"; ADR 0038): services hold the
    // rules and may open a transaction, repositories are the only place a query is written, a
    // builder reached by a computed name or taken out of the handle included. Kysely's lower
    // level (CompiledQuery, executeQuery) is for repositories and the database layer. Migrations
    // are exempt; tests are outside apps/api/src and exempt.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.repository.ts', 'apps/api/src/infrastructure/db/migrations/**'],
    rules: {
      'no-restricted-syntax': ['error', ...queryBuilderUse, ...lowLevelQueries],
      'no-restricted-imports': ['error', { paths: [kyselyOutsideRepositories], patterns: [tablesOfOutsideTables] }],
    },
  },
  {
    // The database layer runs compiled queries itself (the SQLite transaction begin, the write watch).
    files: ['apps/api/src/infrastructure/db/**/*.ts'],
    ignores: ['apps/api/src/**/*.repository.ts', 'apps/api/src/infrastructure/db/migrations/**'],
    rules: {
      'no-restricted-syntax': ['error', ...queryBuilderUse],
      'no-restricted-imports': ['error', { paths: [rawSqlOutsideRepositories] }],
    },
  },
  {
    // A module's tables file makes its handle: the one place tablesOf() is imported (ADR 0038).
    files: ['apps/api/src/modules/**/*.tables.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [kyselyOutsideRepositories] }] },
  },
  {
    // Routes call services: neither Kysely nor a repository is imported by a *.routes.ts.
    files: ['apps/api/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'Routes call services; SQL lives in repositories.' }],
          patterns: [tablesOfOutsideTables, repositoryFromRoutes],
        },
      ],
    },
  },
  {
    // A repository takes its tables through its module's handle, not tablesOf() itself.
    files: ['apps/api/src/**/*.repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [tablesOfOutsideTables] }] },
  },
  {
    // A module's repository queries only its own tables: every query starts from its handle
    // (`ordersTables(db).selectFrom(…)`), never from the database or a transaction itself, so a
    // join with another module's table does not compile (ADR 0038).
    files: ['apps/api/src/modules/**/*.repository.ts'],
    rules: { 'no-restricted-syntax': [OWN_TABLES_ONLY, ...queryBuilderOnDatabase] },
  },
  {
    // Background work is a named job run by the one job runner (infrastructure/jobs, registered in composition/jobs/registry.ts), not a timer.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/infrastructure/jobs/**', 'apps/api/src/composition/jobs/**', 'apps/api/src/infrastructure/kv/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'setInterval', message: 'Add a job to apps/api/src/composition/jobs/registry.ts instead.' },
      ],
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
      'vitest/expect-expect': [
        'error',
        { assertFunctionNames: ['expect', 'expectTypeOf', 'assert', 'expectSameRules', 'expectRefundsExactlyOnce'] },
      ],
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
