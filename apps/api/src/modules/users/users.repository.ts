import { phoneLookupKey } from '@llk/contracts';
import { type ExpressionBuilder, type Selectable, type Updateable } from 'kysely';
import { type DB, type Db } from '../../db/schema';
import { type UsersTable } from '../../db/tables/accounts.table';

export type UserRow = Selectable<UsersTable>;

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** By username, case-insensitively. */
export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username_norm', '=', username.toLowerCase()).executeTakeFirst();
}

/** By phone, typed in any form (+86 139…, 139…, 0086 139…): numbers are stored as E.164 (ADR 0027). */
export function findUserByMobile(db: Db, mobile: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('mobile', '=', phoneLookupKey(mobile)).executeTakeFirst();
}

/** By email, verified or not: who holds the address (the unique index's view). */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/**
 * By email, only while the address is verified (ADR 0028): an unverified email (typed beside a
 * phone at sign-up) gets nobody into the account and is nobody's, so its lookups answer as for
 * an unknown address.
 */
export function findUserByVerifiedEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).where('email_verified_at', 'is not', null).executeTakeFirst();
}

/**
 * The account a log-in identifier (username, phone or email) found, unless the identifier was
 * the account's unverified email: then none, as for an unknown identifier (ADR 0028).
 */
export function unlessUnverifiedEmail(user: UserRow | undefined, identifier: string): UserRow | undefined {
  if (user && user.email !== null && user.email_verified_at === null && user.email === identifier.trim().toLowerCase()) return undefined;
  return user;
}

/**
 * Takes the address off any other account that holds it unverified: someone just proved it (a
 * code), so it becomes theirs. Run in the transaction that then writes it, so of parallel
 * claimants one gets it and the others meet the unique index.
 */
export async function releaseUnverifiedEmail(db: Db, email: string, exceptUserId: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email: null, updated_at: now })
    .where('email', '=', email.toLowerCase())
    .where('email_verified_at', 'is', null)
    .where('id', '!=', exceptUserId)
    .execute();
}

export interface NewUser {
  id: string;
  username: string;
  /** null for an account that signed up by email */
  mobile: string | null;
  /** unverified beside a phone (the SIGNUP code went to the phone); verified without one (it went to the email) */
  email: string | null;
  nickname: string;
  passwordHash: string;
  now: string;
}

/** Throws the database's unique violation when the username, mobile or email is taken. */
export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: user.id,
      username: user.username,
      username_norm: user.username.toLowerCase(),
      mobile: user.mobile,
      email: user.email?.toLowerCase() ?? null,
      mobile_verified_at: user.mobile !== null ? user.now : null,
      email_verified_at: user.mobile === null && user.email !== null ? user.now : null,
      nickname: user.nickname,
      password_hash: user.passwordHash,
      password_changed_at: user.now,
      member_expires_at: null,
      created_at: user.now,
      updated_at: user.now,
    })
    .execute();
}

