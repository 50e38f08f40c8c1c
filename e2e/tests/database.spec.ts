import { expect, test } from '@playwright/test';

// The journeys tagged @writes run again on PostgreSQL (npm test step e2e-pg, and scale-out);
// this one fails those runs if the API they drive is on another database than the run asked for
// (E2E_DIALECT: set by playwright.config.ts from the database it starts the API on, or by
// the caller for a site that is already up).
test('the API reports the database dialect this run asked for', { tag: '@writes' }, async ({ request }) => {
  const expected = process.env.E2E_DIALECT;
  expect(expected, 'E2E_DIALECT names the database of this run').toMatch(/^(sqlite|postgres)$/);
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  const body = await health.json();
  expect(body.data.database).toMatchObject({ ok: true, dialect: expected });
});
