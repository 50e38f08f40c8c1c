import { type Kysely } from 'kysely';

// Redemption codes (redeem_codes: one row per code, only its keyed hash is stored), screen
// walls (monitor_walls: an account's named, ordered lists of devices) and seats (one row per
// unit of a MEMBER or CHANNEL order item bought as seats). See
// docs/adr/0018-seats-codes-walls.md.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('redeem_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // hex HMAC-SHA256(REDEEM_CODE_PEPPER, the 16 canonical characters)
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('batch', 'text', (col) => col.notNull())
    // MEMBER_DAYS | MONITOR | CHANNEL_DAYS | QUALITY_DAYS
    .addColumn('kind', 'text', (col) => col.notNull())
    // days, or screen walls for MONITOR
    .addColumn('amount', 'integer', (col) => col.notNull())
    // HD | ULTRA for QUALITY_DAYS
    .addColumn('quality_tier', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('redeemed_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('redeemed_at', 'text')
    // what the redemption changed, the same shape as order_items.grant_json
    .addColumn('grant_json', 'text')
    .execute();
  await db.schema.createIndex('redeem_codes_code_hash').unique().on('redeem_codes').column('code_hash').execute();
  await db.schema.createIndex('redeem_codes_batch').on('redeem_codes').column('batch').execute();

  await db.schema
    .createTable('monitor_walls')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    // JSON array of device ids, in layout order
    .addColumn('device_ids_json', 'text', (col) => col.notNull())
    .addColumn('device_count', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('monitor_walls_user').on('monitor_walls').column('user_id').execute();

  // 1: a MEMBER or CHANNEL item bought as seats (POST /order/createV2 asSeats), fulfilled as
  // `quantity` seats instead of the buyer's own term
  await db.schema
    .alterTable('order_items')
    .addColumn('as_seats', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('seats')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // the buyer
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('order_item_id', 'text', (col) => col.notNull())
    // MEMBER | CHANNEL
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    // at most one of the two holds it
    .addColumn('assignee_user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('assignee_device_id', 'text')
    // when the seat last changed holder (the 7-day rule counts from here); kept after unassign
    .addColumn('assigned_at', 'text')
    // the order was refunded: the seat gives nothing any more
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('seats_owner').on('seats').column('owner_id').execute();
  await db.schema.createIndex('seats_assignee_user').on('seats').column('assignee_user_id').execute();
  await db.schema.createIndex('seats_assignee_device').on('seats').column('assignee_device_id').execute();
  await db.schema.createIndex('seats_order_item').on('seats').column('order_item_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('seats').execute();
  await db.schema.alterTable('order_items').dropColumn('as_seats').execute();
  await db.schema.dropTable('monitor_walls').execute();
  await db.schema.dropTable('redeem_codes').execute();
}
