import { type ColumnType, type Generated, type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// The back office's own tables: the staff, their sessions and passkeys, and the audit log (ADR 0019).
// Timestamps are UTC ISO text (see infrastructure/db/dialect.ts).

// 0024-back-office

export interface StaffTable {
  /** newId() */
  id: string;
  username: string;
  /** lower-cased username, unique */
  username_norm: string;
  /** OWNER | SUPPORT | FINANCE | CONTENT | OPS */
  role: string;
  /** argon2id PHC string; null until the set-up link is used */
  password_hash: string | null;
  /** AES-256-GCM under TOTP_ENCRYPTION_KEY (see modules/auth/totp-crypto); null until set up */
  totp_secret: string | null;
  /** the last TOTP step accepted (each step once); bigint */
  totp_last_step: string | number | bigint | null;
  /** hex SHA-256 of the one-time set-up token; null once used */
  setup_token_hash: string | null;
  setup_expires_at: string | null;
  /** zh-CN | en */
  locale: Generated<string>;
  locked_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface StaffSessionsTable {
  id: string;
  staff_id: string;
  /** hex SHA-256 of the cookie token */
  token_hash: string;
  /** TOTP | PASSKEY */
  second_factor: string;
  created_at: ColumnType<string, string, never>;
  last_seen_at: string;
  /** absolute expiry (12 h after creation) */
  expires_at: string;
  revoked_at: string | null;
  ip: string | null;
  user_agent: string | null;
}

/** Append-only: the database refuses UPDATE and DELETE (triggers on both dialects). */
export interface AuditLogTable {
  id: string;
  at: string;
  staff_id: string | null;
  /** a permission-like name of what was done, e.g. `staff.create` */
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** JSON text */
  before_json: string | null;
  /** JSON text */
  after_json: string | null;
  reason: string | null;
  ip: string | null;
}

// 0033-staff-passkeys

/** 0033-staff-passkeys: a staff member's WebAuthn credential (the columns of `passkeys`). */
export interface StaffPasskeysTable {
  id: string;
  staff_id: string;
  credential_id: string;
  public_key: string;
  counter: string | number | bigint;
  transports: string | null;
  device_type: string;
  backed_up: number;
  aaguid: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface AdminTables {
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  audit_log: AuditLogTable;
  staff_passkeys: StaffPasskeysTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends AdminTables {}
}

/** The admin module's tables: its repositories' only handle (ADR 0038). */
export const adminTables = (db: Db): Kysely<AdminTables> => tablesOf<AdminTables>(db);

export type StaffRow = Selectable<StaffTable>;
export type StaffSessionRow = Selectable<StaffSessionsTable>;
export type AuditRow = Selectable<AuditLogTable>;
export type StaffPasskeyRow = Selectable<StaffPasskeysTable>;
