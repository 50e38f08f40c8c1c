import { type Kysely } from 'kysely';

// The support inbox (ADR 0019, "Support inbox"). A thread is one request: a contact-form message
// (topic SUPPORT, BUSINESS, ECOSYSTEM or REFUND) or an invoice request a customer made on an
// order (topic INVOICE, one thread per request: the unique index on invoice_request_id). Staff
// keep its state (NEW, ANSWERED, CLOSED) and assignee; each answer is a row of support_replies,
// sent by email. A reply's client_id is chosen by the screen: the unique (thread_id, client_id)
// makes a repeated click one reply and one email however many arrive at once.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('support_threads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('topic', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('NEW'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text')
    .addColumn('order_id', 'text')
    .addColumn('invoice_request_id', 'text')
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('ip', 'text')
    .addColumn('assignee_id', 'text')
    .addColumn('state_note', 'text')
    .addColumn('reply_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('support_threads_created_idx').on('support_threads').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('support_threads_state_idx').on('support_threads').columns(['state', 'created_at', 'id']).execute();
  await db.schema.createIndex('support_threads_assignee_idx').on('support_threads').columns(['assignee_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('support_threads_invoice_uq').on('support_threads').column('invoice_request_id').unique().execute();
  await db.schema
    .createTable('support_replies')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('thread_id', 'text', (col) => col.notNull().references('support_threads.id'))
    .addColumn('client_id', 'text', (col) => col.notNull())
    .addColumn('staff_id', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('delivered_at', 'text')
    .addColumn('delivery_error', 'text')
    .execute();
  await db.schema.createIndex('support_replies_client_uq').on('support_replies').columns(['thread_id', 'client_id']).unique().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('support_replies').execute();
  await db.schema.dropTable('support_threads').execute();
}
