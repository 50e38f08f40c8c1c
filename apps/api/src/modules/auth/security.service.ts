import { randomInt } from 'node:crypto';
import {
  BACKUP_CODE_COUNT,
  BACKUP_CODE_RE,
  LOGIN_HISTORY_LIMIT,
  TOTP_CODE_RE,
  type TLocale,
  type TLoginEvent,
  type TLoginMethod,
  type TLoginResult,
  type TLoginType,
  type TNotificationSettings,
  type TSessionInfo,
  type TSignedIn,
  type TTotpEnableResult,
  type TTotpSetupResult,
  type TTotpStatus,
} from '@llk/contracts';
import { type FastifyBaseLogger } from 'fastify';
import * as OTPAuth from 'otpauth';
import { fromDbBool, fromDbDate, newId, toDbBool, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { type Delivery } from '../../infrastructure/delivery';
import { type KeyValueStore } from '../../infrastructure/kv';
import { hmacHex, newToken, sha256Hex } from '../../infrastructure/secrets';
import { accountZone } from '../../infrastructure/time-text';
import { findCountryCode, getLocation, regionName } from '../location';
import { cancellationOf, findUserById, lockUserRow, type UserRow, verifiedContacts } from '../users';
import { renderNewDeviceAlert, renderSecurityAlert, type TSecurityEvent } from './alert-texts';
import { deviceKey, parseUserAgent } from './devices';
import {
  claimTotpStep,
  countUnusedBackupCodes,
  deleteTotp,
  enableTotp,
  findNewDeviceAlerts,
  findTotp,
  hasSucceededFromDevice,
  insertLoginEvent,
  listLoginEvents,
  listOpenSessions,
  putNewDeviceAlerts,
  putPendingTotp,
  replaceBackupCodes,
  revokeOtherSessions,
  revokeUserSession,
  sessionUserAgents,
  useBackupCode,
} from './security.repository';
import { setSessionSecondFactor } from './sessions.repository';
import { createSession, forgetSessions, isSessionRowLive, type SessionClient, type SessionPolicy } from './sessions.service';
import { decryptSecret, encryptSecret } from './totp-crypto';

// The security centre: sign-in records and alerts, two-step verification (TOTP and backup
// codes) with its log-in challenge, and the user's own sessions. See README.md.

/** What every sign-in path hands in: where the request came from and what to answer with. */
export interface SignInContext {
  db: Db;
  kv: KeyValueStore;
  delivery: Delivery;
  log: FastifyBaseLogger;
  policy: SessionPolicy;
  /** key of the TOTP secrets (and of backup-code hashes) */
  totpKey: Buffer;
  ip: string;
  userAgent: string | null;
  locale: TLocale;
}

// ---- Sign-in records ------------------------------------------------------------------------

export interface SignInRecord {
  userId: string;
  success: boolean;
  method: TLoginMethod;
  /** error code name of a failure */
  failure?: string | null;
  /** send the new-device alert when due (successful sign-ins only) */
  alert?: boolean;
}

/**
 * Records one sign-in attempt of a known account (unknown accounts have nowhere to record it).
 * A successful one from a device the account has not used before (devices.ts) sends the
 * new-device alert when the user has not switched it off. Never throws for the alert.
 */
export async function recordSignIn(ctx: SignInContext, record: SignInRecord, now = new Date()): Promise<void> {
  const key = deviceKey(ctx.userAgent);
  let newDevice = false;
  if (record.success) {
    newDevice = !(await hasSucceededFromDevice(ctx.db, record.userId, key));
    if (newDevice) {
      const agents = await sessionUserAgents(ctx.db, record.userId);
      // the session this sign-in just opened carries the same agent: one is not "before"
      newDevice = agents.filter((agent) => deviceKey(agent) === key).length <= 1;
    }
  }
  await insertLoginEvent(ctx.db, {
    id: newId(now.getTime()),
    user_id: record.userId,
    created_at: toDbDate(now),
    success: toDbBool(record.success),
    method: record.method,
    failure: record.failure ?? null,
    ip: ctx.ip || null,
    country_code: ctx.ip ? findCountryCode(ctx.ip) : null,
    user_agent: ctx.userAgent?.slice(0, 256) ?? null,
    device_key: key,
    new_device: toDbBool(newDevice),
  });
  if (newDevice && record.alert !== false && record.method !== 'signup') await sendNewDeviceAlert(ctx, record.userId, now);
}

async function sendNewDeviceAlert(ctx: SignInContext, userId: string, now: Date): Promise<void> {
  if (!(await newDeviceAlertsOn(ctx.db, userId))) return;
  const device = parseUserAgent(ctx.userAgent);
  const location = ctx.ip ? getLocation(ctx.ip, ctx.locale).countryName : null;
  await alertEveryContact(ctx, userId, 'NEW_DEVICE_SIGN_IN', (timeZone) =>
    renderNewDeviceAlert(ctx.locale, { time: now, timeZone, browser: device.browser, os: device.os, ip: ctx.ip || null, location }),
  );
}

/**
 * A security alert to every verified contact of the account (ADR 0028): the email gets the
 * subject and body, the phone the short text. Best-effort, one failure does not stop the others.
 */
async function alertEveryContact(
  ctx: AlertContext,
  userId: string,
  kind: string,
  render: (timeZone: string) => { subject: string; body: string; sms: string },
): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) return;
  // times on the account's clock: the zone its browser last sent, else China time (docs/adr/0031)
  const timeZone = accountZone(user);
  const texts = render(timeZone);
  for (const to of verifiedContacts(user)) {
    await ctx.delivery.notify(
      { ...to, kind, subject: texts.subject, text: to.channel === 'EMAIL' ? texts.body : texts.sms, locale: ctx.locale, timeZone },
      (error) => ctx.log.warn({ err: error, channel: to.channel, kind }, 'security alert not delivered'),
    );
  }
}

