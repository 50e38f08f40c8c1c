import { z } from './zod';
import { ZCancellation } from './accounts';
import { V } from './rules';
import { ZCode } from './validation';

// The security centre: signed-in sessions, recent sign-ins, two-step verification
// with TOTP and backup codes, new-device alerts.

/** An authenticator code: six digits. */
export const TOTP_CODE_RE = /^\d{6}$/;
/** A backup code as shown to the user: ten letters/digits, optionally split 5-5 by a dash (any case). */
export const BACKUP_CODE_RE = /^[A-Za-z2-9]{5}-?[A-Za-z2-9]{5}$/;
/** What the second step accepts: an authenticator code or a backup code. */
export const SECOND_STEP_CODE_RE = new RegExp(`(?:${TOTP_CODE_RE.source})|(?:${BACKUP_CODE_RE.source})`);

export function isSecondStepCode(value: string): boolean {
  return SECOND_STEP_CODE_RE.test(value.trim());
}

/** How many backup codes enabling two-step verification hands out. */
export const BACKUP_CODE_COUNT = 10;

const ZSecondStepCode = z
  .string({ error: V.codeInvalid })
  .trim()
  .min(1, { error: V.codeInvalid, abort: true })
  .regex(SECOND_STEP_CODE_RE, { error: V.codeInvalid });

const ZId = z.string({ error: V.invalidValue }).trim().min(1, { error: V.invalidValue, abort: true }).max(64, { error: V.tooLong });

// ---- Log-in second step ---------------------------------------------------------------------

/** A log-in that still needs its second step answers this instead of a token. */
export const ZSecondStepRequired = z.object({
  secondStep: z.literal('TOTP'),
  /** give it to POST /h5Login/verifyTotp with the code */
  challengeId: z.string(),
  expiresInSeconds: z.number().int(),
});
export type TSecondStepRequired = z.infer<typeof ZSecondStepRequired>;

/**
 * A finished log-in: the token, and the account's pending erasure (as GET /user/info has it)
 * so the apps can say at once that the account is in its cooling-off and offer to restore it.
 */
export const ZSignedIn = z.object({
  access_token: z.string(),
  /** set while the account is cancelled and inside its 15-day cooling-off; null otherwise */
  cancellation: ZCancellation.nullable(),
});
export type TSignedIn = z.infer<typeof ZSignedIn>;

/** POST /h5Login and GET /tokenByAccessKeyV2: a token, or the second step. */
export const ZLoginResult = z.union([ZSignedIn, ZSecondStepRequired]);
export type TLoginResult = z.infer<typeof ZLoginResult>;

export function needsSecondStep(result: TLoginResult): result is TSecondStepRequired {
  return 'secondStep' in result;
}

/** POST /h5Login/verifyTotp: the challenge and an authenticator code or a backup code. */
export const ZVerifyTotpRequest = z.object({ challengeId: ZId, code: ZSecondStepCode });
export type TVerifyTotpRequest = z.infer<typeof ZVerifyTotpRequest>;

// ---- TOTP set-up ----------------------------------------------------------------------------

export const ZTotpSetupResult = z.object({
  /** base32, for typing into an authenticator by hand */
  secret: z.string(),
  /** otpauth://totp/… for the QR code */
  uri: z.string(),
});
export type TTotpSetupResult = z.infer<typeof ZTotpSetupResult>;

export const ZTotpEnableRequest = z.object({ code: ZCode });
export type TTotpEnableRequest = z.infer<typeof ZTotpEnableRequest>;

export const ZTotpEnableResult = z.object({
  /** shown once: only their hashes are kept */
  backupCodes: z.array(z.string()),
});
export type TTotpEnableResult = z.infer<typeof ZTotpEnableResult>;

export const ZTotpDisableRequest = z.object({ code: ZSecondStepCode });
export type TTotpDisableRequest = z.infer<typeof ZTotpDisableRequest>;

export const ZTotpStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  backupCodesLeft: z.number().int(),
});
export type TTotpStatus = z.infer<typeof ZTotpStatus>;

// ---- Sessions -------------------------------------------------------------------------------

export const ZDeviceType = z.enum(['desktop', 'mobile', 'tablet', 'app', 'unknown']);
export type TDeviceType = z.infer<typeof ZDeviceType>;

export const ZSessionInfo = z.object({
  id: z.string(),
  /** e.g. "Chrome", "Safari", "LLK Remote"; null when the user agent says nothing we know */
  browser: z.string().nullable(),
  /** e.g. "Windows", "macOS", "Android", "iOS" */
  os: z.string().nullable(),
  deviceType: ZDeviceType,
  /** how the session was opened (loginType: account, mobile, email, loginKey, passkey) */
  clientType: z.string(),
  ip: z.string().nullable(),
  location: z.object({ countryCode: z.string().nullable(), countryName: z.string().nullable() }),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type TSessionInfo = z.infer<typeof ZSessionInfo>;

export const ZSessionList = z.object({ sessions: z.array(ZSessionInfo) });
export type TSessionList = z.infer<typeof ZSessionList>;

export const ZRevokeSessionRequest = z.object({ id: ZId });
export type TRevokeSessionRequest = z.infer<typeof ZRevokeSessionRequest>;

export const ZRevokeOthersResult = z.object({ revoked: z.number().int() });
export type TRevokeOthersResult = z.infer<typeof ZRevokeOthersResult>;

// ---- Sign-in history ------------------------------------------------------------------------

export const ZLoginMethod = z.enum(['password', 'sms_code', 'email_code', 'access_key', 'totp', 'backup_code', 'passkey', 'signup']);
export type TLoginMethod = z.infer<typeof ZLoginMethod>;

export const ZLoginEvent = z.object({
  id: z.string(),
  at: z.string(),
  success: z.boolean(),
  method: ZLoginMethod,
  /** why it failed: an error code name such as INVALID_CREDENTIALS; null on success */
  failure: z.string().nullable(),
  ip: z.string().nullable(),
  location: z.object({ countryCode: z.string().nullable(), countryName: z.string().nullable() }),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  deviceType: ZDeviceType,
  userAgent: z.string().nullable(),
  /** the sign-in came from a device the account had not used before (an alert was due) */
  newDevice: z.boolean(),
});
export type TLoginEvent = z.infer<typeof ZLoginEvent>;

export const LOGIN_HISTORY_LIMIT = 50;
export const ZLoginHistory = z.object({ events: z.array(ZLoginEvent) });
export type TLoginHistory = z.infer<typeof ZLoginHistory>;

// ---- Notification settings ------------------------------------------------------------------

export const ZNotificationSettings = z.object({
  /** email (or SMS when the account has no email) on a sign-in from a new device; on by default */
  newDeviceAlerts: z.boolean(),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

export const ZNotificationSettingsRequest = z.object({ newDeviceAlerts: z.boolean({ error: V.invalidValue }) });
export type TNotificationSettingsRequest = z.infer<typeof ZNotificationSettingsRequest>;
