// Tables of migration 0014-account-security. Timestamps are UTC ISO text, booleans 0/1.

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
  /** AES-256-GCM, see modules/account-security/totp-crypto.ts */
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
