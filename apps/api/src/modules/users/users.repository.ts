import {
  ADMIN_USER_SEARCH_CANDIDATES,
  MAINLAND_REGION,
  PHONE_COUNTRIES,
  cleanPhoneInput,
  normalizePhone,
  phoneLookupKey,
} from '@llk/contracts';
import { type RawBuilder, sql, type Updateable } from 'kysely';
import { isPostgres, toCount } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { type UserRow, type UsersTable, usersTables } from './users.tables';

export type { UserRow };

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return usersTables(db).selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** By username, case-insensitively. */
export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return usersTables(db).selectFrom('users').selectAll().where('username_norm', '=', username.toLowerCase()).executeTakeFirst();
}

/** By phone, typed in any form (+86 139…, 139…, 0086 139…): numbers are stored as E.164 (ADR 0027). */
export function findUserByMobile(db: Db, mobile: string): Promise<UserRow | undefined> {
  return usersTables(db).selectFrom('users').selectAll().where('mobile', '=', phoneLookupKey(mobile)).executeTakeFirst();
}

/** By email, verified or not: who holds the address (the unique index's view). */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return usersTables(db).selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/**
 * By email, only while the address is verified (ADR 0028): an unverified email (typed beside a
 * phone at sign-up) gets nobody into the account and is nobody's, so its lookups answer as for
 * an unknown address.
 */
export function findUserByVerifiedEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return usersTables(db)
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .where('email_verified_at', 'is not', null)
    .executeTakeFirst();
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
  await usersTables(db)
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
  await usersTables(db)
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
  await usersTables(db)
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
  await usersTables(db).updateTable('users').set({ updated_at: now }).where('id', '=', userId).execute();
  return usersTables(db)
    .selectFrom('users')
    .select([
      'member_plan',
      'member_expires_at',
      'monitor_count',
      'quality_tier',
      'quality_expires_at',
      'channel_enabled',
      'channel_expires_at',
    ])
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
  await usersTables(db)
    .updateTable('users')
    .set((eb) => ({ ...patch, ...(addMonitors !== 0 ? { monitor_count: eb('monitor_count', '+', addMonitors) } : {}), updated_at: now }))
    .where('id', '=', userId)
    .execute();
}

// ---- Profile, contact details, cancellation --------------------------------------

/** The zone the account's browser last sent (docs/adr/0031); not a profile change, so updated_at stays. */
export async function updateTimeZone(db: Db, id: string, timeZone: string): Promise<void> {
  await usersTables(db).updateTable('users').set({ time_zone: timeZone }).where('id', '=', id).where('erased_at', 'is', null).execute();
}

export async function updateNickname(db: Db, id: string, nickname: string, now: string): Promise<void> {
  await usersTables(db)
    .updateTable('users')
    .set({ nickname, updated_at: now })
    .where('id', '=', id)
    .where('erased_at', 'is', null)
    .execute();
}

/**
 * Sets the email only while it is still `expected` (null: none bound yet), so two changes that
 * raced past their checks cannot both apply; returns whether it did. Throws the unique
 * violation when another account holds the address.
 */
