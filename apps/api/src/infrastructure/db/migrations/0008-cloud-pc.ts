import { type Kysely } from 'kysely';

// Cloud-PC rental: the rented machines, which orders renew which machine, provider
// (seller) sign-ups and invoice requests. Renting, renewing and refunding go through the order
// tables of 0005 (item type CLOUD_PC); these tables only hold what is specific to machines.
// Timestamps are UTC ISO text, booleans 0/1, amounts integer fen (see ../dialect.ts).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cloud_pcs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('plan_id', 'text', (col) => col.notNull())
    .addColumn('time_unit', 'text', (col) => col.notNull())
    // RUNNING | RELEASED | EXPIRED
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('auto_renew', 'integer', (col) => col.notNull())
    // the order that rented it; unique: one machine per rental order
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('paid_at', 'text', (col) => col.notNull())
    // 1 when the rental order is the account's first cloud-PC order (the 15-minute refund)
    .addColumn('first_order', 'integer', (col) => col.notNull())
    .addColumn('refund_claimed_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('released_at', 'text')
    // the open renewal order (Renew button or auto-renew), if any
    .addColumn('renewal_order_id', 'text')
    .execute();
  await db.schema.createIndex('cloud_pcs_order_uq').on('cloud_pcs').column('order_id').unique().execute();
  await db.schema.createIndex('cloud_pcs_user_idx').on('cloud_pcs').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('cloud_pcs_status_expires_idx').on('cloud_pcs').columns(['status', 'expires_at']).execute();

  // A renewal order names its machine here (order_items stay as 0005 made them).
  await db.schema
    .createTable('cloud_pc_renewals')
    .addColumn('order_id', 'text', (col) => col.primaryKey())
    .addColumn('cloud_pc_id', 'text', (col) => col.notNull().references('cloud_pcs.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('cloud_pc_renewals_pc_idx').on('cloud_pc_renewals').column('cloud_pc_id').execute();

  await db.schema
    .createTable('cloud_pc_provider_applications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('company', 'text', (col) => col.notNull())
    .addColumn('contact_name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('hardware', 'text', (col) => col.notNull())
    .addColumn('machine_count', 'integer', (col) => col.notNull())
    .addColumn('message', 'text')
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('cloud_pc_provider_applications_created_idx')
    .on('cloud_pc_provider_applications')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('cloud_pc_invoice_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // unique: one request per order
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // NORMAL | SPECIAL
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('tax_id', 'text')
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('amount_fen', 'integer', (col) => col.notNull())
    // REQUESTED (the seller issues it outside this system)
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('cloud_pc_invoice_requests_order_uq').on('cloud_pc_invoice_requests').column('order_id').unique().execute();
  await db.schema
    .createIndex('cloud_pc_invoice_requests_user_idx')
    .on('cloud_pc_invoice_requests')
    .columns(['user_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cloud_pc_invoice_requests').execute();
  await db.schema.dropTable('cloud_pc_provider_applications').execute();
  await db.schema.dropTable('cloud_pc_renewals').execute();
  await db.schema.dropTable('cloud_pcs').execute();
}
