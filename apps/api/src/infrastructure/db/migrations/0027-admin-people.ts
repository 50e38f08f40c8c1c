import { type Kysely, PostgresAdapter, sql } from 'kysely';

// The back office's users and orders (ADR 0019, step 2).
// - users.locked_at: a user locked by staff signs in nowhere (every sign-in path ends in
//   finishSignIn, which refuses it); locking also ends the user's sessions.
// - invoice_requests.invoice_no / reject_reason: what staff answered to a request.
// - Search: user search is exact on id and prefix on username_norm, mobile and email. On
//   PostgreSQL a prefix LIKE uses an index only with text_pattern_ops (the database's collation
//   is not C), so those three get one each; SQLite answers prefixes as ranges on the unique
//   indexes of 0002. Order lists are keyset pages on (created_at, id), by state too.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('locked_at', 'text').execute();
  await db.schema.alterTable('invoice_requests').addColumn('invoice_no', 'text').execute();
  await db.schema.alterTable('invoice_requests').addColumn('reject_reason', 'text').execute();
  await db.schema.createIndex('users_created_id_idx').on('users').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('orders_created_id_idx').on('orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('orders_status_created_id_idx').on('orders').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('orders_user_created_id_idx').on('orders').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('invoice_requests_state_id_idx').on('invoice_requests').columns(['state', 'id']).execute();
  if (isPostgres(db)) {
    await sql`CREATE INDEX users_username_prefix_idx ON users (username_norm text_pattern_ops)`.execute(db);
    await sql`CREATE INDEX users_mobile_prefix_idx ON users (mobile text_pattern_ops)`.execute(db);
    await sql`CREATE INDEX users_email_prefix_idx ON users (email text_pattern_ops)`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const name of ['users_email_prefix_idx', 'users_mobile_prefix_idx', 'users_username_prefix_idx'])
      await db.schema.dropIndex(name).execute();
  }
  for (const name of [
    'invoice_requests_state_id_idx',
    'orders_user_created_id_idx',
    'orders_status_created_id_idx',
    'orders_created_id_idx',
    'users_created_id_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.alterTable('invoice_requests').dropColumn('reject_reason').execute();
  await db.schema.alterTable('invoice_requests').dropColumn('invoice_no').execute();
  await db.schema.alterTable('users').dropColumn('locked_at').execute();
}
