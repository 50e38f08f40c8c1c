import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Organisations (modules/organisations, ADR 0043): the organisation, its members, roles,
// departments and the audit log of every change made in it. The department tree is parent_id
// plus a materialised path of ids from the root to the department itself (`/rootId/childId/`),
// so a sub-tree is one prefix match on (org_id, path): PostgreSQL's index for LIKE 'p%' needs
// text_pattern_ops (the database's collation may not order byte-wise); SQLite reads the same
// sub-tree as a range on its plain index. The built-in roles are rows with org_id null and
// id = code, their permissions those of BUILT_IN_ORG_ROLES in @llk/contracts when this ran (a
// test holds them equal). org_audit_log refuses UPDATE and DELETE on both dialects by trigger,
// as the staff audit log does (0024). Ids come from the app; timestamps are UTC ISO text.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const ALL = [
  'members.read',
  'members.manage',
  'devices.read',
  'devices.manage',
  'devices.enrol',
  'access.manage',
  'policies.manage',
  'seats.manage',
  'billing',
  'audit.read',
  'connections.read',
  'settings',
];
const BUILT_IN_ROLES: Array<[code: string, name: string, permissions: string[]]> = [
  ['OWNER', 'Owner', ALL],
  ['ADMIN', 'Admin', ALL.filter((permission) => permission !== 'billing')],
  ['BILLING_ADMIN', 'Billing admin', ['billing', 'seats.manage', 'members.read', 'audit.read']],
  [
    'DEPARTMENT_ADMIN',
    'Department admin',
    ['members.read', 'members.manage', 'devices.read', 'devices.manage', 'access.manage', 'connections.read'],
  ],
  ['MEMBER', 'Member', []],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('organisations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('logo_url', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    // set when closing starts (the cooling-off period); null while open
    .addColumn('closing_at', 'text')
    .execute();

  await db.schema
    .createTable('org_roles')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // null: a built-in role, shared by every organisation
    .addColumn('org_id', 'text', (col) => col.references('organisations.id').onDelete('cascade'))
    // OWNER | ADMIN | BILLING_ADMIN | DEPARTMENT_ADMIN | MEMBER | CUSTOM
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_norm', 'text', (col) => col.notNull())
    // JSON array of permission names
    .addColumn('permissions', 'text', (col) => col.notNull())
    .addColumn('built_in', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // a custom role's name is unique in its organisation
  await db.schema
    .createIndex('org_roles_name_uq')
    .on('org_roles')
    .columns(['org_id', 'name_norm'])
    .unique()
    .where(sql.ref('org_id'), 'is not', null)
    .execute();
  const stamp = '2026-12-03T00:00:00.000Z';
  await db
    .insertInto('org_roles')
    .values(
      BUILT_IN_ROLES.map(([code, name, permissions]) => ({
        id: code,
        org_id: null,
        code,
        name,
        name_norm: name.toLowerCase(),
        permissions: JSON.stringify(permissions),
        built_in: 1,
        created_at: stamp,
        updated_at: stamp,
      })),
    )
    .execute();

  await db.schema
    .createTable('org_departments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('org_id', 'text', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (col) => col.references('org_departments.id'))
    // /rootId/…/id/: the ids from the root down to this department
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  if (postgres) await sql`CREATE UNIQUE INDEX org_departments_path_uq ON org_departments (org_id, path text_pattern_ops)`.execute(db);
  else await db.schema.createIndex('org_departments_path_uq').on('org_departments').columns(['org_id', 'path']).unique().execute();
  await db.schema.createIndex('org_departments_parent_idx').on('org_departments').columns(['parent_id']).execute();

  await db.schema
    .createTable('org_members')
    .addColumn('org_id', 'text', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('role_id', 'text', (col) => col.notNull().references('org_roles.id'))
    // a member is in at most one department
    .addColumn('department_id', 'text', (col) => col.references('org_departments.id'))
    // ACTIVE | DISABLED
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('joined_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('org_members_pk', ['org_id', 'user_id'])
    .execute();
  // the member list's keyset order, a person's organisations, a role's and a department's members
  await db.schema.createIndex('org_members_joined_idx').on('org_members').columns(['org_id', 'joined_at', 'user_id']).execute();
  await db.schema.createIndex('org_members_user_idx').on('org_members').columns(['user_id']).execute();
  await db.schema.createIndex('org_members_role_idx').on('org_members').columns(['org_id', 'role_id']).execute();
  await db.schema.createIndex('org_members_department_idx').on('org_members').columns(['department_id']).execute();

  // the departments a DEPARTMENT_ADMIN administers, each with its sub-tree
  await db.schema
    .createTable('org_department_admins')
    .addColumn('org_id', 'text', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('department_id', 'text', (col) => col.notNull().references('org_departments.id'))
    .addPrimaryKeyConstraint('org_department_admins_pk', ['org_id', 'user_id', 'department_id'])
    .execute();
  await db.schema.createIndex('org_department_admins_department_idx').on('org_department_admins').columns(['department_id']).execute();

  await db.schema
    .createTable('org_audit_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // no foreign key: the log outlives what it names
    .addColumn('org_id', 'text', (col) => col.notNull())
    .addColumn('actor_user_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    // organisation | member | role | department
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('org_audit_log_org_idx').on('org_audit_log').columns(['org_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('org_audit_log_target_idx')
    .on('org_audit_log')
    .columns(['org_id', 'target_type', 'target_id', 'created_at'])
    .execute();
  if (postgres) {
    await sql`CREATE FUNCTION org_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'org_audit_log is append-only'; END $$`.execute(db);
    await sql`CREATE TRIGGER org_audit_log_append_only BEFORE UPDATE OR DELETE ON org_audit_log
      FOR EACH ROW EXECUTE FUNCTION org_audit_log_append_only()`.execute(db);
    await sql`CREATE TRIGGER org_audit_log_no_truncate BEFORE TRUNCATE ON org_audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION org_audit_log_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER org_audit_log_no_update BEFORE UPDATE ON org_audit_log
      BEGIN SELECT RAISE(ABORT, 'org_audit_log is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER org_audit_log_no_delete BEFORE DELETE ON org_audit_log
      BEGIN SELECT RAISE(ABORT, 'org_audit_log is append-only'); END`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('org_audit_log').execute(); // drops its triggers with it
  if (isPostgres(db)) await sql`DROP FUNCTION org_audit_log_append_only()`.execute(db);
  await db.schema.dropTable('org_department_admins').execute();
  await db.schema.dropTable('org_members').execute();
  await db.schema.dropTable('org_departments').execute();
  await db.schema.dropTable('org_roles').execute();
  await db.schema.dropTable('organisations').execute();
}