/** What a security alert needs of a request. */
export type AlertContext = Pick<SignInContext, 'db' | 'delivery' | 'log' | 'locale'>;

/**
 * A security event (the password changed or reset, two-step verification off, a cancellation
 * requested): every verified contact hears of it. Always on: it cannot be switched off.
 */
export async function alertSecurityEvent(ctx: AlertContext, userId: string, event: TSecurityEvent, now = new Date()): Promise<void> {
  await alertEveryContact(ctx, userId, event, (timeZone) => renderSecurityAlert(event, ctx.locale, { time: now, timeZone }));
}

export async function alertPasswordChanged(ctx: AlertContext, userId: string, now = new Date()): Promise<void> {
  await alertSecurityEvent(ctx, userId, 'PASSWORD_CHANGED', now);
}

async function newDeviceAlertsOn(db: Db, userId: string): Promise<boolean> {
  const stored = await findNewDeviceAlerts(db, userId);
  return stored === undefined ? true : fromDbBool(stored);
}

export async function getNotificationSettings(db: Db, userId: string): Promise<TNotificationSettings> {
  return { newDeviceAlerts: await newDeviceAlertsOn(db, userId) };
}

export async function setNotificationSettings(
  db: Db,
  userId: string,
  settings: TNotificationSettings,
  now = new Date(),
): Promise<TNotificationSettings> {
  await putNewDeviceAlerts(db, userId, toDbBool(settings.newDeviceAlerts), toDbDate(now));
  return getNotificationSettings(db, userId);
}

export async function loginHistory(db: Db, userId: string, locale: TLocale): Promise<TLoginEvent[]> {
  const rows = await listLoginEvents(db, userId, LOGIN_HISTORY_LIMIT);
  return rows.map((row) => {
    const device = parseUserAgent(row.user_agent);
    return {
      id: row.id,
      at: fromDbDate(row.created_at).toISOString(),
      success: fromDbBool(row.success),
      method: row.method as TLoginMethod,
      failure: row.failure,
      ip: row.ip,
      location: { countryCode: row.country_code, countryName: row.country_code ? regionName(row.country_code, locale) : null },
      ...device,
      userAgent: row.user_agent,
      newDevice: fromDbBool(row.new_device),
    };
  });
}

// ---- Finishing a sign-in --------------------------------------------------------------------

