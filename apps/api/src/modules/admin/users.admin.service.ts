import {
  formatPhone,
  type TAdminGrantDaysRequest,
  type TAdminGrantWallsRequest,
  type TAdminResetTwoStepRequest,
  type TAdminUserDetail,
  type TAdminUserProfile,
  type TAdminUsersPage,
  type TAdminUsersQuery,
  type TAdminUserSummary,
} from '@llk/contracts';
import { fromDbBool, toDbDate } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { endUserSessions, listOpenSessions, resetTwoStep, revokeOwnSession, totpEnabled } from '../auth';
import { applyGrant } from '../fulfilment';
import { setUserLocked } from '../users';
import { findAdminUser, findAmbassador, findReferralBinding, listUserDevices, searchOrders, searchUsers, type AdminUserRow } from './admin-people.repository';
import { orderSummaryOf } from './orders.admin.service';
import { recordAudit } from './audit';
import { decodeCursor, encodeCursor, requireReason, type StaffActor } from './admin-actions';
import { type KeyValueStore } from '../../lib/kv';

// The back office's users (ADR 0019): search, a user's page and the actions on an account.
// Every action needs a reason and is audited with the state before and after, in the
// transaction of the change; the change itself is the owning module's (grants through
// fulfilment, sessions and two-step verification through auth, the lock through users).

const DAY_MS = 86_400_000;

function summaryOf(row: AdminUserRow): TAdminUserSummary {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    // as staff saw it before issue 32: a mainland number's 11 digits, any other +34 612 34 56 78 (ADR 0027)
    mobile: row.mobile === null ? null : formatPhone(row.mobile),
    email: row.email,
    memberPlan: row.member_plan,
    memberExpiresAt: row.member_expires_at,
    lockedAt: row.locked_at,
    erasedAt: row.erased_at,
    createdAt: row.created_at,
  };
}

async function profileOf(db: Db, row: AdminUserRow): Promise<TAdminUserProfile> {
  return {
    ...summaryOf(row),
    monitorCount: Number(row.monitor_count),
    qualityTier: row.quality_tier,
    qualityExpiresAt: row.quality_expires_at,
    channelEnabled: fromDbBool(row.channel_enabled),
    channelExpiresAt: row.channel_expires_at,
    cancelRequestedAt: row.cancel_requested_at,
    eraseAt: row.erase_at,
    twoStep: await totpEnabled(db, row.id),
  };
}

/** What an audit record keeps of a user: the fields the actions change. */
function auditState(row: AdminUserRow, twoStep?: boolean, liveSessions?: number) {
  return {
    memberPlan: row.member_plan,
    memberExpiresAt: row.member_expires_at,
    monitorCount: Number(row.monitor_count),
    lockedAt: row.locked_at,
    ...(twoStep === undefined ? {} : { twoStep }),
    ...(liveSessions === undefined ? {} : { liveSessions }),
  };
}

async function getUserRow(db: Db, id: string): Promise<AdminUserRow> {
  const row = await findAdminUser(db, id);
  if (!row) throw new AppError('ADMIN_USER_NOT_FOUND');
  return row;
}

