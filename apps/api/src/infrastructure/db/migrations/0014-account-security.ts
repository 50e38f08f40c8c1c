import { type Kysely } from 'kysely';

// The security centre: what a session passed at log-in (second_factor), every
// sign-in attempt (login_events, for the history and the new-device rule), two-step
// verification by TOTP (user_totp: the secret encrypted, the last step used; totp_backup_codes:
// hashes, each used once) and the account's notification switches.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // TOTP | BACKUP_CODE | PASSKEY when the log-in passed a second factor, else null
  await db.schema.alterTable('sessions').addColumn('second_factor', 'text').execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'revoked_at']).execute();

  await db.schema
    .createTable('login_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    // 0/1
    .addColumn('success', 'integer', (col) => col.notNull())
    // password | sms_code | access_key | totp | backup_code | passkey | signup
    .addColumn('method', 'text', (col) => col.notNull())
    // error code name of a failure
    .addColumn('failure', 'text')
    .addColumn('ip', 'text')
    .addColumn('country_code', 'text')
    .addColumn('user_agent', 'text')
    // hex SHA-256 of the device fingerprint (see modules/account-security/devices.ts)
    .addColumn('device_key', 'text')
    // 0/1: the first successful sign-in of this device key on the account
    .addColumn('new_device', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_events_user_created').on('login_events').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('login_events_user_device').on('login_events').columns(['user_id', 'device_key']).execute();

  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    // AES-256-GCM of the base32 secret: base64url(iv).base64url(tag).base64url(ciphertext)
    .addColumn('secret_enc', 'text', (col) => col.notNull())
    // null while set up but not confirmed
    .addColumn('enabled_at', 'text')
    // the newest time step accepted (codes of it and before are refused: no replay)
    .addColumn('last_step', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('totp_backup_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    // HMAC-SHA-256 of the normalised code
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('totp_backup_codes_user_hash').unique().on('totp_backup_codes').columns(['user_id', 'code_hash']).execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    // 0/1, on when no row exists
    .addColumn('new_device_alerts', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.dropTable('totp_backup_codes').execute();
  await db.schema.dropTable('user_totp').execute();
  await db.schema.dropTable('login_events').execute();
  await db.schema.dropIndex('sessions_user').execute();
  await db.schema.alterTable('sessions').dropColumn('second_factor').execute();
}
