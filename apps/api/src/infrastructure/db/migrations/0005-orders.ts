import { type Kysely } from 'kysely';

// Orders, order items, payments, refunds, QR codes for the desktop app, payment notifications
// and idempotency keys. Row types: db/tables/orders.table.ts.
//
// Money is integer fen. IDs are ULIDs made in the app, timestamps UTC ISO text, booleans 0/1
// (ADR 0004). Exactly-once rests on conditional updates (status/state in the WHERE clause) and
// on the unique payment_notifications.dedupe_key, so it holds on SQLite and PostgreSQL alike.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('restrict'))
    // CREATED | PENDING_PAYMENT | PAID | FULFILLED | COMPLETED | CANCELLED | EXPIRED | REFUNDING | REFUNDED
    .addColumn('status', 'text', (col) => col.notNull())
    // WEB (POST /order/createV2) | QR_CODE (desktop-app code)
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('total_fen', 'integer', (col) => col.notNull())
    .addColumn('original_total_fen', 'integer', (col) => col.notNull())
    .addColumn('refunded_fen', 'integer', (col) => col.notNull().defaultTo(0))
    // what the payer's wallet shows
    .addColumn('subject', 'text', (col) => col.notNull())
    // SHA-256 of the token that lets a /pay page (not logged in) pay and read a QR-code order
    .addColumn('pay_token_hash', 'text')
    // the payment that paid it, and the method/client of that (or the latest) attempt
    .addColumn('paid_payment_id', 'text')
    .addColumn('pay_method', 'text')
    .addColumn('pay_client', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('fulfilled_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'id']).execute();
  // the expiry and completion sweeps
  await db.schema.createIndex('orders_status_expires_idx').on('orders').columns(['status', 'expires_at']).execute();
  await db.schema.createIndex('orders_status_fulfilled_idx').on('orders').columns(['status', 'fulfilled_at']).execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (col) => col.notNull())
    .addColumn('sku_id', 'text', (col) => col.notNull())
    .addColumn('time_unit', 'text')
    .addColumn('duration', 'integer', (col) => col.notNull())
    .addColumn('units', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('quality_tier', 'text')
    .addColumn('price_fen', 'integer', (col) => col.notNull())
    .addColumn('original_price_fen', 'integer', (col) => col.notNull())
    .addColumn('amount_fen', 'integer', (col) => col.notNull())
    // JSON of what fulfilment changed (before/after), so a refund can take it back
    .addColumn('grant_json', 'text')
    .execute();
  await db.schema.createIndex('order_items_order_idx').on('order_items').column('order_id').execute();

  // One row per payment attempt (POST /pay/payV2).
  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    // our out_trade_no at the gateway
    .addColumn('payment_no', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('client', 'text', (col) => col.notNull())
    .addColumn('amount_fen', 'integer', (col) => col.notNull())
    // CREATED (gateway not asked yet) | PENDING (charge open) | PAID | CLOSED | FAILED
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('gateway_trade_no', 'text')
    // 1: paid, but the order was already paid or closed: the money must go back
    .addColumn('needs_refund', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('paid_at', 'text')
    .execute();
  await db.schema.createIndex('payments_payment_no_uq').on('payments').column('payment_no').unique().execute();
  await db.schema.createIndex('payments_order_idx').on('payments').columns(['order_id', 'state']).execute();
  await db.schema.createIndex('payments_needs_refund_idx').on('payments').columns(['needs_refund', 'state']).execute();

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // our out_request_no / out_refund_no
    .addColumn('refund_no', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('payment_id', 'text', (col) => col.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('amount_fen', 'integer', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    // PENDING (gateway not asked yet) | PROCESSING | SUCCEEDED | FAILED
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('gateway_refund_no', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('refunds_refund_no_uq').on('refunds').column('refund_no').unique().execute();
  await db.schema.createIndex('refunds_order_idx').on('refunds').column('order_id').execute();
  await db.schema.createIndex('refunds_payment_idx').on('refunds').column('payment_id').execute();

  // Desktop-app payment codes. The code itself is never stored: code_hash = SHA-256(code).
  await db.schema
    .createTable('order_qr_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sku_id', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('order_id', 'text')
    .execute();
  await db.schema.createIndex('order_qr_codes_code_hash_uq').on('order_qr_codes').column('code_hash').unique().execute();
  await db.schema.createIndex('order_qr_codes_expires_idx').on('order_qr_codes').column('expires_at').execute();

  // Successful payment notifications that changed something: one row per paid payment
  // (dedupe_key = method:payment_no), written in the transaction that applies it.
  await db.schema
    .createTable('payment_notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('dedupe_key', 'text', (col) => col.notNull())
    .addColumn('payment_id', 'text', (col) => col.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('gateway_trade_no', 'text', (col) => col.notNull())
    .addColumn('amount_fen', 'integer', (col) => col.notNull())
    // APPLIED (paid the order) | DOUBLE_PAYMENT (order already paid or closed: refund it)
    .addColumn('outcome', 'text', (col) => col.notNull())
    // NOTIFICATION | QUERY (found by reconciliation)
    .addColumn('via', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_notifications_dedupe_uq').on('payment_notifications').column('dedupe_key').unique().execute();

  // Idempotency-Key of POST /order/createV2: per user, remembered for a day.
  await db.schema
    .createTable('order_idempotency_keys')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    // SHA-256 of the canonical request body
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('order_idempotency_keys_pk', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('order_idempotency_keys_expires_idx').on('order_idempotency_keys').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_idempotency_keys').execute();
  await db.schema.dropTable('payment_notifications').execute();
  await db.schema.dropTable('order_qr_codes').execute();
  await db.schema.dropTable('refunds').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('order_items').execute();
  await db.schema.dropTable('orders').execute();
}
