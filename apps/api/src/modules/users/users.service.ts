import {
  CHANNEL_REQUIRED_FROM,
  isValidEmail,
  isValidPhone,
  maskEmail,
  maskPhone,
  type TCancellation,
  type TCheckType,
  type TMemberLevel,
  type TMonitorAndQuality,
  type TQualityTier,
  type TUserInfo,
} from '@llk/contracts';
import { fromDbBool, fromDbDate, futureDbDate, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { type TWrite } from '../../infrastructure/db/write-watch';
import { AppError } from '../../infrastructure/http/app-error';
import { type Memo } from '../../infrastructure/memo';
import { validTimeZone } from '../../infrastructure/time-text';
import {
  findUserByEmail,
  findUserById,
  findUserByMobile,
  findUserByUsername,
  updateTimeZone,
  type UserRow,
  type UserWithHeldSeatEnds,
} from './users.repository';

/**
 * Keeps the zone the account's browser sent (its `llk-tz` cookie) when it is a real zone and
 * differs from the stored one, for the emails and SMS that cannot see a browser (docs/adr/0031).
 */
export async function rememberTimeZone(db: Db, user: Pick<UserRow, 'id' | 'time_zone'>, cookie: string | undefined): Promise<void> {
  const zone = validTimeZone(cookie);
  if (zone && zone !== user.time_zone) await updateTimeZone(db, user.id, zone);
}

/**
 * The account a log-in identifier names: an email address when it looks like one, a phone
 * number when it looks like one, else a username. `kind` narrows the search (loginType).
 */
export async function findUserByIdentifier(
  db: Db,
  identifier: string,
  kind: 'account' | 'mobile' | 'email' = 'account',
): Promise<UserRow | undefined> {
  const value = identifier.trim();
  if (kind === 'mobile') return isValidPhone(value) ? findUserByMobile(db, value) : undefined;
  if (kind === 'email') return isValidEmail(value) ? findUserByEmail(db, value) : undefined;
  if (value.includes('@')) return isValidEmail(value) ? findUserByEmail(db, value) : undefined;
  if (isValidPhone(value)) return (await findUserByMobile(db, value)) ?? findUserByUsername(db, value);
  return findUserByUsername(db, value);
}

/** POST /user/check: whether a phone, username or email is already registered. */
export async function isRegistered(db: Db, type: TCheckType, value: string): Promise<boolean> {
  const trimmed = value.trim();
  if (type === 'MOBILE') return (await findUserByMobile(db, trimmed)) !== undefined;
  if (type === 'EMAIL') return (await findUserByEmail(db, trimmed)) !== undefined;
  return (await findUserByUsername(db, trimmed)) !== undefined;
}

/** The row, when the account still exists: deleted or erased under a live session is UNAUTHORIZED. */
function liveAccount<T extends UserRow>(user: T | undefined): T {
  if (!user || user.erased_at !== null) throw new AppError('UNAUTHORIZED');
  return user;
}

export async function getUser(db: Db, id: string): Promise<UserRow> {
  return liveAccount(await findUserById(db, id));
}

/**
 * The channel of the per-instance account memo (lib/memo.ts): the row `/user/info` and the plan
 * reads answer from, by user id. Every committed write to the users or seats tables through the
 * API's database handle ends it (db/write-watch.ts; accountMemoKeys), so no write path has to
 * remember to; the memo's short life (MEMO_SECONDS) bounds a seat starting or ending on its own.
 */
export const ACCOUNT_MEMO_CHANNEL = 'accounts:changed';
export const ACCOUNT_MEMO_TABLES = ['users', 'seats'] as const;
export type AccountMemo = Memo<UserWithHeldSeatEnds>;

/**
 * Which memo entries committed writes end: an update or delete of one user row by id ends that
 * account's; a new user had none (only found rows are kept); anything else (a seat, several
 * users) ends every entry.
 */
export function accountMemoKeys(writes: readonly TWrite[]): string[] | 'all' {
  const keys: string[] = [];
  for (const write of writes) {
    if (write.table === 'users' && write.kind === 'insert') continue;
    if (write.table !== 'users' || write.id === null) return 'all';
    keys.push(write.id);
  }
  return keys;
}

/**
 * The latest ends of the running MEMBER and CHANNEL seats an account holds: the seats module's
 * `heldSeatEnds`, passed in by the composition (the seats module depends on this one).
 */
export type HeldSeatEnds = (db: Db, userId: string, now: string) => Promise<{ member: string | null; channel: string | null }>;

/**
 * The account with the seats it holds (as the seats module's `withHeldSeats` answers it): what
 * `/user/info` and the plan reads answer from, from this instance's memo when it has the account.
 */
export async function getUserWithHeldSeats(
  db: Db,
  id: string,
  heldSeatEnds: HeldSeatEnds,
  now = new Date(),
  memo?: AccountMemo,
): Promise<UserRow> {
  let row = memo?.get(id);
  if (!row) {
    const at = memo?.generation() ?? 0;
    const [user, ends] = await Promise.all([findUserById(db, id), heldSeatEnds(db, id, toDbDate(now))]);
    row = user ? { ...user, held_member_end: ends.member, held_channel_end: ends.channel } : undefined;
    if (row) memo?.set(id, at, row);
  }
  const { held_member_end: member, held_channel_end: channel, ...user } = liveAccount(row);
  return applyHeldSeats(user, member, channel, now);
}

/**
 * The account with the seats it holds taken into account (`member`, `channel`: the latest ends of
 * its running seats): its effective membership and channel are the better of its own and a seat's.
 */
export function applyHeldSeats(user: UserRow, member: string | null, channel: string | null, now: Date): UserRow {
  let effective = user;
  const ownMember = user.member_plan !== 'FREE' ? futureDbDate(user.member_expires_at, now) : null;
  if (member && (!ownMember || fromDbDate(member) > ownMember)) effective = { ...effective, member_plan: 'PRO', member_expires_at: member };
  const ownChannel = fromDbBool(user.channel_enabled) ? futureDbDate(user.channel_expires_at, now) : null;
  if (channel && (!ownChannel || fromDbDate(channel) > ownChannel))
    effective = { ...effective, channel_enabled: 1, channel_expires_at: channel };
  return effective;
}

export function memberLevelOf(user: UserRow, now = new Date()): TMemberLevel {
  const expiresAt = user.member_expires_at ? fromDbDate(user.member_expires_at) : null;
  const active = user.member_plan !== 'FREE' && expiresAt !== null && expiresAt > now;
  return {
    plan: active ? (user.member_plan as TMemberLevel['plan']) : 'FREE',
    expiresAt: expiresAt?.toISOString() ?? null,
    active,
  };
}

export function userInfoOf(user: UserRow): TUserInfo {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    mobile: user.mobile ? maskPhone(user.mobile) : null,
    email: user.email ? maskEmail(user.email) : null,
    mobileVerified: user.mobile !== null && user.mobile_verified_at !== null,
    emailVerified: user.email !== null && user.email_verified_at !== null,
    createdAt: fromDbDate(user.created_at).toISOString(),
    member: memberLevelOf(user),
    cancellation: cancellationOf(user),
  };
}