export const CHALLENGE_TTL_MS = 5 * 60_000;
/** wrong second-step codes a challenge survives; the 5th ends it */
export const CHALLENGE_MAX_TRIES = 5;
const challengeKey = (id: string) => `totp-challenge:${sha256Hex(id)}`;
const triesKey = (id: string) => `totp-challenge-tries:${sha256Hex(id)}`;

interface StoredChallenge {
  userId: string;
  loginType: SessionClient['loginType'];
}

export interface FinishSignIn {
  method: TLoginMethod;
  loginType: TLoginType | 'passkey';
  /**
   * A second factor this sign-in already has: PASSKEY (a passkey is two factors by itself), or
   * that of the session an access key was issued from. Without one, an account with two-step
   * verification gets a challenge instead of a session.
   */
  secondFactor?: string | null;
}

/**
 * The end of every sign-in path once the first factor is proven: a session (recorded, with the
 * new-device alert when due), or, for accounts with two-step verification, a challenge that
 * POST /h5Login/verifyTotp turns into a session.
 */
export async function finishSignIn(ctx: SignInContext, userId: string, how: FinishSignIn, now = new Date()): Promise<TLoginResult> {
  await refuseLocked(ctx.db, userId);
  if (!how.secondFactor && (await totpEnabled(ctx.db, userId))) {
    const challengeId = newToken();
    const stored: StoredChallenge = { userId, loginType: how.loginType };
    await ctx.kv.set(challengeKey(challengeId), JSON.stringify(stored), CHALLENGE_TTL_MS);
    return { secondStep: 'TOTP', challengeId, expiresInSeconds: CHALLENGE_TTL_MS / 1000 };
  }
  const token = await createSession(
    ctx.db,
    userId,
    { loginType: how.loginType, ip: ctx.ip, userAgent: ctx.userAgent, secondFactor: how.secondFactor ?? null },
    ctx.policy,
    now,
  );
  await recordSignIn(ctx, { userId, success: true, method: how.method }, now);
  return signedIn(ctx.db, userId, token);
}

/** An account staff locked (back office) gets no session, whatever the first factor was. */
async function refuseLocked(db: Db, userId: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (user?.locked_at) throw new AppError('ACCOUNT_LOCKED');
}

/** A session's token with the account's pending erasure, read after the session opened. */
async function signedIn(db: Db, userId: string, token: string): Promise<TSignedIn> {
  const user = await findUserById(db, userId);
  return { access_token: token, cancellation: user ? cancellationOf(user) : null };
}

function parseChallenge(value: string | null): StoredChallenge | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<StoredChallenge>;
    return typeof parsed.userId === 'string' && typeof parsed.loginType === 'string' ? (parsed as StoredChallenge) : null;
  } catch {
    return null;
  }
}

/**
 * POST /h5Login/verifyTotp: the second step. An authenticator code (±1 step, each step once) or
 * an unused backup code turns the challenge into a session; the 5th wrong code ends it.
 */
export async function verifySecondStep(ctx: SignInContext, challengeId: string, code: string, now = new Date()): Promise<TSignedIn> {
  const challenge = parseChallenge(await ctx.kv.get(challengeKey(challengeId)));
  if (!challenge) throw new AppError('TOTP_CHALLENGE_INVALID');
  const tries = await ctx.kv.incr(triesKey(challengeId), CHALLENGE_TTL_MS);
  if (tries > CHALLENGE_MAX_TRIES) {
    await ctx.kv.del(challengeKey(challengeId));
    throw new AppError('TOTP_TOO_MANY_ATTEMPTS');
  }
  const method: TLoginMethod = TOTP_CODE_RE.test(code.trim()) ? 'totp' : 'backup_code';
  let factor: string;
  try {
    factor = await checkSecondFactor(ctx.db, ctx.totpKey, challenge.userId, code, now);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await recordSignIn(ctx, { userId: challenge.userId, success: false, method, failure: error.codeName }, now);
    if (tries >= CHALLENGE_MAX_TRIES) {
      await ctx.kv.del(challengeKey(challengeId));
      throw new AppError('TOTP_TOO_MANY_ATTEMPTS');
    }
    throw error;
  }
  await refuseLocked(ctx.db, challenge.userId);
  // One session per challenge, also when two right codes race.
  if (!parseChallenge(await ctx.kv.take(challengeKey(challengeId)))) throw new AppError('TOTP_CHALLENGE_INVALID');
  await ctx.kv.del(triesKey(challengeId));
  const token = await createSession(
    ctx.db,
    challenge.userId,
    { loginType: challenge.loginType, ip: ctx.ip, userAgent: ctx.userAgent, secondFactor: factor },
    ctx.policy,
    now,
  );
  await recordSignIn(ctx, { userId: challenge.userId, success: true, method }, now);
  return signedIn(ctx.db, challenge.userId, token);
}

