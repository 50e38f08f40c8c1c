import { type TManageCount } from '@llk/contracts';
import { futureDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { findPlanLimitsMemo, type PlanMemo } from '../pricing';
import { withHeldSeats } from '../seats';
import { findUserById, type UserRow } from '../users';
import { countDevices, countGroups } from './devices.repository';
import { countShares } from './device-shares.repository';

// What the account's plan allows a device (the device and session limits, a held MEMBER seat's
// plan), and /user/queryManageCount.

/** The plan whose limits a device with a running MEMBER seat has (the seats sold are PRO seats). */
export const SEAT_PLAN = 'PRO';

function planOf(user: Pick<UserRow, 'member_plan' | 'member_expires_at'>, now: Date): string {
  return user.member_plan !== 'FREE' && futureDbDate(user.member_expires_at, now) ? user.member_plan : 'FREE';
}

interface Limits {
  devices: number | null;
  sessions: number | null;
  /** days of connection history kept; 0 when the plan is not seeded */
  historyDays: number;
}

export async function planLimits(db: Db, plan: string, memo?: PlanMemo): Promise<Limits> {
  const limits = await findPlanLimitsMemo(db, plan, memo);
  return { devices: limits?.device_limit ?? null, sessions: limits?.session_limit ?? null, historyDays: limits?.history_days ?? 0 };
}

/**
 * Plan limits read once per plan for the life of one request (a connect check weighs up to three
 * plans, often the same), from this instance's plan memo when the route passes it.
 */
export type PlanLimitsOf = (plan: string) => Promise<Limits>;

export function planLimitsOnce(db: Db, memo?: PlanMemo): PlanLimitsOf {
  const read = new Map<string, Promise<Limits>>();
  return (plan) => {
    let limits = read.get(plan);
    if (!limits) read.set(plan, (limits = planLimits(db, plan, memo)));
    return limits;
  };
}

/**
 * What the user's plan allows now; null = no limit in the pricing data. Pass the user as
 * `withHeldSeats` answers it, so a MEMBER seat held by the account gives the paid limits.
 */
export function limitsOf(
  db: Db,
  user: Pick<UserRow, 'member_plan' | 'member_expires_at'>,
  now: Date,
  limitsOfPlan: PlanLimitsOf = (plan) => planLimits(db, plan),
): Promise<Limits> {
  return limitsOfPlan(planOf(user, now));
}

/** The larger of two limits; null (no limit) beats any number. */
export function wider(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : Math.max(a, b);
}

/** The account with the seats it holds: its own membership or a held seat's, whichever runs longer. */
export async function getUserRow(db: Db, userId: string, now = new Date()): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return withHeldSeats(db, user, now);
}

/** /user/queryManageCount: the plan's device limit and what the account has. */
export async function manageCounts(db: Db, userId: string, now = new Date()): Promise<TManageCount> {
  const user = await getUserRow(db, userId);
  const [limits, deviceCount, groupCount, sharesGiven, sharesReceived] = await Promise.all([
    limitsOf(db, user, now),
    countDevices(db, userId),
    countGroups(db, userId),
    countShares(db, 'owner_id', userId),
    countShares(db, 'recipient_id', userId),
  ]);
  return {
    manageCount: limits.devices ?? user.manage_count,
    deviceLimit: limits.devices,
    sessionLimit: limits.sessions,
    deviceCount,
    groupCount,
    sharesGiven,
    sharesReceived,
  };
}