/** The account's verified contacts (ADR 0028): where its security alerts go; it always keeps one. */
export function verifiedContacts(user: UserRow): Array<{ channel: 'SMS' | 'EMAIL'; to: string }> {
  const contacts: Array<{ channel: 'SMS' | 'EMAIL'; to: string }> = [];
  if (user.email && user.email_verified_at) contacts.push({ channel: 'EMAIL', to: user.email });
  if (user.mobile && user.mobile_verified_at) contacts.push({ channel: 'SMS', to: user.mobile });
  return contacts;
}

/** The account's pending erasure (cancelled, inside the cooling-off), or null. */
export function cancellationOf(user: UserRow): TCancellation | null {
  return user.cancel_requested_at && user.erase_at
    ? { requestedAt: fromDbDate(user.cancel_requested_at).toISOString(), eraseAt: fromDbDate(user.erase_at).toISOString() }
    : null;
}

/** `deviceAbroad`: hasDeviceAbroad, asked only of an account that needs the channel. */
export function monitorAndQualityOf(user: UserRow, now = new Date(), deviceAbroad = false): TMonitorAndQuality {
  const channelEnabled = fromDbBool(user.channel_enabled) && futureDbDate(user.channel_expires_at, now) !== null;
  return {
    monitorCount: user.monitor_count,
    qualityTier: futureDbDate(user.quality_expires_at, now) ? (user.quality_tier as TQualityTier) : 'STANDARD',
    qualityExpiresAt: user.quality_expires_at ? fromDbDate(user.quality_expires_at).toISOString() : null,
    channelEnabled,
    channelExpiresAt: user.channel_expires_at ? fromDbDate(user.channel_expires_at).toISOString() : null,
    channelRequired: needsChannel(user, channelEnabled),
    crossBorderNotice: needsChannel(user, channelEnabled) && deviceAbroad,
  };
}

/** Registered from CHANNEL_REQUIRED_FROM (1 July 2025, China time) without the channel in force. */
function needsChannel(user: UserRow, channelEnabled: boolean): boolean {
  return !channelEnabled && fromDbDate(user.created_at) >= new Date(CHANNEL_REQUIRED_FROM);
}