// ---- TOTP -----------------------------------------------------------------------------------

export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'LLK Remote';

function totpOf(secret: string, label = 'account'): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** The time step a code belongs to within ±1 step of `now`, or null. */
export function matchTotpStep(secret: string, code: string, now: Date): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code.trim(), timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}

/** A new authenticator secret (20 random bytes, base32) and its otpauth:// URI for `label`. */
export function newTotpEnrolment(label: string): { secret: string; uri: string } {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, label).toString() };
}

export async function totpEnabled(db: Db, userId: string): Promise<boolean> {
  const row = await findTotp(db, userId);
  return row?.enabled_at != null;
}

export async function totpStatus(db: Db, userId: string): Promise<TTotpStatus> {
  const row = await findTotp(db, userId);
  const enabled = row?.enabled_at != null;
  return {
    enabled,
    enabledAt: enabled && row.enabled_at ? fromDbDate(row.enabled_at).toISOString() : null,
    backupCodesLeft: enabled ? await countUnusedBackupCodes(db, userId) : 0,
  };
}

function labelOf(user: UserRow): string {
  return user.username ?? user.email ?? user.mobile ?? user.id;
}

/** POST /user/totp/setup: a new secret, kept encrypted until confirmed; replaces an unconfirmed one. */
export async function setUpTotp(db: Db, totpKey: Buffer, userId: string, now = new Date()): Promise<TTotpSetupResult> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (await totpEnabled(db, userId)) throw new AppError('TOTP_ALREADY_ENABLED');
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  if (!(await putPendingTotp(db, userId, encryptSecret(totpKey, secret), toDbDate(now)))) throw new AppError('TOTP_ALREADY_ENABLED');
  return { secret, uri: totpOf(secret, labelOf(user)).toString() };
}

const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newBackupCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

function backupCodeHash(totpKey: Buffer, userId: string, code: string): string {
  return hmacHex(totpKey, `backup:${userId}:${code.trim().toLowerCase().replace('-', '')}`);
}

/**
 * POST /user/totp/enable: the first code from the authenticator confirms the secret; returns the
 * ten backup codes (only their hashes are kept). The caller's session counts as having passed
 * the second step (its access keys hand over without another one).
 */
export async function enableTotpWithCode(
  db: Db,
  kv: KeyValueStore,
  totpKey: Buffer,
  userId: string,
  sessionId: string,
  code: string,
  now = new Date(),
): Promise<TTotpEnableResult> {
  const row = await findTotp(db, userId);
  if (!row) throw new AppError('TOTP_SETUP_REQUIRED');
  if (row.enabled_at) throw new AppError('TOTP_ALREADY_ENABLED');
  const secret = decryptSecret(totpKey, row.secret_enc);
  const step = secret ? matchTotpStep(secret, code, now) : null;
  if (step === null) throw new AppError('TOTP_CODE_INVALID');
  const backupCodes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
  const at = toDbDate(now);
  const changed = await db.transaction().execute(async (trx) => {
    if ((await enableTotp(trx, userId, step, at)) !== 1) throw new AppError('TOTP_ALREADY_ENABLED');
    await replaceBackupCodes(
      trx,
      userId,
      backupCodes.map((backup, i) => ({ id: newId(now.getTime() + i), codeHash: backupCodeHash(totpKey, userId, backup) })),
      at,
    );
    return setSessionSecondFactor(trx, sessionId, 'TOTP');
  });
  await forgetSessions(kv, changed);
  return { backupCodes };
}

