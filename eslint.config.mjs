import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
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
    // Only repositories build queries (ARCHITECTURE.md, "Structure rules"): services hold the
    // rules and may open a transaction, repositories are the only place a query is written.
    // Exceptions: migrations, and the database infrastructure that runs before any module (the
    // start-up lock; the migrator asking PostgreSQL for its current schema). Tests are outside
    // apps/api/src and exempt.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.repository.ts', 'apps/api/src/db/migrations/**', 'apps/api/src/db/startup-lock.ts', 'apps/api/src/db/migrate.ts'],
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
);
