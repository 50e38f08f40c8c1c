import path from 'node:path';
import { defineConfig } from 'vitest/config';

// One config, three projects: `npm run test:unit` runs contracts + web, `npm run test:api` the
// API integration tests (SQLite always, PostgreSQL too when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    // Off unless asked for (scripts/test.mjs passes --coverage.enabled and a reports directory
    // per step). V8 coverage is one setting for the whole run, not per project; `include` is
    // matched from the root of each project run (`--project api` looks in apps/api), so `src/**`
    // is the source folder of each workspace tested, files no test loaded included.
    coverage: {
      provider: 'v8',
      include: ['src/**'],
      exclude: ['**/node_modules/**', '**/*.test.{ts,tsx}', '**/*.d.ts', '**/*.md'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
    },
    projects: [
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          // pure functions and schemas: one module graph per worker is safe and saves the imports
          isolate: false,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        resolve: {
          alias: {
            '@': path.resolve(import.meta.dirname, 'apps/web/src'),
            // the marker throws outside React's server build; the unit tests import server files directly
            'server-only': path.resolve(import.meta.dirname, 'node_modules/server-only/empty.js'),
          },
        },
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          // counts the ledger balance check every test database gets as it is thrown away
          globalSetup: ['./test/ledger-check.global.ts'],
          environment: 'node',
          // One module graph per worker instead of per file: importing the app (Fastify, Kysely,
          // every module) took most of the step's time. Files keep to their own databases, apps
          // and ports; the two that fake timers or spy restore them in afterEach.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
