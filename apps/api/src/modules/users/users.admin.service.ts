import {
  formatPhone,
  type TAdminGrantDaysRequest,
  type TAdminGrantWallsRequest,
  type TAdminOrderSummary,
  type TAdminResetTwoStepRequest,
  type TAdminUserDetail,
  type TAdminUserProfile,
  type TAdminUsersPage,
  type TAdminUsersQuery,
  type TAdminUserSummary,
} from '@llk/contracts';
import { fromDbBool, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { decodeCursor, encodeCursor, recordAudit, requireReason, type StaffActor } from '../../infrastructure/http/staff';
import { type KeyValueStore } from '../../infrastructure/kv';
import { findUserById, searchUsers, setUserLocked, type UserRow } from './users.repository';

// The back office's users (ADR 0019): search, a user's page and the actions on an account.
// Every action needs a reason and is audited with the state before and after, in the
// transaction of the change; the change itself is the owning module's (grants through
// fulfilment, sessions and two-step verification through auth, the lock through users).
// Those modules all stand on this one, so the composition hands their functions in
// (`UsersAdminSources`) instead of this file importing them (ADR 0040).

/** A grant the staff may give: membership days or screen walls (fulfilment's grant request). */
export type StaffGrant = { type: 'MEMBER'; extend: (from: Date) => Date } | { type: 'MONITOR'; added: number };

/** What a user's page shows of one of their open sessions (auth's session row). */
export interface UserPageSession {
  id: string;
  login_type: string;
  created_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
}

/** What a user's page shows of one of their devices (the devices module's row). */
export interface UserPageDevice {
  id: string;
  name: string;
  client_type: string;
  app_version: string | null;
  last_seen_at: string | null;
  created_at: string;
}

/**
 * What the staff's user pages read and change in the modules that stand on this one (auth,
 * fulfilment, orders, devices and referrals all import users), handed in by the composition
 * (composition/staff-routes.ts). Each is that module's public function of the same name, except
 * `recentOrders`, the orders module's staff search and summary put together.
 */
export interface UsersAdminSources {
  /** auth: whether the account has two-step verification on. */
  totpEnabled: (db: Db, userId: string) => Promise<boolean>;
  /** auth: the account's live sessions, most recently seen first. */
  listOpenSessions: (db: Db, userId: string, now: string) => Promise<UserPageSession[]>;
  /** auth: ends every session of the account (and forgets them in the session cache); how many ended. */
  endUserSessions: (db: Db, kv: KeyValueStore, userId: string, now: Date) => Promise<number>;
  /** auth: ends one live session of the account (SESSION_NOT_FOUND when it is not a live one of theirs). */
  revokeOwnSession: (db: Db, kv: KeyValueStore, userId: string, sessionId: string, now: Date) => Promise<void>;
  /** auth: removes two-step verification; false when it was not on. */
  resetTwoStep: (db: Db, userId: string) => Promise<boolean>;
  /** fulfilment: applies a grant in the caller's transaction (it stacks and refunds like a bought term); what it changed. */
  applyGrant: (db: Db, userId: string, grant: StaffGrant, now: Date) => Promise<unknown>;
  /** orders: the account's newest orders, as the back office lists them. */
  recentOrders: (db: Db, userId: string, limit: number) => Promise<TAdminOrderSummary[]>;
  /** devices: the account's devices, most recently seen first. */
  listRecentDevicesOf: (db: Db, userId: string, limit: number) => Promise<UserPageDevice[]>;
  /** referrals: the ambassador who referred the account, while it is bound or after. */
  findBindingOf: (
    db: Db,
    userId: string,
  ) => Promise<{ ambassador_user_id: string; referral_code: string; bound_at: string; expires_at: string } | undefined>;
  /** referrals: the account as an ambassador: its code, since when, how many it referred. */
  findAmbassadorSummary: (db: Db, userId: string) => Promise<{ referral_code: string; joined_at: string; referred: number } | undefined>;
}

const DAY_MS = 86_400_000;

function summaryOf(row: UserRow): TAdminUserSummary {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    // as staff saw it before numbers were stored in E.164: a mainland number's 11 digits, any other +34 612 34 56 78 (ADR 0027)
    mobile: row.mobile === null ? null : formatPhone(row.mobile),
    email: row.email,
    memberPlan: row.member_plan,
    memberExpiresAt: row.member_expires_at,
    lockedAt: row.locked_at,
    erasedAt: row.erased_at,
    createdAt: row.created_at,
  };
}

