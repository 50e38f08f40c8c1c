import { CHANNEL_REQUIRED_FROM, type TConnectRefusal, type TLoginWay, type TSessionKind, type TSharePermission } from '@llk/contracts';
import { fromDbBool, fromDbDate, futureDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { type KeyValueStore } from '../../infrastructure/kv';
import { findCountryCode } from '../location';
import { connectAccessOf } from '../organisations';
import { deviceSeats, devicesSeats, heldSeatEnds } from '../seats';
import { acquireSession, openSession, refuseSession, type ConnectionSessionRow, type SessionStart } from '../sessions';
import { type PlanMemo } from '../pricing';
import { getUserWithHeldSeats, type AccountMemo, type UserRow } from '../users';
import { findDeviceById, type DeviceRow } from './devices.repository';
import { SEAT_PLAN, limitsOf, wider, getUserRow, planLimitsOnce, type PlanLimitsOf } from './plans';
import { RANK, type Access, findAccess, getAccess } from './permissions';

// The connect policy: the broker's POST /device/connectCheck (policies, share permission, the
// border, simultaneous sessions) and the same rules explained for the back office (ADR 0017).

/** Policies under which a device may start a session through the account (ADR 0017, the guide's table). */
const MAY_CONTROL: ReadonlySet<TLoginWay> = new Set(['ALL', 'DEVICE_MANAGE']);

/** Policies under which a device may be controlled through the account; GUEST only with a one-time password, outside the account. */
const MAY_BE_CONTROLLED: ReadonlySet<TLoginWay> = new Set(['ALL', 'DEVICE_MANAGE', 'ONLY_CONTROLLED']);

const REFUSAL_ERROR = {
  POLICY: 'CONNECT_POLICY',
  PERMISSION: 'CONNECT_PERMISSION',
  SESSION_LIMIT: 'CONNECT_SESSION_LIMIT',
  CROSS_BORDER: 'CONNECT_CROSS_BORDER',
  ORG_ACCESS: 'CONNECT_ORG_ACCESS',
} as const;

export interface ConnectDecision {
  allowed: boolean;
  reason: TConnectRefusal | null;
  /** the refusal's error code name, for the message */
  error: (typeof REFUSAL_ERROR)[TConnectRefusal] | null;
  params?: { limit: number };
}

/** What checkConnect answers: the decision and the connection record it wrote (or the running one a retry found). */
export interface ConnectOutcome extends ConnectDecision {
  record: ConnectionSessionRow;
  /** the record was written by this check (false: a retry answered the running one) */
  created: boolean;
}

const refuse = (reason: TConnectRefusal, params?: { limit: number }): ConnectDecision => ({
  allowed: false,
  reason,
  error: REFUSAL_ERROR[reason],
  ...(params ? { params } : {}),
});

/** Mainland China on one side and anywhere else on the other; unknown countries are not a border. */
function crossesBorder(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && a !== b && (a === 'CN' || b === 'CN');
}

/** What a LoginWay policy lets a device do through the account (ADR 0017); GUEST is controlled only with a one-time password, outside the account. */
export function describePolicy(policy: TLoginWay): { mayControl: boolean; mayBeControlled: boolean } {
  return { mayControl: MAY_CONTROL.has(policy), mayBeControlled: MAY_BE_CONTROLLED.has(policy) };
}

/** The first two rules: both devices' policies, then the share's permission. */
function accessRefusal(from: DeviceRow, to: Access): 'POLICY' | 'PERMISSION' | null {
  if (!describePolicy(from.policy as TLoginWay).mayControl || !describePolicy(to.device.policy as TLoginWay).mayBeControlled)
    return 'POLICY';
  if (RANK[to.permission] < RANK.CONTROL) return 'PERMISSION';
  return null;
}

/**
 * The target as the caller reaches it. A device an organisation holds is decided by the
 * organisation's access rules alone (ADR 0046), for its installer too: a member gets the winning
 * rule's permission, or `refused` when no rule gives one (or the device waits for approval); an
 * outsider (not an active member) is answered "not found", as for a device nobody shared. Any
 * other device: its owner, or a share.
 */
async function targetAccess(db: Db, userId: string, toId: string): Promise<{ access: Access; refused: boolean }> {
  const org = await connectAccessOf(db, userId, toId);
  if (!org) return { access: await getAccess(db, userId, toId), refused: false };
  const device = org.outsider ? undefined : await findDeviceById(db, toId);
  if (org.outsider || !device) throw new AppError('DEVICE_NOT_FOUND');
  const permission = org.decision.permission;
  // a refused record carries the least permission: the session would have run with none
  return { access: { device, permission: permission ?? 'VIEW', owned: false }, refused: permission === null };
}

/** The account's terms for a session from `from`: the border rule and the simultaneous-session limit (reads only). */
interface SessionTerms {
  /** the global channel is in force (the account's, or a CHANNEL seat on the controlling device) */
  channel: boolean;
  /** the account needs the channel to cross the border (registered from CHANNEL_REQUIRED_FROM) */
  channelRequired: boolean;
  crossesBorder: boolean;
  /** the border rule refuses: the devices are on either side of it and the account needs the channel */
  refusesCrossing: boolean;
  /** simultaneous sessions the plan allows; null = no limit */
  limit: number | null;
}

type Seats = Awaited<ReturnType<typeof deviceSeats>>;
const NO_SEATS: Seats = { member: null, channel: null };

/**
 * What one check reads at most once: the caller's account (with the seats it holds; from this instance's
 * account memo when the route passes it, as /user/info reads them) and the plans' limits.
 */
interface CheckReads {
  account(userId: string): Promise<UserRow>;
  limits: PlanLimitsOf;
}

function checkReads(db: Db, now: Date, memos: Pick<ConnectRequest, 'accountMemo' | 'planMemo'> = {}): CheckReads {
  const { accountMemo, planMemo } = memos;
  return {
    account: (userId) => (accountMemo ? getUserWithHeldSeats(db, userId, heldSeatEnds, now, accountMemo) : getUserRow(db, userId, now)),
    limits: planLimitsOnce(db, planMemo),
  };
}

async function sessionTerms(
  db: Db,
  userId: string,
  from: DeviceRow,
  to: DeviceRow,
  now: Date,
  reads: CheckReads = checkReads(db, now),
  loaded?: Promise<[UserRow, Seats]>,
): Promise<SessionTerms> {
  const [user, seats] = await (loaded ?? Promise.all([reads.account(userId), deviceSeats(db, from.id, now)]));
  const own = await limitsOf(db, user, now, reads.limits);
  const limit = seats.member ? wider(own.sessions, (await reads.limits(SEAT_PLAN)).sessions) : own.sessions;
  const channel = (fromDbBool(user.channel_enabled) && futureDbDate(user.channel_expires_at, now) !== null) || seats.channel !== null;
  const channelRequired = !channel && fromDbDate(user.created_at) >= new Date(CHANNEL_REQUIRED_FROM);
  const crossing = crossesBorder(from.last_country, to.last_country);
  return { channel, channelRequired, crossesBorder: crossing, refusesCrossing: channelRequired && crossing, limit };
}

/** The connect check's caller beyond the ids: the request's address and the kind of session the app asks for. */
export interface ConnectRequest {
  ip: string;
  kind?: TSessionKind | undefined;
  /** this instance's account memo (the route's app.accountMemo): the accounts' reads come from it when it has them */
  accountMemo?: AccountMemo;
  /** this instance's plan memo (app.planMemo), likewise for the plans' limits */
  planMemo?: PlanMemo;
}

/**
 * How long the pair's record is kept: the longer connection history of the two accounts' plans
 * (their own or a held MEMBER seat's, as getUserRow answers the account); a MEMBER seat on
 * either device counts as the seats' plan.
 */
async function historyDays(
  db: Db,
  reads: CheckReads,
  controller: UserRow,
  seats: { from: Seats; to: Seats },
  to: DeviceRow,
  now: Date,
): Promise<number> {
  // another account's device: its owner as stored, an erased one too (its devices stay, and the
  // memo's read answers an erased account UNAUTHORIZED, which is the caller's answer, not the owner's)
  const owner = to.user_id === controller.id ? controller : await getUserRow(db, to.user_id, now);
  const plans = [limitsOf(db, controller, now, reads.limits), limitsOf(db, owner, now, reads.limits)];
  if (seats.from.member || seats.to.member) plans.push(reads.limits(SEAT_PLAN));
  return Math.max(...(await Promise.all(plans)).map((limits) => limits.historyDays));
}

/**
 * POST /device/connectCheck: may `fromId` (the caller's own device) start a session to `toId`
 * (own, shared, or an organisation's the caller is a member of)? Checked in this order: policy,
 * the organisation's access rules (ORG_ACCESS) or the share's permission, cross-border,
 * simultaneous sessions (last, because passing it takes the session). An allowed check takes a session for DEVICE_PRESENCE_SECONDS (atomically
 * against the limit); the controlling device's heartbeats keep it (see heartbeat's `sessions`).
 * Seats (ADR 0018): the account's plan is its own or a held MEMBER seat's; a controlling
 * device holding a MEMBER seat has the paid plan's session limit, and one holding a CHANNEL
 * seat has the global channel.
 * Every answer but "not found" writes a connection record (modules/sessions): a LIVE one for an
 * allowed check (a retry while it runs answers the same one), a REFUSED one with its reason.
 */
export async function checkConnect(
  db: Db,
  kv: KeyValueStore,
  userId: string,
  fromId: string,
  toId: string,
  now = new Date(),
  request: ConnectRequest = { ip: '' },
): Promise<ConnectOutcome> {
  const from = await findDeviceById(db, fromId);
  if (!from || from.user_id !== userId) throw new AppError('DEVICE_NOT_FOUND');
  const target = await targetAccess(db, userId, toId);
  const to = target.access;
  // the account and the seats weigh both in the terms and in how long the record is kept; both
  // devices' seats are one query
  const reads = checkReads(db, now, request);
  const bothSeats = devicesSeats(db, [from.id, to.device.id], now);
  const loaded = Promise.all([reads.account(userId), bothSeats.then((seats) => seats.get(from.id) ?? NO_SEATS)]);
  const start: Promise<SessionStart> = loaded.then(async ([user, fromSeats]) => ({
    from: sideOf(from, request.ip || null, findCountryCode(request.ip)),
    to: sideOf(to.device, to.device.last_ip, to.device.last_country),
    permission: to.owned ? 'OWN' : to.permission,
    kind: request.kind ?? 'CONTROL',
    historyDays: await historyDays(
      db,
      reads,
      user,
      { from: fromSeats, to: (await bothSeats).get(to.device.id) ?? NO_SEATS },
      to.device,
      now,
    ),
  }));
  // awaited on every path below; a failure of it surfaces there, not as an unhandled rejection
  void start.catch(() => null);
  const refused = async (decision: ConnectDecision): Promise<ConnectOutcome> => ({
    ...decision,
    record: await refuseSession(db, await start, decision.reason ?? 'POLICY', now),
    created: true,
  });
  // an organisation's device: the policies first, then its access rules in the share's place
  const policy = accessRefusal(from, to) === 'POLICY' ? 'POLICY' : null;
  const refusal = policy ?? (target.refused ? 'ORG_ACCESS' : accessRefusal(from, to));
  if (refusal) return refused(refuse(refusal));
  const terms = await sessionTerms(db, userId, from, to.device, now, reads, loaded);
  if (terms.refusesCrossing) return refused(refuse('CROSS_BORDER'));
  // last: taking the session is the only write, and it is atomic against the limit
  if (!(await acquireSession(kv, { userId, fromId: from.id, toId: to.device.id }, terms.limit, now)))
    return refused(refuse('SESSION_LIMIT', { limit: terms.limit ?? 0 }));
  const { row, created } = await openSession(db, await start, now);
  return { allowed: true, reason: null, error: null, record: row, created };
}

function sideOf(device: DeviceRow, ip: string | null, country: string | null): SessionStart['from'] {
  return {
    userId: device.user_id,
    deviceId: device.id,
    deviceName: device.name,
    clientType: device.client_type,
    appVersion: device.app_version,
    ip,
    country,
  };
}

/** What checkConnect weighs for a pair, as the back office explains it (no session is taken). */
export interface ConnectExplanation {
  /** the first rule that refuses, in checkConnect's order; NOT_SHARED: `to` is neither the owner's nor shared with them */
  reason: 'NOT_SHARED' | Exclude<TConnectRefusal, 'SESSION_LIMIT' | 'ORG_ACCESS'> | null;
  from: { policy: TLoginWay; mayControl: boolean; country: string | null };
  to: { policy: TLoginWay; mayBeControlled: boolean; country: string | null };
  /** what the owner of `from` holds on `to`: MANAGE when they own it; null when not shared */
  permission: TSharePermission | null;
  owned: boolean;
  channel: boolean;
  channelRequired: boolean;
  crossesBorder: boolean;
  /** the simultaneous sessions the plan allows (null: no limit): the one rule not read here, since only taking a session counts them */
  sessionLimit: number | null;
}

/**
 * checkConnect's rules for a session from `fromId` (on its owner's account) to `toId`, without
 * taking a session: every rule but the simultaneous-session count, with the facts each weighed.
 * The ids are the API's; either device missing: DEVICE_NOT_FOUND.
 */
export async function explainConnect(db: Db, fromId: string, toId: string, now = new Date()): Promise<ConnectExplanation> {
  const [from, toDevice] = await Promise.all([findDeviceById(db, fromId), findDeviceById(db, toId)]);
  if (!from || !toDevice) throw new AppError('DEVICE_NOT_FOUND');
  const [to, terms] = await Promise.all([findAccess(db, from.user_id, toDevice), sessionTerms(db, from.user_id, from, toDevice, now)]);
  const reason = !to ? 'NOT_SHARED' : (accessRefusal(from, to) ?? (terms.refusesCrossing ? 'CROSS_BORDER' : null));
  const fromPolicy = from.policy as TLoginWay;
  const toPolicy = toDevice.policy as TLoginWay;
  return {
    reason,
    from: { policy: fromPolicy, mayControl: describePolicy(fromPolicy).mayControl, country: from.last_country },
    to: { policy: toPolicy, mayBeControlled: describePolicy(toPolicy).mayBeControlled, country: toDevice.last_country },
    permission: to?.permission ?? null,
    owned: to?.owned ?? false,
    channel: terms.channel,
    channelRequired: terms.channelRequired,
    crossesBorder: terms.crossesBorder,
    sessionLimit: terms.limit,
  };
}