/**
 * Checks a second-step code of a user with two-step verification on: an authenticator code
 * (TOTP_CODE_INVALID, or TOTP_CODE_REPLAYED for a step used before) or a backup code
 * (TOTP_CODE_INVALID when unknown or used). Returns TOTP or BACKUP_CODE.
 */
export async function checkSecondFactor(db: Db, totpKey: Buffer, userId: string, code: string, now = new Date()): Promise<string> {
  const row = await findTotp(db, userId);
  if (!row?.enabled_at) throw new AppError('TOTP_NOT_ENABLED');
  const value = code.trim();
  if (TOTP_CODE_RE.test(value)) {
    const secret = decryptSecret(totpKey, row.secret_enc);
    const step = secret ? matchTotpStep(secret, value, now) : null;
    if (step === null) throw new AppError('TOTP_CODE_INVALID');
    if ((await claimTotpStep(db, userId, step)) !== 1) throw new AppError('TOTP_CODE_REPLAYED');
    return 'TOTP';
  }
  if (!BACKUP_CODE_RE.test(value)) throw new AppError('TOTP_CODE_INVALID');
  if ((await useBackupCode(db, userId, backupCodeHash(totpKey, userId, value), toDbDate(now))) !== 1)
    throw new AppError('TOTP_CODE_INVALID');
  return 'BACKUP_CODE';
}

/**
 * The back office's reset of two-step verification (after an identity check): the TOTP secret
 * and the backup codes go, in the caller's transaction. False when there was none.
 */
export async function resetTwoStep(db: Db, userId: string): Promise<boolean> {
  return (await deleteTotp(db, userId)) > 0;
}

/** POST /user/totp/disable: with an authenticator code or a backup code. */
export async function disableTotp(db: Db, totpKey: Buffer, userId: string, code: string, now = new Date()): Promise<void> {
  await checkSecondFactor(db, totpKey, userId, code, now);
  await deleteTotp(db, userId);
}

// ---- The user's sessions --------------------------------------------------------------------

export async function listSessions(
  db: Db,
  userId: string,
  currentId: string,
  policy: SessionPolicy,
  locale: TLocale,
  now = new Date(),
): Promise<TSessionInfo[]> {
  const rows = (await listOpenSessions(db, userId, toDbDate(now))).filter((row) => isSessionRowLive(row, policy, now));
  return rows.map((row) => ({
    id: row.id,
    ...parseUserAgent(row.user_agent),
    clientType: row.login_type,
    ip: row.ip,
    location: row.ip ? getLocation(row.ip, locale) : { countryCode: null, countryName: null },
    createdAt: fromDbDate(row.created_at).toISOString(),
    lastSeenAt: fromDbDate(row.last_seen_at).toISOString(),
    current: row.id === currentId,
  }));
}

/**
 * POST /user/sessions/revoke: ends one of the user's own sessions (SESSION_NOT_FOUND for any
 * other id). Its entry in the session cache ends with it (forgetSessions), so the next call with
 * its token is refused by every instance; its unused access keys die with it (access-keys module).
 */
export async function revokeOwnSession(db: Db, kv: KeyValueStore, userId: string, sessionId: string, now = new Date()): Promise<void> {
  const ended = await revokeUserSession(db, userId, sessionId, toDbDate(now));
  if (ended.length !== 1) throw new AppError('SESSION_NOT_FOUND');
  await forgetSessions(kv, ended);
}

/**
 * POST /user/sessions/revokeOthers: ends every other session. Serialised per user (row lock),
 * and only while the caller's own session is live, so parallel calls from different sessions
 * leave exactly one.
 */
export async function revokeOthers(db: Db, kv: KeyValueStore, userId: string, currentId: string, now = new Date()): Promise<number> {
  const ended = await db.transaction().execute(async (trx) => {
    await lockUserRow(trx, userId);
    const at = toDbDate(now);
    const mine = await listOpenSessions(trx, userId, at);
    if (!mine.some((row) => row.id === currentId)) throw new AppError('UNAUTHORIZED');
    return revokeOtherSessions(trx, userId, currentId, at);
  });
  await forgetSessions(kv, ended);
  return ended.length;
}
