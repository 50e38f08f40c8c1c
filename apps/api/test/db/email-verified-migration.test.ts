import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/infrastructure/db/dialect';
import { migrateToLatest } from '../../src/infrastructure/db/migrate';
import { migrations } from '../../src/infrastructure/db/migrations';
import { createTestDatabase, testDialects, type TestDatabase } from '../helper';

// Migration 0040 (ADR 0028) on a database from before it: every phone and email already on file
// counts as verified (both were used as the account's own); an address not on file has none.

describe.each(testDialects())('contact verification on a database from before 0040 ($dialect)', ({ dialect }) => {
  let test: TestDatabase;
  const at = '2026-01-02T03:04:05.000Z';
  const rows = {
    both: { id: newId(), username: 'legacy_both', mobile: '+8613912340400', email: 'legacy_both@example.com' },
    phoneOnly: { id: newId(), username: 'legacy_phone', mobile: '+8613912340401', email: null },
    erased: { id: newId(), username: null, mobile: null, email: null },
  };

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { migrate: false });
    await migrateToLatest(test.handle);
    await migrations['0040-contact-verification']!.down!(test.handle.db);
    for (const row of Object.values(rows)) {
      await test.handle.db
        .insertInto('users')
        .values({
          id: row.id,
          username: row.username,
          username_norm: row.username,
          mobile: row.mobile,
          email: row.email,
          nickname: row.username ?? 'deleted',
          password_hash: 'x',
          password_changed_at: at,
          member_expires_at: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    await migrations['0040-contact-verification']!.up(test.handle.db);
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  it('takes the addresses on file as verified when they were last written, and nothing else', async () => {
    const found = await test.handle.db
      .selectFrom('users')
      .select(['id', 'mobile_verified_at', 'email_verified_at'])
      .orderBy('id')
      .execute();
    const byId = Object.fromEntries(found.map((row) => [row.id, row]));
    expect(byId[rows.both.id]).toMatchObject({ mobile_verified_at: at, email_verified_at: at });
    expect(byId[rows.phoneOnly.id]).toMatchObject({ mobile_verified_at: at, email_verified_at: null });
    expect(byId[rows.erased.id]).toMatchObject({ mobile_verified_at: null, email_verified_at: null });
  });
});
