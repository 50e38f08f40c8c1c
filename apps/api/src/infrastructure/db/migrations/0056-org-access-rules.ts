import { type Kysely } from 'kysely';

// An organisation's access rules (modules/organisations, ADR 0046): a subject (a member, a
// department, a role) gets VIEW, CONTROL or MANAGE on an object (a device or a device group),
// each with or without its sub-tree. One rule per subject × object: the unique index is also the
// decision's lookup (object first, then subject); the second index a member's reach. No foreign
// keys to the subjects and objects: what a rule names is refused deletion or takes its rules with
// it in the service (ADR 0046). Ids come from the app; timestamps are UTC ISO text, booleans 0/1.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('org_access_rules')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('org_id', 'text', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    // MEMBER | DEPARTMENT | ROLE
    .addColumn('subject_type', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'text', (col) => col.notNull())
    .addColumn('subject_subtree', 'integer', (col) => col.notNull())
    // DEVICE | GROUP
    .addColumn('object_type', 'text', (col) => col.notNull())
    .addColumn('object_id', 'text', (col) => col.notNull())
    .addColumn('object_subtree', 'integer', (col) => col.notNull())
    // VIEW | CONTROL | MANAGE
    .addColumn('permission', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('org_access_rules_pair_uq')
    .on('org_access_rules')
    .columns(['org_id', 'object_type', 'object_id', 'subject_type', 'subject_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('org_access_rules_subject_idx')
    .on('org_access_rules')
    .columns(['org_id', 'subject_type', 'subject_id'])
    .execute();
  // the list's keyset order (newest first)
  await db.schema.createIndex('org_access_rules_org_idx').on('org_access_rules').columns(['org_id', 'created_at', 'id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('org_access_rules').execute();
}
