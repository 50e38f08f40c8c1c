import { type Kysely, PostgresAdapter, sql } from 'kysely';

// An organisation's devices (modules/organisations, ADR 0045): its device groups (a tree like the
// departments: parent_id plus a materialised path, a sub-tree one prefix match on (org_id, path),
// text_pattern_ops on PostgreSQL), its deploy codes (only the sha256 of the code stored, uses
// counted by one conditional UPDATE) and the organisation's side of each enrolled device. The
// devices table stays the devices module's: org_devices names a device by its id, one row per
// device (a device is in at most one organisation). Ids come from the app; timestamps are UTC
// ISO text, booleans 0/1.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('org_device_groups')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('org_id', 'text', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (col) => col.references('org_device_groups.id'))
    // /rootId/…/id/: the ids from the root down to this group
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  if (isPostgres(db))
    await sql`CREATE UNIQUE INDEX org_device_groups_path_uq ON org_device_groups (org_id, path text_pattern_ops)`.execute(db);
  else await db.schema.createIndex('org_device_groups_path_uq').on('org_device_groups').columns(['org_id', 'path']).unique().execute();
  await db.schema.createIndex('org_device_groups_parent_idx').on('org_device_groups').columns(['parent_id']).execute();

  await db.schema
    .createTable('org_deploy_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('org_id', 'text', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    // no foreign key: a group is not deleted while a live code targets it, and a revoked or
    // expired code does not hold its group up
    .addColumn('group_id', 'text')
    // hex sha256 of the normalised code (upper case, no dashes or spaces)
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('requires_approval', 'integer', (col) => col.notNull())
    // null: no limit
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('org_deploy_codes_hash_uq').on('org_deploy_codes').column('code_hash').unique().execute();
  // the list's keyset order (newest first)
  await db.schema.createIndex('org_deploy_codes_org_idx').on('org_deploy_codes').columns(['org_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('org_devices')
    // the devices module's devices.id; no foreign key across the owners (ADR 0038)
    .addColumn('device_id', 'text', (col) => col.primaryKey())
    .addColumn('org_id', 'text', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (col) => col.references('org_device_groups.id'))
    // ACTIVE | PENDING | REJECTED
    .addColumn('status', 'text', (col) => col.notNull())
    // what the device said about itself when it enrolled (ADR 0045)
    .addColumn('device_key', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('client_type', 'text', (col) => col.notNull())
    .addColumn('deploy_code_id', 'text')
    .addColumn('enrolled_by', 'text', (col) => col.notNull())
    .addColumn('enrolled_at', 'text', (col) => col.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // the list's keyset order (newest first) and the groups' contents
  await db.schema.createIndex('org_devices_org_idx').on('org_devices').columns(['org_id', 'enrolled_at', 'device_id']).execute();
  await db.schema.createIndex('org_devices_group_idx').on('org_devices').columns(['group_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('org_devices').execute();
  await db.schema.dropTable('org_deploy_codes').execute();
  await db.schema.dropTable('org_device_groups').execute();
}
