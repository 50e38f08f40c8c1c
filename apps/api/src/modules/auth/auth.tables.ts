import { type ColumnType, type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// Timestamps are UTC ISO text (see infrastructure/db/dialect.ts), booleans 0/1.

// 0002-accounts
export interface SessionsTable {
  id: string;
  user_id: string;
  /** hex SHA-256 of the token */
  token_hash: string;
  created_at: ColumnType<string, string, never>;
  last_seen_at: string;
  /** absolute expiry */
  expires_at: string;
  revoked_at: string | null;
  login_type: string;
  ip: string | null;
  user_agent: string | null;
  /** TOTP | BACKUP_CODE | PASSKEY when the log-in passed a second factor (migration 0014) */
  second_factor: string | null;
}

// 0014-account-security
export interface LoginEventsTable {
  id: string;
  user_id: string;
  created_at: string;
  success: number;
  /** password | sms_code | access_key | totp | backup_code | passkey | signup */
  method: string;
  failure: string | null;
  ip: string | null;
  country_code: string | null;
  user_agent: string | null;
  device_key: string | null;
  new_device: number;
}

export interface UserTotpTable {
  user_id: string;
  /** AES-256-GCM, see totp-crypto.ts */
  secret_enc: string;
  enabled_at: string | null;
  last_step: number;
  created_at: string;
}

export interface TotpBackupCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export interface NotificationSettingsTable {
  user_id: string;
  new_device_alerts: number;
  updated_at: string;
}

export interface AuthTables {
  sessions: SessionsTable;
  login_events: LoginEventsTable;
  user_totp: UserTotpTable;
  totp_backup_codes: TotpBackupCodesTable;
  notification_settings: NotificationSettingsTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends AuthTables {}
}

/** The auth module's tables: its repositories' only handle (ADR 0038). */
export const authTables = (db: Db): Kysely<AuthTables> => tablesOf<AuthTables>(db);

export type SessionRow = Selectable<SessionsTable>;
export type LoginEventRow = Selectable<LoginEventsTable>;
export type UserTotpRow = Selectable<UserTotpTable>;
