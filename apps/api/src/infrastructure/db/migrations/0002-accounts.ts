import { type Kysely } from 'kysely';

// Accounts: users with their membership summary, and log-in sessions. Codes, access keys and
// rate-limit counters are short-lived and live in the key-value store, not here.
//
// Identifiers are unique but optional (an account may have no email, a future one no phone):
// both dialects allow many NULLs in a unique index. Usernames are compared case-insensitively
// through username_norm (lower-cased); username keeps the spelling the user chose. Emails are
// stored lower-cased.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('username', 'text')
    .addColumn('username_norm', 'text')
    .addColumn('mobile', 'text')
    .addColumn('email', 'text')
    .addColumn('nickname', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('password_changed_at', 'text', (col) => col.notNull())
    // membership summary, kept current by fulfilment
    .addColumn('member_plan', 'text', (col) => col.notNull().defaultTo('FREE'))
    .addColumn('member_expires_at', 'text')
    .addColumn('monitor_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('quality_tier', 'text', (col) => col.notNull().defaultTo('STANDARD'))
    .addColumn('channel_enabled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('manage_count', 'integer', (col) => col.notNull().defaultTo(3))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('users_username_norm_uq').on('users').column('username_norm').unique().execute();
  await db.schema.createIndex('users_mobile_uq').on('users').column('mobile').unique().execute();
  await db.schema.createIndex('users_email_uq').on('users').column('email').unique().execute();

  // One row per log-in. The token itself is never stored: token_hash = SHA-256(token).
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    // absolute end; the idle end is last_seen_at + idle lifetime
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('login_type', 'text', (col) => col.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_token_hash_uq').on('sessions').column('token_hash').unique().execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id', 'revoked_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
