import { type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// Tables of migration 0052-connection-records. Timestamps are UTC ISO text; booleans integer 0/1;
// bigint columns arrive as strings on PostgreSQL (see infrastructure/db/dialect.ts).

export interface ConnectionSessionsTable {
  id: string;
  owner_user_id: string | null;
  controller_user_id: string | null;
  from_device_id: string | null;
  to_device_id: string | null;
  from_device_name: string;
  to_device_name: string;
  from_client_type: string;
  to_client_type: string;
  from_app_version: string | null;
  to_app_version: string | null;
  from_ip: string | null;
  from_country: string | null;
  to_ip: string | null;
  to_country: string | null;
  /** OWN | VIEW | CONTROL | MANAGE */
  permission: string;
  /** CONTROL | VIEW | FILE_TRANSFER | TERMINAL */
  kind: string;
  /** LIVE | ENDED | REFUSED */
  status: string;
  refusal: string | null;
  started_at: string;
  alive_at: string;
  ended_at: string | null;
  end_reason: string | null;
  ended_by_user_id: string | null;
  duration_seconds: number | null;
  bytes: number | string | null;
  files_count: number;
  alarm: number;
  expires_at: string;
}

export interface ConnectionSessionFilesTable {
  id: string;
  session_id: string;
  event_key: string;
  /** SENT | RECEIVED */
  direction: string;
  name: string;
  size_bytes: number | string;
  sha256: string | null;
  created_at: string;
}

export interface ConnectionSessionNotesTable {
  session_id: string;
  /** CONTROLLER | CONTROLLED */
  side: string;
  author_user_id: string | null;
  text: string;
  created_at: string;
}

export interface DeviceAccessAlertsTable {
  device_id: string;
  user_id: string;
  email: number;
  sms: number;
  header: number;
  updated_at: string;
}

export interface AccountNotificationsTable {
  id: string;
  user_id: string;
  /** ACCESS | ALARM */
  kind: string;
  dedupe_key: string;
  device_id: string | null;
  device_name: string;
  session_id: string | null;
  who: string;
  country: string | null;
  attempts: number | null;
  delivery: string | null;
  created_at: string;
  read_at: string | null;
}

export interface SessionsTables {
  connection_sessions: ConnectionSessionsTable;
  connection_session_files: ConnectionSessionFilesTable;
  connection_session_notes: ConnectionSessionNotesTable;
  device_access_alerts: DeviceAccessAlertsTable;
  account_notifications: AccountNotificationsTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends SessionsTables {}
}

/** The sessions module's tables: its repositories' only handle (ADR 0038). */
export const sessionsTables = (db: Db): Kysely<SessionsTables> => tablesOf<SessionsTables>(db);

export type ConnectionSessionRow = Selectable<ConnectionSessionsTable>;
export type ConnectionSessionFileRow = Selectable<ConnectionSessionFilesTable>;
export type ConnectionSessionNoteRow = Selectable<ConnectionSessionNotesTable>;
export type DeviceAccessAlertRow = Selectable<DeviceAccessAlertsTable>;
export type AccountNotificationRow = Selectable<AccountNotificationsTable>;
