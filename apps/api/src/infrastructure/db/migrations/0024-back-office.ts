import { type Kysely, PostgresAdapter, sql } from 'kysely';

// The back office (ADR 0019): staff accounts apart from customers, their own sessions, and the
// append-only audit log. staff.setup_token_hash is the one-time set-up link of `admin:create`
// (hex SHA-256, single use, valid until setup_expires_at); a member has no password and no TOTP
// until the set-up is done. audit_log refuses UPDATE and DELETE on both dialects by trigger.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('username', 'text', (col) => col.notNull())
    /** lower-cased username, unique */
    .addColumn('username_norm', 'text', (col) => col.notNull().unique())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('setup_token_hash', 'text')
    .addColumn('setup_expires_at', 'text')
    .addColumn('locale', 'text', (col) => col.notNull().defaultTo('zh-CN'))
    .addColumn('locked_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('staff_setup_token_hash').unique().on('staff').column('setup_token_hash').execute();

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('staff_id', 'text', (col) => col.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('second_factor', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('at', 'text', (col) => col.notNull())
    /** null for an action of the command line (admin:create) */
    .addColumn('staff_id', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('reason', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_id').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_staff_at_id').on('audit_log').columns(['staff_id', 'at', 'id']).execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_type', 'target_id', 'at']).execute();

  if (isPostgres(db)) {
    await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`.execute(db);
    await sql`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute(); // drops its triggers with it
  if (isPostgres(db)) await sql`DROP FUNCTION audit_log_append_only()`.execute(db);
  await db.schema.dropTable('staff_sessions').execute();
  await db.schema.dropTable('staff').execute();
}
