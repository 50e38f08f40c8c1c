import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../../../src/infrastructure/db/migrations';
import { ownTableNames } from '../../databases';
import { createTestDatabase, testDialects, type TestDatabase } from '../../helper';

// ADR 0019: audit_log is append-only in the database itself, on both dialects alike.
describe.each(testDialects())('audit_log append-only on $dialect', ({ dialect }) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase(dialect);
    await sql`INSERT INTO audit_log (id, at, staff_id, action, target_type, target_id, reason)
      VALUES ('a1', '2026-11-24T10:00:00.000Z', NULL, 'staff.create', 'staff', 's1', NULL)`.execute(test.handle.db);
  });
  afterEach(async () => {
    await test.cleanup();
  });

  it('accepts an insert and refuses UPDATE through raw SQL', async () => {
    await expect(sql`UPDATE audit_log SET action = 'forged' WHERE id = 'a1'`.execute(test.handle.db)).rejects.toThrow(/append-only/);
    const rows = await sql<{ action: string }>`SELECT action FROM audit_log`.execute(test.handle.db);
    expect(rows.rows).toEqual([{ action: 'staff.create' }]);
  });

  it('refuses DELETE through raw SQL', async () => {
    await expect(sql`DELETE FROM audit_log WHERE id = 'a1'`.execute(test.handle.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(test.handle.db)).rejects.toThrow(/append-only/);
    const rows = await sql<{ n: number | string }>`SELECT count(*) AS n FROM audit_log`.execute(test.handle.db);
    expect(Number(rows.rows[0]?.n)).toBe(1);
  });

  it('0024 goes down and up again', async () => {
    const m0024 = migrations['0024-back-office']!;
    // staff_passkeys (0033) references staff: it goes first and comes back last
    const m0033 = migrations['0033-staff-passkeys']!;
    const ownTables = () => ownTableNames(test.handle);
    await m0033.down!(test.handle.db);
    await m0024.down!(test.handle.db);
    let tables = await ownTables();
    expect(tables).not.toContain('audit_log');
    expect(tables).not.toContain('staff');
    await m0024.up(test.handle.db);
    await m0033.up(test.handle.db);
    tables = await ownTables();
    expect(tables).toEqual(expect.arrayContaining(['staff', 'staff_sessions', 'audit_log', 'staff_passkeys']));
    await sql`INSERT INTO audit_log (id, at, action) VALUES ('a2', '2026-11-24T10:00:00.000Z', 'x')`.execute(test.handle.db);
    await expect(sql`UPDATE audit_log SET action = 'y'`.execute(test.handle.db)).rejects.toThrow(/append-only/);
  });
});