export async function listUsers(db: Db, query: TAdminUsersQuery): Promise<TAdminUsersPage> {
  const before = decodeCursor(query.before);
  const { rows, capped } = await searchUsers(db, { ...(query.q ? { q: query.q } : {}), ...(query.region ? { region: query.region } : {}), ...(before ? { before } : {}), limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { items: page.map(summaryOf), next: rows.length > query.limit && last ? encodeCursor(last.created_at, last.id) : null, capped };
}

export async function getUserDetail(db: Db, id: string, now = new Date()): Promise<TAdminUserDetail> {
  const row = await getUserRow(db, id);
  const [profile, orders, sessions, devices, binding, ambassador] = await Promise.all([
    profileOf(db, row),
    searchOrders(db, { userId: id, limit: 20 }),
    listOpenSessions(db, id, toDbDate(now)),
    listUserDevices(db, id, 50),
    findReferralBinding(db, id),
    findAmbassador(db, id),
  ]);
  return {
    profile,
    orders: orders.map(orderSummaryOf),
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
      referredBy: binding ? { ambassadorUserId: binding.ambassador_user_id, referralCode: binding.referral_code, boundAt: binding.bound_at, expiresAt: binding.expires_at } : null,
      ambassador: ambassador ? { referralCode: ambassador.referral_code, joinedAt: ambassador.joined_at, referredCount: ambassador.referred } : null,
    },
  };
}

/**
 * One audited action on a user, in one transaction: `change` runs with the transaction and the
 * row as it was; the audit record holds the user before and after, the reason and the actor.
 */
async function actOnUser(
  db: Db,
  actor: StaffActor,
  userId: string,
  action: string,
  reason: string,
  change: (trx: Db, before: AdminUserRow) => Promise<Record<string, unknown> | void>,
  now: Date,
): Promise<TAdminUserProfile> {
  const why = requireReason(reason);
  await db.transaction().execute(async (trx) => {
    const before = await getUserRow(trx, userId);
    const beforeTwoStep = await totpEnabled(trx, userId);
    const extra = await change(trx, before);
    const after = await getUserRow(trx, userId);
    await recordAudit(trx, {
      staffId: actor.staffId,
      action,
      targetType: 'user',
      targetId: userId,
      before: auditState(before, beforeTwoStep),
      after: { ...auditState(after, await totpEnabled(trx, userId)), ...(extra ?? {}) },
      reason: why,
      ...(actor.ip ? { ip: actor.ip } : {}),
      at: now,
    });
  });
  return profileOf(db, await getUserRow(db, userId));
}

/** Membership days, through fulfilment's applyGrant (stacks and refunds like a bought term). */
export function grantMembershipDays(db: Db, actor: StaffActor, userId: string, request: TAdminGrantDaysRequest, now = new Date()): Promise<TAdminUserProfile> {
  return actOnUser(
    db,
    actor,
    userId,
    'user.grantMembershipDays',
    request.reason,
    async (trx) => {
      const grant = await applyGrant(trx, userId, { type: 'MEMBER', extend: (from) => new Date(from.getTime() + request.days * DAY_MS) }, now);
      return { grantedDays: request.days, grant };
    },
    now,
  );
}

export function grantWalls(db: Db, actor: StaffActor, userId: string, request: TAdminGrantWallsRequest, now = new Date()): Promise<TAdminUserProfile> {
  return actOnUser(
    db,
    actor,
    userId,
    'user.grantWalls',
    request.reason,
    async (trx) => {
      await applyGrant(trx, userId, { type: 'MONITOR', added: request.walls }, now);
      return { grantedWalls: request.walls };
    },
    now,
  );
}

/** Locks the account (no sign-in anywhere) and ends its sessions; or unlocks it. */
export function setLocked(db: Db, kv: KeyValueStore, actor: StaffActor, userId: string, locked: boolean, reason: string, now = new Date()): Promise<TAdminUserProfile> {
  return actOnUser(
    db,
    actor,
    userId,
    locked ? 'user.lock' : 'user.unlock',
    reason,
    async (trx) => {
      if (!(await setUserLocked(trx, userId, locked ? toDbDate(now) : null, toDbDate(now)))) throw new AppError('ADMIN_LOCK_UNCHANGED');
      if (locked) return { sessionsEnded: await endUserSessions(trx, kv, userId, now) };
    },
    now,
  );
}

export function endAllSessions(db: Db, kv: KeyValueStore, actor: StaffActor, userId: string, reason: string, now = new Date()): Promise<TAdminUserProfile> {
  return actOnUser(db, actor, userId, 'user.endSessions', reason, async (trx) => ({ sessionsEnded: await endUserSessions(trx, kv, userId, now) }), now);
}

/** Ends one of the customer's sessions (SESSION_NOT_FOUND when it is not a live one of theirs). */
export function endOneSession(db: Db, kv: KeyValueStore, actor: StaffActor, userId: string, sessionId: string, reason: string, now = new Date()): Promise<TAdminUserProfile> {
  return actOnUser(
    db,
    actor,
    userId,
    'user.endSession',
    reason,
    async (trx) => {
      await revokeOwnSession(trx, kv, userId, sessionId, now);
      return { sessionEnded: sessionId };
    },
    now,
  );
}

/** Removes two-step verification after an identity check (the note is audited with the reason). */
export function resetTwoStepVerification(db: Db, actor: StaffActor, userId: string, request: TAdminResetTwoStepRequest, now = new Date()): Promise<TAdminUserProfile> {
  const identityCheck = requireReason(request.identityCheck);
  return actOnUser(
    db,
    actor,
    userId,
    'user.resetTwoStep',
    request.reason,
    async (trx) => {
      if (!(await resetTwoStep(trx, userId))) throw new AppError('ADMIN_TWO_STEP_NOT_ENABLED');
      return { identityCheck };
    },
    now,
  );
}