export async function replaceEmail(db: Db, id: string, email: string, expected: string | null, now: string): Promise<boolean> {
  const result = await usersTables(db)
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
  const result = await usersTables(db)
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
  const query = usersTables(db).updateTable('users').where('id', '=', id).where('erased_at', 'is', null);
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

/**
 * A code sent to the address was used (or an invitation's token mailed there, ADR 0044): it is
 * verified (while it is still the account's). Answers whether this call verified it.
 */
export async function markContactVerified(db: Db, id: string, channel: 'SMS' | 'EMAIL', address: string, now: string): Promise<boolean> {
  const query = usersTables(db).updateTable('users').where('id', '=', id).where('erased_at', 'is', null);
  const result =
    channel === 'EMAIL'
      ? await query
          .set({ email_verified_at: now })
          .where('email', '=', address.toLowerCase())
          .where('email_verified_at', 'is', null)
          .executeTakeFirst()
      : await query
          .set({ mobile_verified_at: now })
          .where('mobile', '=', address)
          .where('mobile_verified_at', 'is', null)
          .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Starts the cooling-off unless one is running; returns whether it did. */
export async function markCancelled(db: Db, id: string, requestedAt: string, eraseAt: string): Promise<boolean> {
  const result = await usersTables(db)
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
  const result = await usersTables(db)
    .updateTable('users')
    .set({ locked_at: lockedAt, updated_at: now })
    .where('id', '=', id)
    .where('locked_at', lockedAt === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a cooling-off before its erasure; returns whether one was running. */
export async function clearCancellation(db: Db, id: string, now: string): Promise<boolean> {
  const result = await usersTables(db)
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
  const rows = await usersTables(db)
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
  const result = await usersTables(db)
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

// ---- The account memo's row (the seats module answers the ends: users.service getUserWithHeldSeats)

/** A user's row with the latest end of the MEMBER and CHANNEL seats assigned to it that run at `now`. */
export type UserWithHeldSeatEnds = UserRow & { held_member_end: string | null; held_channel_end: string | null };

/** The names to show for these users (username, else nickname), for modules that list other people's things. */
export function findUserNames(db: Db, ids: readonly string[]): Promise<{ id: string; username: string | null; nickname: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return usersTables(db).selectFrom('users').select(['id', 'username', 'nickname']).where('id', 'in', ids).execute();
}

/** How these users can be reached and named (username, mobile, email), for the staff queues that list other modules' rows. */
export function findUserContacts(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; username: string | null; nickname: string; mobile: string | null; email: string | null }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return usersTables(db).selectFrom('users').select(['id', 'username', 'nickname', 'mobile', 'email']).where('id', 'in', ids).execute();
}

/** Whole rows of these users, in no particular order (callers key them by id). */
export function findUsersByIds(db: Db, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return usersTables(db).selectFrom('users').selectAll().where('id', 'in', ids).execute();
}

/** Sign-ups per day over [fromUtc, toUtc), the day computed in the database by the caller's expression of created_at. */
export async function countSignupsByDay(
  db: Db,
  fromUtc: string,
  toUtc: string,
  dayOf: (column: 'created_at') => RawBuilder<string>,
): Promise<Map<string, number>> {
  const day = dayOf('created_at');
  const rows = await usersTables(db)
    .selectFrom('users')
    .select((eb) => [day.as('day'), eb.fn.countAll<string | number>().as('n')])
    .where('created_at', '>=', fromUtc)
    .where('created_at', '<', toUtc)
    .groupBy(day)
    .execute();
  return new Map(rows.map((row) => [row.day, toCount(row.n)]));
}

/**
 * The ids of the users who signed up in [fromUtc, toUtc), as a subquery another owner's
 * statement embeds (`user_id in (…)`): no list of ids travels, however many signed up (ADR 0038).
 */
export function userIdsSignedUpBetween(db: Db, fromUtc: string, toUtc: string) {
  return usersTables(db).selectFrom('users').select('id').where('created_at', '>=', fromUtc).where('created_at', '<', toUtc);
}

/** Row-locks the user for the rest of the transaction (PostgreSQL; SQLite's writer lock does it). */
export async function lockUserRow(db: Db, userId: string): Promise<void> {
  await usersTables(db)
    .updateTable('users')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', userId)
    .execute();
}

/**
 * The ids of the users whose username starts with `prefix`, case-insensitively (LIKE on PostgreSQL,
 * a range on SQLite, both on the username_norm index), as a subquery another owner's statement
 * embeds (`user_id in (…)`): a short prefix may match tens of thousands of users, more than a
 * list of bound parameters can carry (ADR 0038).
 */
export function userIdsWithUsernamePrefix(db: Db, prefix: string) {
  const norm = prefix.toLowerCase();
  const escaped = norm.replace(/[\\%_]/g, (char) => `\\${char}`);
  return usersTables(db)
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      isPostgres(db)
        ? eb('username_norm', 'like', `${escaped}%`)
        : eb.and([eb('username_norm', '>=', norm), eb('username_norm', '<', `${norm}\uffff`)]),
    );
}

// ---- The back office's user search (ADR 0019) -------------------------------------------

type PrefixColumn = 'username_norm' | 'mobile' | 'email';

/**
 * What a search term is as the start of a stored phone (E.164, ADR 0027), national digits read in
 * `region` (the back office's country select; CN when absent): a whole mobile in any form is its
 * E.164 (139 1234 5678, 0086 139…, +86 139…; with ES, 612 345 678 → +34612345678); a partial
 * one, in CN its digits after +86 when they start like a mainland mobile (1391234 → +861391234),
 * in another region its digits after that region's calling code without a leading trunk 0
 * (ES 6123 → +346123, FR 0612 → +33612), and always after + (34612 → +34612); a term with a + as
 * cleaned. Anything else (a name, an email) as typed, lower-cased.
 */
export function phonePrefixesOf(q: string, region: string = MAINLAND_REGION): string[] {
  const whole = normalizePhone(q, region);
  if (whole) return [whole];
  const cleaned = cleanPhoneInput(q.trim());
  if (/^\+\d+$/.test(cleaned)) return [cleaned];
  if (/^\d{3,}$/.test(cleaned)) {
    if (region === MAINLAND_REGION)
      return cleaned.startsWith('1') && cleaned.length <= 11 ? [`+86${cleaned}`, `+${cleaned}`] : [`+${cleaned}`];
    const callingCode = PHONE_COUNTRIES.find((country) => country.region === region)?.callingCode;
    return callingCode ? [...new Set([`+${callingCode}${cleaned.replace(/^0/, '')}`, `+${cleaned}`])] : [`+${cleaned}`];
  }
  return [q.toLowerCase()];
}

/** At most this many users per searched column are candidates for one search (see searchUsers). */
const USER_PREFIX_CANDIDATES = ADMIN_USER_SEARCH_CANDIDATES;

/**
 * Users whose id is `q`, or whose username, phone or email starts with it (compared lower-cased,
 * as those columns are stored), newest first after `before`. Without `q`, a keyset page of all
 * users on the (created_at, id) index.
 *
 * With `q`, each prefix first finds at most USER_PREFIX_CANDIDATES + 1 ids from its own index
 * (PostgreSQL: text_pattern_ops, migration 0027; SQLite: a range on the column's unique index),
 * and the page is the newest of those: the work is bounded however broad the prefix. Ordering all
 * matches by time instead made PostgreSQL walk the time index past every non-matching user (a
 * prefix shared by 11% of a million users, all of them older than the rest: 0.7 s). `capped` says
 * a prefix matched more than that, so the answer may miss older matches: the screen asks for more
 * of the name, phone or email.
 */
export async function searchUsers(
  db: Db,
  options: { q?: string; region?: string; before?: { createdAt: string; id: string }; limit: number },
): Promise<{ rows: UserRow[]; capped: boolean }> {
  const before = options.before;
  const exact = options.q;
  if (exact === undefined) {
    let query = usersTables(db).selectFrom('users').selectAll();
    // a row comparison, so the database seeks the (created_at, id) index to the cut: deep pages cost what the first does
    if (before) query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(before.createdAt, before.id)));
    return { rows: await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute(), capped: false };
  }
  const postgres = isPostgres(db);
  // the phone column is searched by the term's E.164 prefixes (phonePrefixesOf), the others as typed
  const searches: Array<[PrefixColumn, string]> = [
    ['username_norm', exact.toLowerCase()],
    ...phonePrefixesOf(exact, options.region).map((prefix): [PrefixColumn, string] => ['mobile', prefix]),
    ['email', exact.toLowerCase()],
  ];
  // In the prefix index's own order, so the database reads the index from the prefix on and stops
  // at the limit. Unordered, PostgreSQL chose a sequential scan for a broad prefix, and a scan
  // that joined another one mid-table (synchronised scans) read half the table before a match.
  const found = await Promise.all(
    searches.map(([column, q]) =>
      postgres
        ? usersTables(db)
            .selectFrom('users')
            .select('id')
            .where(column, 'like', `${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`)
            .orderBy(sql`${sql.ref(column)} using ~<~`)
            .limit(USER_PREFIX_CANDIDATES + 1)
            .execute()
        : usersTables(db)
            .selectFrom('users')
            .select('id')
            .where((eb) => eb.and([eb(column, '>=', q), eb(column, '<', `${q}\uffff`)]))
            .orderBy(column)
            .limit(USER_PREFIX_CANDIDATES + 1)
            .execute(),
    ),
  );
  const capped = found.some((ids) => ids.length > USER_PREFIX_CANDIDATES);
  const ids = [...new Set([exact, ...found.flatMap((rows) => rows.slice(0, USER_PREFIX_CANDIDATES).map((row) => row.id))])];
  // the candidates by primary key first (the inner LIMIT keeps the planner from folding this into
  // a walk of the time index, which would pass every newer user that is not a candidate), then
  // the newest of them
  const candidates = usersTables(db).selectFrom('users').selectAll().where('id', 'in', ids).limit(ids.length).as('u');
  let query = usersTables(db).selectFrom(candidates).selectAll();
  if (before) query = query.where((eb) => eb(eb.refTuple('u.created_at', 'u.id'), '<', eb.tuple(before.createdAt, before.id)));
  return { rows: await query.orderBy('u.created_at', 'desc').orderBy('u.id', 'desc').limit(options.limit).execute(), capped };
}
