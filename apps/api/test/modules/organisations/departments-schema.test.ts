import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, toDbDate } from '../../../src/infrastructure/db/dialect';
import { migrations } from '../../../src/infrastructure/db/migrations';
import { departmentIdsUnder } from '../../../src/modules/organisations/organisations.repository';
import { type OrgDepartmentsTable } from '../../../src/modules/organisations/organisations.tables';
import { createTestDatabase, ownTableNames, testDialects, type TestDatabase } from '../../databases';

// The department tree's sub-tree read is one prefix match on the (org_id, path) index on both
// databases (ADR 0043: LIKE with text_pattern_ops on PostgreSQL, a range on SQLite), checked
// with the database's own plan over 10 organisations of 500 departments each; and migration
// 0053 goes down and up again.

const ORGS = 10;
const PER_ORG = 500;

describe.each(testDialects())('organisation departments schema ($dialect)', ({ dialect }) => {
  let test: TestDatabase;
  let orgId = '';
  let prefix = '';

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    const db = test.handle.db;
    const stamp = toDbDate(new Date());
    for (let o = 0; o < ORGS; o += 1) {
      const org = newId();
      await db
        .insertInto('organisations')
        .values({
          id: org,
          name: `Org ${o}`,
          logo_url: null,
          contact_email: null,
          created_by: 'u',
          created_at: stamp,
          updated_at: stamp,
          closing_at: null,
        })
        .execute();
      // ten roots of fifty: each root holds a chain of 49 below it
      const rows: OrgDepartmentsTable[] = [];
      for (let r = 0; r < 10; r += 1) {
        let parent: { id: string; path: string } | null = null;
        for (let d = 0; d < PER_ORG / 10; d += 1) {
          const id = newId();
          const path: string = `${parent?.path ?? '/'}${id}/`;
          rows.push({ id, org_id: org, parent_id: parent?.id ?? null, path, name: `D${r}.${d}`, created_at: stamp, updated_at: stamp });
          parent = { id, path };
        }
      }
      for (let i = 0; i < rows.length; i += 100)
        await db
          .insertInto('org_departments')
          .values(rows.slice(i, i + 100))
          .execute();
      orgId = org;
      prefix = rows[PER_ORG - 10]!.path;
    }
    await sql`ANALYZE`.execute(db);
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it('reads a sub-tree by the (org_id, path) index, not by scanning the table', async () => {
    const db = test.handle.db;
    const query = departmentIdsUnder(db, orgId, [prefix]).compile();
    const ids = await db.executeQuery(query);
    expect(ids.rows).toHaveLength(10);
    const explain = dialect === 'postgres' ? 'EXPLAIN (FORMAT TEXT) ' : 'EXPLAIN QUERY PLAN ';
    const plan = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(explain + query.sql, [...query.parameters]));
    const text = plan.rows.map((row) => Object.values(row).join(' ')).join('\n');
    expect(text).toContain('org_departments_path_uq');
    expect(text).not.toMatch(/Seq Scan|SCAN org_departments(?! USING)/);
  });

  it('0053 (with 0054, 0055 and 0056 on it) goes down and up again, the audit log append-only after', async () => {
    const other = await createTestDatabase(dialect);
    try {
      const m0053 = migrations['0053-organisations']!;
      const m0054 = migrations['0054-org-invitations']!;
      const m0055 = migrations['0055-org-devices']!;
      const m0056 = migrations['0056-org-access-rules']!;
      // 0054's invitations, 0055's devices and 0056's rules stand on 0053's organisations: down first, up after
      await m0056.down!(other.handle.db);
      expect(await ownTableNames(other.handle)).not.toContain('org_access_rules');
      await m0055.down!(other.handle.db);
      expect(await ownTableNames(other.handle)).not.toContain('org_devices');
      await m0054.down!(other.handle.db);
      expect(await ownTableNames(other.handle)).not.toContain('org_invitations');
      await m0053.down!(other.handle.db);
      expect(await ownTableNames(other.handle)).not.toContain('org_audit_log');
      await m0053.up(other.handle.db);
      expect(await ownTableNames(other.handle)).toEqual(
        expect.arrayContaining(['organisations', 'org_roles', 'org_members', 'org_department_admins', 'org_departments', 'org_audit_log']),
      );
      await m0054.up(other.handle.db);
      expect(await ownTableNames(other.handle)).toContain('org_invitations');
      await m0055.up(other.handle.db);
      expect(await ownTableNames(other.handle)).toEqual(expect.arrayContaining(['org_device_groups', 'org_deploy_codes', 'org_devices']));
      await m0056.up(other.handle.db);
      expect(await ownTableNames(other.handle)).toContain('org_access_rules');
      await sql`INSERT INTO org_audit_log (id, org_id, action, target_type, target_id, created_at)
        VALUES ('a1', 'o1', 'org.create', 'organisation', 'o1', '2026-12-03T10:00:00.000Z')`.execute(other.handle.db);
      await expect(sql`UPDATE org_audit_log SET action = 'forged'`.execute(other.handle.db)).rejects.toThrow(/append-only/);
      const roles = await other.handle.db.selectFrom('org_roles').select('id').where('org_id', 'is', null).execute();
      expect(roles).toHaveLength(5);
    } finally {
      await other.cleanup();
    }
  });
});