export async function updatePasswordHash(db: Db, id: string, passwordHash: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Which unique index a violation hit, from either driver's error. */
export function violatedUserColumn(error: unknown): 'username' | 'mobile' | 'email' | null {
  const text = `${(error as { constraint?: string }).constraint ?? ''} ${(error as Error).message ?? ''}`;
  if (text.includes('username')) return 'username';
  if (text.includes('mobile')) return 'mobile';
  if (text.includes('email')) return 'email';
  return null;
}

// ---- Entitlements (what fulfilment and the referral bonus write) -----------------------------

export type EntitlementRow = Pick<
  UserRow,
  'member_plan' | 'member_expires_at' | 'monitor_count' | 'quality_tier' | 'quality_expires_at' | 'channel_enabled' | 'channel_expires_at'
>;

/**
 * The user's entitlements, row-locked for the rest of the transaction: a write first, so
 * PostgreSQL holds the lock and two orders of one user fulfilled at once cannot both extend
 * from the same old expiry.
 */
export async function lockEntitlements(db: Db, userId: string, now: string): Promise<EntitlementRow | undefined> {
  await db.updateTable('users').set({ updated_at: now }).where('id', '=', userId).execute();
  return db
    .selectFrom('users')
    .select(['member_plan', 'member_expires_at', 'monitor_count', 'quality_tier', 'quality_expires_at', 'channel_enabled', 'channel_expires_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Sets entitlement columns and adds `addMonitors` screen walls to the current count. */
export async function updateEntitlements(
  db: Db,
  userId: string,
  patch: Partial<Omit<Updateable<UsersTable>, 'monitor_count'>> & { monitor_count?: number },
  now: string,
  addMonitors = 0,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ ...patch, ...(addMonitors !== 0 ? { monitor_count: eb('monitor_count', '+', addMonitors) } : {}), updated_at: now }))
    .where('id', '=', userId)
    .execute();
}

// ---- Profile, contact details, cancellation --------------------------------------

/** The zone the account's browser last sent (docs/adr/0031); not a profile change, so updated_at stays. */
export async function updateTimeZone(db: Db, id: string, timeZone: string): Promise<void> {
  await db.updateTable('users').set({ time_zone: timeZone }).where('id', '=', id).where('erased_at', 'is', null).execute();
}

export async function updateNickname(db: Db, id: string, nickname: string, now: string): Promise<void> {
  await db.updateTable('users').set({ nickname, updated_at: now }).where('id', '=', id).where('erased_at', 'is', null).execute();
}

/**
 * Sets the email only while it is still `expected` (null: none bound yet), so two changes that
 * raced past their checks cannot both apply; returns whether it did. Throws the unique
 * violation when another account holds the address.
 */
export async function replaceEmail(db: Db, id: string, email: string, expected: string | null, now: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email: email.toLowerCase(), email_verified_at: now, updated_at: now })
    .where('id', '=', id)
    .where('erased_at', 'is', null)
    .where('email', expected === null ? 'is' : '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** As replaceEmail, for the phone. */
export async function replaceMobile(db: Db, id: string, mobile: string, expected: string | null, now: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ mobile, mobile_verified_at: now, updated_at: now })
    .where('id', '=', id)
    .where('erased_at', 'is', null)
    .where('mobile', expected === null ? 'is' : '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Removes the email (or the phone) while it is still `expected` and the other address is on file
 * and verified, in one statement: two removals in parallel cannot leave an account without a
 * verified contact. Returns whether it did.
 */
export async function removeContact(db: Db, id: string, channel: 'SMS' | 'EMAIL', expected: string, now: string): Promise<boolean> {
  const query = db.updateTable('users').where('id', '=', id).where('erased_at', 'is', null);
  const result =
    channel === 'EMAIL'
      ? await query
          .set({ email: null, email_verified_at: null, updated_at: now })
          .where('email', '=', expected)
          .where('mobile', 'is not', null)
          .where('mobile_verified_at', 'is not', null)
          .executeTakeFirst()
      : await query
          .set({ mobile: null, mobile_verified_at: null, updated_at: now })
          .where('mobile', '=', expected)
          .where('email', 'is not', null)
          .where('email_verified_at', 'is not', null)
          .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A code sent to the address was used: it is verified (while it is still the account's). */
export async function markContactVerified(db: Db, id: string, channel: 'SMS' | 'EMAIL', address: string, now: string): Promise<void> {
  const query = db.updateTable('users').where('id', '=', id).where('erased_at', 'is', null);
  if (channel === 'EMAIL') await query.set({ email_verified_at: now }).where('email', '=', address.toLowerCase()).where('email_verified_at', 'is', null).execute();
  else await query.set({ mobile_verified_at: now }).where('mobile', '=', address).where('mobile_verified_at', 'is', null).execute();
}

/** Starts the cooling-off unless one is running; returns whether it did. */
export async function markCancelled(db: Db, id: string, requestedAt: string, eraseAt: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ cancel_requested_at: requestedAt, erase_at: eraseAt, updated_at: requestedAt })
    .where('id', '=', id)
    .where('cancel_requested_at', 'is', null)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Locks (a time) or unlocks (null) an account, by the back office; false when it already was in
 * that state. A locked account signs in nowhere (modules/auth finishSignIn).
 */
export async function setUserLocked(db: Db, id: string, lockedAt: string | null, now: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ locked_at: lockedAt, updated_at: now })
    .where('id', '=', id)
    .where('locked_at', lockedAt === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a cooling-off before its erasure; returns whether one was running. */
export async function clearCancellation(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ cancel_requested_at: null, erase_at: null, updated_at: now })
    .where('id', '=', id)
    .where('cancel_requested_at', 'is not', null)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Accounts whose cooling-off ended at or before `now` and that are not erased yet, oldest first. */
export async function findUsersDueForErasure(db: Db, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('erase_at', '<=', now)
    .where('erased_at', 'is', null)
    .orderBy('erase_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Clears the personal columns of an account due for erasure (see the users README): NULL
 * identifiers free the unique indexes for new sign-ups; the password hash becomes a value no
 * password matches. Only while still due (a restore that won the race keeps the account);
 * returns whether it erased.
 */
export async function eraseUserRow(db: Db, id: string, pseudonym: string, unusableHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      username: null,
      username_norm: null,
      mobile: null,
      email: null,
      mobile_verified_at: null,
      email_verified_at: null,
      nickname: pseudonym,
      password_hash: unusableHash,
      password_changed_at: now,
      cancel_requested_at: null,
      erase_at: null,
      erased_at: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('erased_at', 'is', null)
    .where('erase_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- Seats held by the account (the seats module writes them; read here for the effective
// membership, since the seats module depends on this one) -------------------------------------

/** Who holds a seat: an account, or a device (for the device's policy). */
export type TSeatHolder = { userId: string } | { deviceId: string };

/** A seat of this kind that runs at `now` (not revoked, started, not yet over). */
function runningSeat(eb: ExpressionBuilder<DB, 'seats'>, kind: string, now: string) {
  return eb.and([eb('seats.kind', '=', kind), eb('seats.revoked_at', 'is', null), eb('seats.starts_at', '<=', now), eb('seats.expires_at', '>', now)]);
}

/** A user's row with the latest end of the MEMBER and CHANNEL seats assigned to it that run at `now`. */
export type UserWithHeldSeatEnds = UserRow & { held_member_end: string | null; held_channel_end: string | null };

/**
 * The user and the ends of the seats it holds in one query (two scalar subqueries on the seats'
 * assignee index): `/user/info` and the plan reads ask it on every call (issue 21).
 */
export function findUserWithHeldSeatEnds(db: Db, id: string, now: string): Promise<UserWithHeldSeatEnds | undefined> {
  return db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) =>
      (['MEMBER', 'CHANNEL'] as const).map((kind) =>
        eb
          .selectFrom('seats')
          .select((inner) => inner.fn.max('seats.expires_at').as('end'))
          .whereRef('seats.assignee_user_id', '=', 'users.id')
          .where((seat) => runningSeat(seat, kind, now))
          .$asScalar()
          .as(kind === 'MEMBER' ? 'held_member_end' : 'held_channel_end'),
      ),
    )
    .where('users.id', '=', id)
    .executeTakeFirst() as Promise<UserWithHeldSeatEnds | undefined>;
}

/** The latest end among running seats of this kind (MEMBER | CHANNEL) the holder has. */
export async function latestHeldSeatEnd(db: Db, holder: TSeatHolder, kind: string, now: string): Promise<string | null> {
  const row = await db
    .selectFrom('seats')
    .select((eb) => eb.fn.max('expires_at').as('end'))
    .where('userId' in holder ? 'assignee_user_id' : 'assignee_device_id', '=', 'userId' in holder ? holder.userId : holder.deviceId)
    .where((seat) => runningSeat(seat, kind, now))
    .executeTakeFirst();
  return row?.end ?? null;
}

/**
 * Whether a device of the account, or one shared with it (alone or in a shared group), was last
 * seen outside mainland China (a known country other than CN): who the cross-border notice is for.
 */
export async function hasDeviceAbroad(db: Db, userId: string): Promise<boolean> {
  const abroad = (eb: ExpressionBuilder<DB, 'devices'>) => eb.and([eb('devices.last_country', 'is not', null), eb('devices.last_country', '!=', 'CN')]);
  const own = await db.selectFrom('devices').select('devices.id').where('devices.user_id', '=', userId).where(abroad).limit(1).executeTakeFirst();
  if (own) return true;
  const shared = await db
    .selectFrom('device_shares')
    .innerJoin('devices', (join) => join.on((eb) => eb.or([eb('devices.id', '=', eb.ref('device_shares.device_id')), eb('devices.group_id', '=', eb.ref('device_shares.group_id'))])))
    .select('devices.id')
    .where('device_shares.recipient_id', '=', userId)
    .where(abroad)
    .limit(1)
    .executeTakeFirst();
  return shared !== undefined;
}
