import { type Kysely, sql } from 'kysely';

// Connection records (modules/sessions): one row per session a connectCheck allowed or refused,
// with both sides as they were when it started (device names, client types, versions, addresses
// and countries are copied: a removed device or an erased account leaves the other side's
// history readable). No foreign keys to users or devices for the same reason. `expires_at` is
// when the retention job removes the row (the longer history of the two accounts' plans, ADR
// 0042); the job deletes in batches by that index, which takes only row locks (ingest goes on).
// The files and notes of a session go with it. Access alerts and the header's notifications
// belong to the same module. Timestamps are UTC ISO text; bytes are bigint (see ../dialect.ts).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // how far back each plan's connection history goes, from content/seed/pricing.json
  await db.schema.alterTable('pricing_plans').addColumn('history_days', 'integer').execute();

  await db.schema
    .createTable('connection_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // the controlled device's owner and the controlling account; null once erased
    .addColumn('owner_user_id', 'text')
    .addColumn('controller_user_id', 'text')
    .addColumn('from_device_id', 'text')
    .addColumn('to_device_id', 'text')
    .addColumn('from_device_name', 'text', (col) => col.notNull())
    .addColumn('to_device_name', 'text', (col) => col.notNull())
    .addColumn('from_client_type', 'text', (col) => col.notNull())
    .addColumn('to_client_type', 'text', (col) => col.notNull())
    .addColumn('from_app_version', 'text')
    .addColumn('to_app_version', 'text')
    .addColumn('from_ip', 'text')
    .addColumn('from_country', 'text')
    .addColumn('to_ip', 'text')
    .addColumn('to_country', 'text')
    // OWN | VIEW | CONTROL | MANAGE
    .addColumn('permission', 'text', (col) => col.notNull())
    // CONTROL | VIEW | FILE_TRANSFER | TERMINAL
    .addColumn('kind', 'text', (col) => col.notNull())
    // LIVE | ENDED | REFUSED
    .addColumn('status', 'text', (col) => col.notNull())
    // POLICY | PERMISSION | CROSS_BORDER | SESSION_LIMIT (REFUSED only)
    .addColumn('refusal', 'text')
    .addColumn('started_at', 'text', (col) => col.notNull())
    // the last sign of life (connectCheck, /session/update, a heartbeat listing it)
    .addColumn('alive_at', 'text', (col) => col.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .addColumn('ended_by_user_id', 'text')
    .addColumn('duration_seconds', 'integer')
    .addColumn('bytes', 'bigint')
    .addColumn('files_count', 'integer', (col) => col.notNull().defaultTo(0))
    // the refused attempt that passed the alarm threshold
    .addColumn('alarm', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  // each account's history, newest first (the owner's side and the controller's side)
  await db.schema
    .createIndex('connection_sessions_owner_idx')
    .on('connection_sessions')
    .columns(['owner_user_id', 'started_at', 'id'])
    .execute();
  await db.schema
    .createIndex('connection_sessions_controller_idx')
    .on('connection_sessions')
    .columns(['controller_user_id', 'started_at', 'id'])
    .execute();
  // a device's sessions (its page, the device filter, the refused-attempt alarm)
  await db.schema
    .createIndex('connection_sessions_to_device_idx')
    .on('connection_sessions')
    .columns(['to_device_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('connection_sessions_from_device_idx')
    .on('connection_sessions')
    .columns(['from_device_id', 'status'])
    .execute();
  // one running record per pair of devices: a repeated or parallel connectCheck answers the same
  // record (its insert meets this index and reads the row that won) instead of writing another
  await db.schema
    .createIndex('connection_sessions_live_pair_uq')
    .on('connection_sessions')
    .columns(['from_device_id', 'to_device_id'])
    .unique()
    .where(sql.ref('status'), '=', 'LIVE')
    .execute();
  // the history's live and refused-only views (session-history.repository.ts): each side's page
  // reads a small index of those rows instead of every record of the account's window, so the
  // live view polled every few seconds and the refused filter cost the same for an account with a
  // million records; only running and refused rows are in them
  for (const status of ['LIVE', 'REFUSED'])
    for (const side of ['owner', 'controller'])
      await db.schema
        .createIndex(`connection_sessions_${side}_${status.toLowerCase()}_idx`)
        .on('connection_sessions')
        .columns([`${side}_user_id`, 'started_at', 'id'])
        .where(sql.ref('status'), '=', status)
        .execute();
  // the running ones (live view, the LOST sweep) and the retention job
  await db.schema.createIndex('connection_sessions_status_idx').on('connection_sessions').columns(['status', 'alive_at']).execute();
  await db.schema.createIndex('connection_sessions_expires_idx').on('connection_sessions').column('expires_at').execute();

  await db.schema
    .createTable('connection_session_files')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('session_id', 'text', (col) => col.notNull().references('connection_sessions.id').onDelete('cascade'))
    // the app's eventId, else a digest of direction, name, size and hash: one row per file reported
    .addColumn('event_key', 'text', (col) => col.notNull())
    // SENT | RECEIVED
    .addColumn('direction', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'bigint', (col) => col.notNull())
    .addColumn('sha256', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('connection_session_files_event_uq')
    .on('connection_session_files')
    .columns(['session_id', 'event_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('connection_session_notes')
    .addColumn('session_id', 'text', (col) => col.notNull().references('connection_sessions.id').onDelete('cascade'))
    // CONTROLLER | CONTROLLED: one note per side, a repeat replaces it
    .addColumn('side', 'text', (col) => col.notNull())
    .addColumn('author_user_id', 'text')
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('connection_session_notes_pk', ['session_id', 'side'])
    .execute();

  // per device: tell its owner when someone connects
  await db.schema
    .createTable('device_access_alerts')
    .addColumn('device_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('email', 'integer', (col) => col.notNull())
    .addColumn('sms', 'integer', (col) => col.notNull())
    .addColumn('header', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('device_access_alerts_user_idx').on('device_access_alerts').column('user_id').execute();

  // the header's notifications: ACCESS (one per session) and ALARM (one per device and source and window)
  await db.schema
    .createTable('account_notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    // ACCESS | ALARM
    .addColumn('kind', 'text', (col) => col.notNull())
    // ACCESS: access:<sessionId>; ALARM: alarm:<deviceId>:<source>:<window start>: one notification each
    .addColumn('dedupe_key', 'text', (col) => col.notNull())
    .addColumn('device_id', 'text')
    .addColumn('device_name', 'text', (col) => col.notNull())
    .addColumn('session_id', 'text')
    .addColumn('who', 'text', (col) => col.notNull())
    .addColumn('country', 'text')
    .addColumn('attempts', 'integer')
    // what went out besides the header: JSON { email, sms } (sent | quiet | off)
    .addColumn('delivery', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema
    .createIndex('account_notifications_dedupe_uq')
    .on('account_notifications')
    .columns(['user_id', 'dedupe_key'])
    .unique()
    .execute();
  await db.schema.createIndex('account_notifications_user_idx').on('account_notifications').columns(['user_id', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_notifications').execute();
  await db.schema.dropTable('device_access_alerts').execute();
  await db.schema.dropTable('connection_session_notes').execute();
  await db.schema.dropTable('connection_session_files').execute();
  await db.schema.dropTable('connection_sessions').execute();
  await db.schema.alterTable('pricing_plans').dropColumn('history_days').execute();
}
