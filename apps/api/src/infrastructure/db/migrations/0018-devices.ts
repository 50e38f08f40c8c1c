import { type Kysely } from 'kysely';

// Devices, device groups and sharing, and the device limits of the plans.
// A device belongs to one account; `device_key` is the app's own stable id, unique per account,
// so registration is idempotent and 20 parallel registrations make one row. Presence (online)
// lives in the key-value store, not here: `last_seen_at` is written at most once a minute.
// A share names a device or a group (exactly one) and gives its recipient VIEW, CONTROL or
// MANAGE. Timestamps are UTC ISO text (see ../dialect.ts).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // what each plan allows, from content/seed/pricing.json (null until seeded)
  await db.schema.alterTable('pricing_plans').addColumn('device_limit', 'integer').execute();
  await db.schema.alterTable('pricing_plans').addColumn('session_limit', 'integer').execute();

  await db.schema
    .createTable('device_groups')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    // lower-cased name: one group of a name per account
    .addColumn('name_norm', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('device_groups_user_name_uq').on('device_groups').columns(['user_id', 'name_norm']).unique().execute();

  await db.schema
    .createTable('devices')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_key', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('client_type', 'text', (col) => col.notNull())
    .addColumn('chip_type', 'text')
    .addColumn('os_version', 'text')
    .addColumn('app_version', 'text')
    .addColumn('group_id', 'text', (col) => col.references('device_groups.id').onDelete('set null'))
    // LoginWay: LOGIN_OUT | GUEST | ONLY_CONTROLLED | DEVICE_MANAGE | ALL
    .addColumn('policy', 'text', (col) => col.notNull())
    .addColumn('last_ip', 'text')
    // ISO country of last_ip (location service); null when unknown
    .addColumn('last_country', 'text')
    .addColumn('last_seen_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('devices_user_key_uq').on('devices').columns(['user_id', 'device_key']).unique().execute();
  await db.schema.createIndex('devices_user_created_idx').on('devices').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('devices_group_idx').on('devices').column('group_id').execute();

  await db.schema
    .createTable('device_shares')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (col) => col.references('devices.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (col) => col.references('device_groups.id').onDelete('cascade'))
    // VIEW | CONTROL | MANAGE
    .addColumn('permission', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // one share per target and recipient (NULLs are distinct on both dialects)
  await db.schema.createIndex('device_shares_device_uq').on('device_shares').columns(['device_id', 'recipient_id']).unique().execute();
  await db.schema.createIndex('device_shares_group_uq').on('device_shares').columns(['group_id', 'recipient_id']).unique().execute();
  await db.schema.createIndex('device_shares_recipient_idx').on('device_shares').column('recipient_id').execute();
  await db.schema.createIndex('device_shares_owner_idx').on('device_shares').column('owner_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('device_shares').execute();
  await db.schema.dropTable('devices').execute();
  await db.schema.dropTable('device_groups').execute();
  await db.schema.alterTable('pricing_plans').dropColumn('session_limit').execute();
  await db.schema.alterTable('pricing_plans').dropColumn('device_limit').execute();
}