async function profileOf(sources: UsersAdminSources, db: Db, row: UserRow): Promise<TAdminUserProfile> {
  return {
    ...summaryOf(row),
    monitorCount: Number(row.monitor_count),
    qualityTier: row.quality_tier,
    qualityExpiresAt: row.quality_expires_at,
    channelEnabled: fromDbBool(row.channel_enabled),
    channelExpiresAt: row.channel_expires_at,
    cancelRequestedAt: row.cancel_requested_at,
    eraseAt: row.erase_at,
    twoStep: await sources.totpEnabled(db, row.id),
  };
}

/** What an audit record keeps of a user: the fields the actions change. */
function auditState(row: UserRow, twoStep?: boolean, liveSessions?: number) {
  return {
    memberPlan: row.member_plan,
    memberExpiresAt: row.member_expires_at,
    monitorCount: Number(row.monitor_count),
    lockedAt: row.locked_at,
    ...(twoStep === undefined ? {} : { twoStep }),
    ...(liveSessions === undefined ? {} : { liveSessions }),
  };
}

async function getUserRow(db: Db, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw new AppError('ADMIN_USER_NOT_FOUND');
  return row;
}

export async function listUsers(db: Db, query: TAdminUsersQuery): Promise<TAdminUsersPage> {
  const before = decodeCursor(query.before);
  const { rows, capped } = await searchUsers(db, {
    ...(query.q ? { q: query.q } : {}),
    ...(query.region ? { region: query.region } : {}),
    ...(before ? { before } : {}),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { items: page.map(summaryOf), next: rows.length > query.limit && last ? encodeCursor(last.created_at, last.id) : null, capped };
}

export async function getUserDetail(sources: UsersAdminSources, db: Db, id: string, now = new Date()): Promise<TAdminUserDetail> {
  const row = await getUserRow(db, id);
  const [profile, orders, sessions, devices, binding, ambassador] = await Promise.all([
    profileOf(sources, db, row),
    sources.recentOrders(db, id, 20),
    sources.listOpenSessions(db, id, toDbDate(now)),
    sources.listRecentDevicesOf(db, id, 50),
    sources.findBindingOf(db, id),
    sources.findAmbassadorSummary(db, id),
  ]);
  return {
    profile,
    orders,
    sessions: sessions.map((session) => ({
      id: session.id,
      loginType: session.login_type,
      createdAt: session.created_at,
      lastSeenAt: session.last_seen_at,
      ip: session.ip,
      userAgent: session.user_agent,
    })),
    devices: devices.map((device) => ({
      id: device.id,
      name: device.name,
      clientType: device.client_type,
      appVersion: device.app_version,
      lastSeenAt: device.last_seen_at,
      createdAt: device.created_at,
    })),
    referral: {
      referredBy: binding
        ? {
            ambassadorUserId: binding.ambassador_user_id,
            referralCode: binding.referral_code,
            boundAt: binding.bound_at,
            expiresAt: binding.expires_at,
          }
        : null,
      ambassador: ambassador
        ? { referralCode: ambassador.referral_code, joinedAt: ambassador.joined_at, referredCount: ambassador.referred }
        : null,
    },
  };
}

/**
 * One audited action on a user, in one transaction: `change` runs with the transaction and the
 * row as it was; the audit record holds the user before and after, the reason and the actor.
 */
async function actOnUser(
  sources: UsersAdminSources,
  db: Db,
  actor: StaffActor,
  userId: string,
  action: string,
  reason: string,
  change: (trx: Db, before: UserRow) => Promise<Record<string, unknown> | void>,
  now: Date,
): Promise<TAdminUserProfile> {
  const why = requireReason(reason);
  await db.transaction().execute(async (trx) => {
    const before = await getUserRow(trx, userId);
    const beforeTwoStep = await sources.totpEnabled(trx, userId);
    const extra = await change(trx, before);
    const after = await getUserRow(trx, userId);
    await recordAudit(trx, {
      staffId: actor.staffId,
      action,
      targetType: 'user',
      targetId: userId,
      before: auditState(before, beforeTwoStep),
      after: { ...auditState(after, await sources.totpEnabled(trx, userId)), ...(extra ?? {}) },
      reason: why,
      ...(actor.ip ? { ip: actor.ip } : {}),
      at: now,
    });
  });
  return profileOf(sources, db, await getUserRow(db, userId));
}

/** Membership days, through fulfilment's applyGrant (stacks and refunds like a bought term). */
export function grantMembershipDays(
  sources: UsersAdminSources,
  db: Db,
  actor: StaffActor,
  userId: string,
  request: TAdminGrantDaysRequest,
  now = new Date(),
): Promise<TAdminUserProfile> {
  return actOnUser(
    sources,
    db,
    actor,
    userId,
    'user.grantMembershipDays',
    request.reason,
    async (trx) => {
      const grant = await sources.applyGrant(
        trx,
        userId,
        { type: 'MEMBER', extend: (from) => new Date(from.getTime() + request.days * DAY_MS) },
        now,
      );
      return { grantedDays: request.days, grant };
    },
    now,
  );
}

export function grantWalls(
  sources: UsersAdminSources,
  db: Db,
  actor: StaffActor,
  userId: string,
  request: TAdminGrantWallsRequest,
  now = new Date(),
): Promise<TAdminUserProfile> {
  return actOnUser(
    sources,
    db,
    actor,
    userId,
    'user.grantWalls',
    request.reason,
    async (trx) => {
      await sources.applyGrant(trx, userId, { type: 'MONITOR', added: request.walls }, now);
      return { grantedWalls: request.walls };
    },
    now,
  );
}

/** Locks the account (no sign-in anywhere) and ends its sessions; or unlocks it. */
export function setLocked(
  sources: UsersAdminSources,
  db: Db,
  kv: KeyValueStore,
  actor: StaffActor,
  userId: string,
  locked: boolean,
  reason: string,
  now = new Date(),
): Promise<TAdminUserProfile> {
  return actOnUser(
    sources,
    db,
    actor,
    userId,
    locked ? 'user.lock' : 'user.unlock',
    reason,
    async (trx) => {
      if (!(await setUserLocked(trx, userId, locked ? toDbDate(now) : null, toDbDate(now)))) throw new AppError('ADMIN_LOCK_UNCHANGED');
      if (locked) return { sessionsEnded: await sources.endUserSessions(trx, kv, userId, now) };
    },
    now,
  );
}

export function endAllSessions(
  sources: UsersAdminSources,
  db: Db,
  kv: KeyValueStore,
  actor: StaffActor,
  userId: string,
  reason: string,
  now = new Date(),
): Promise<TAdminUserProfile> {
  return actOnUser(
    sources,
    db,
    actor,
    userId,
    'user.endSessions',
    reason,
    async (trx) => ({ sessionsEnded: await sources.endUserSessions(trx, kv, userId, now) }),
    now,
  );
}

/** Ends one of the customer's sessions (SESSION_NOT_FOUND when it is not a live one of theirs). */
export function endOneSession(
  sources: UsersAdminSources,
  db: Db,
  kv: KeyValueStore,
  actor: StaffActor,
  userId: string,
  sessionId: string,
  reason: string,
  now = new Date(),
): Promise<TAdminUserProfile> {
  return actOnUser(
    sources,
    db,
    actor,
    userId,
    'user.endSession',
    reason,
    async (trx) => {
      await sources.revokeOwnSession(trx, kv, userId, sessionId, now);
      return { sessionEnded: sessionId };
    },
    now,
  );
}

/** Removes two-step verification after an identity check (the note is audited with the reason). */
export function resetTwoStepVerification(
  sources: UsersAdminSources,
  db: Db,
  actor: StaffActor,
  userId: string,
  request: TAdminResetTwoStepRequest,
  now = new Date(),
): Promise<TAdminUserProfile> {
  const identityCheck = requireReason(request.identityCheck);
  return actOnUser(
    sources,
    db,
    actor,
    userId,
    'user.resetTwoStep',
    request.reason,
    async (trx) => {
      if (!(await sources.resetTwoStep(trx, userId))) throw new AppError('ADMIN_TWO_STEP_NOT_ENABLED');
      return { identityCheck };
    },
    now,
  );
}
