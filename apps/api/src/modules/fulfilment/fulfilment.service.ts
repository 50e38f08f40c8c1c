import { PAID_ORDER_STATUSES, ZQualityTier, type TQualityTier } from '@llk/contracts';
import { fromDbBool, fromDbDate, futureDbDate, toDbDate } from '../../infrastructure/db/dialect';
import { grantCloudPc, revokeCloudPc, type TCloudPcGrant } from './cloud-pc.grant';
import { findUndeliveredRenewals, listLiveGrants, markRenewalRefundAsked } from './fulfilment.repository';
import { setOrderItemGrant, type OrderItemRow } from '../orders';
import { lockEntitlements, updateEntitlements, type EntitlementRow } from '../users';
import { type Db } from '../../infrastructure/db/schema';
import { createSeats, revokeSeatGrant, type SeatGrant } from '../seats';

// Fulfilment (DESIGN.md "Money and orders"): what a paid order grants, written on the users
// row in the transaction that marks the order paid. Each item records what it changed
// (order_items.grant_json) so a full refund can take exactly that back.
//   MEMBER  extends member_expires_at from max(now, current expiry) by duration × unit ×
//           quantity and sets member_plan PRO
//   MONITOR adds units × quantity screen walls to monitor_count
//   CHANNEL turns the global channel on and extends channel_expires_at from max(now, current
//           expiry) like a membership
//   QUALITY the same tier: extends quality_expires_at from max(now, current expiry); a higher
//           tier than the one in force: switches to it from now (the rest of the lower term is
//           not carried over); a lower tier than the one in force: the higher tier's term is
//           extended by the purchased time (the customer never gets less than they paid for;
//           the apps offer only upgrades and renewals, so this is the rare race)
//   CLOUD_PC creates a machine, or extends the one a renewal order names (cloud-pc.grant.ts)
//   MEMBER and CHANNEL bought as seats (order_items.as_seats): `quantity` seats (modules/seats),
//           each with a term of duration × unit from now, for the buyer to give to accounts
//           or devices; the buyer's own membership or channel is untouched. Without as_seats
//           a quantity extends the buyer's own term as above

export type TGrant =
  | { kind: 'MEMBER'; previousPlan: string; previousExpiresAt: string | null; from: string; to: string }
  | { kind: 'MONITOR'; added: number }
  | { kind: 'CHANNEL'; previous: boolean; previousExpiresAt?: string | null; from?: string; until?: string }
  | { kind: 'QUALITY'; previous: TQualityTier; to: TQualityTier; previousExpiresAt?: string | null; from?: string; until?: string }
  | TCloudPcGrant
  | SeatGrant;

const TIER_RANK: Record<TQualityTier, number> = Object.fromEntries(ZQualityTier.options.map((tier, rank) => [tier, rank])) as Record<
  TQualityTier,
  number
>;

/** date + n calendar months in UTC; the day is clamped to the month's end (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

function monthsOf(item: OrderItemRow): number {
  const perUnit = item.time_unit === 'YEAR' ? 12 : 1;
  return perUnit * item.duration * item.quantity;
}

async function lockedUser(db: Db, userId: string, now: string): Promise<EntitlementRow> {
  const user = await lockEntitlements(db, userId, now);
  if (!user) throw new Error(`fulfilment: user ${userId} does not exist`);
  return user;
}

/**
 * What one grant adds: a term extended by `extend` (membership, channel, quality at `tier`) or
 * screen walls. Paid order items and redemption codes (modules/redeem) both come through here,
 * so a redeemed grant is recorded, and later refunds work around it, exactly like a bought one.
 */
export type TGrantRequest =
  | { type: 'MEMBER' | 'CHANNEL'; extend: (from: Date) => Date }
  | { type: 'QUALITY'; tier: TQualityTier; extend: (from: Date) => Date }
  | { type: 'MONITOR'; added: number };

/** Applies one grant to the user, in the caller's transaction; returns what it changed. */
export async function applyGrant(db: Db, userId: string, request: TGrantRequest, now: Date): Promise<TGrant> {
  const nowText = toDbDate(now);
  const user = await lockedUser(db, userId, nowText);
  switch (request.type) {
    case 'MEMBER': {
      const from = futureDbDate(user.member_expires_at, now) ?? now;
      const to = request.extend(from);
      await updateEntitlements(db, userId, { member_plan: 'PRO', member_expires_at: toDbDate(to) }, nowText);
      return {
        kind: 'MEMBER',
        previousPlan: user.member_plan,
        previousExpiresAt: user.member_expires_at,
        from: toDbDate(from),
        to: toDbDate(to),
      };
    }
    case 'MONITOR': {
      await updateEntitlements(db, userId, {}, nowText, request.added);
      return { kind: 'MONITOR', added: request.added };
    }
    case 'CHANNEL': {
      const current = fromDbBool(user.channel_enabled) ? futureDbDate(user.channel_expires_at, now) : null;
      const from = current ?? now;
      const until = request.extend(from);
      await updateEntitlements(db, userId, { channel_enabled: 1, channel_expires_at: toDbDate(until) }, nowText);
      return {
        kind: 'CHANNEL',
        previous: fromDbBool(user.channel_enabled),
        previousExpiresAt: user.channel_expires_at,
        from: toDbDate(from),
        until: toDbDate(until),
      };
    }
    case 'QUALITY': {
      const storedTier = ZQualityTier.catch('STANDARD').parse(user.quality_tier);
      const currentEnd = futureDbDate(user.quality_expires_at, now);
      const inForce: TQualityTier = currentEnd ? storedTier : 'STANDARD';
      // an upgrade starts now; a renewal or a lower tier extends the term in force
      const to = TIER_RANK[request.tier] > TIER_RANK[inForce] ? request.tier : inForce;
      const from = to === inForce && currentEnd ? currentEnd : now;
      const until = request.extend(from);
      await updateEntitlements(db, userId, { quality_tier: to, quality_expires_at: toDbDate(until) }, nowText);
      return {
        kind: 'QUALITY',
        previous: storedTier,
        to,
        previousExpiresAt: user.quality_expires_at,
        from: toDbDate(from),
        until: toDbDate(until),
      };
    }
  }
}

/** Grants one item to the user, in the caller's transaction; returns what it changed. */
async function grantItem(db: Db, userId: string, item: OrderItemRow, now: Date): Promise<TGrant> {
  const extend = (from: Date) => addMonths(from, monthsOf(item));
  if ((item.item_type === 'MEMBER' || item.item_type === 'CHANNEL') && Number(item.as_seats) === 1) {
    await lockedUser(db, userId, toDbDate(now));
    const perSeat = monthsOf({ ...item, quantity: 1 });
    return createSeats(
      db,
      {
        ownerId: userId,
        orderId: item.order_id,
        orderItemId: item.id,
        kind: item.item_type,
        count: item.quantity,
        startsAt: now,
        expiresAt: addMonths(now, perSeat),
      },
      now,
    );
  }
  switch (item.item_type) {
    case 'MEMBER':
    case 'CHANNEL':
      return applyGrant(db, userId, { type: item.item_type, extend }, now);
    case 'MONITOR':
      return applyGrant(db, userId, { type: 'MONITOR', added: item.units * item.quantity }, now);
    case 'QUALITY':
      return applyGrant(db, userId, { type: 'QUALITY', tier: ZQualityTier.catch('STANDARD').parse(item.quality_tier), extend }, now);
    case 'CLOUD_PC':
      await lockedUser(db, userId, toDbDate(now)); // the user row is locked first, as for every grant
      return grantCloudPc(db, userId, item, now, addMonths);
    default:
      throw new Error(`fulfilment: unknown item type ${item.item_type}`);
  }
}

/**
 * A term after taking back the span from..until of a refunded grant: the shortened end, or,
 * when nothing of the term would be left, `lapsed` with the end it had before the grant.
 */
function takeBack(
  currentEnd: string | null,
  grant: { from: string; until: string; previousExpiresAt?: string | null },
  now: Date,
): { lapsed: boolean; end: string } {
  const span = fromDbDate(grant.until).getTime() - fromDbDate(grant.from).getTime();
  const end = (currentEnd ? fromDbDate(currentEnd).getTime() : now.getTime()) - span;
  return end > now.getTime() ? { lapsed: false, end: toDbDate(end) } : { lapsed: true, end: grant.previousExpiresAt ?? toDbDate(now) };
}

/**
 * Takes back what a grant gave (full refund), in the caller's transaction: exactly the span it
 * added and nothing bought after it (docs/adr/0015-cloud-pc-refunds.md). Membership and the
 * channel are one level each, so their term loses the granted span (never below now; when
 * nothing is left, their state before the grant comes back). A quality grant's span belongs to
 * its tier: it shortens the term only while that tier is the one in force; a tier an upgrade
 * bought later has replaced holds none of it, so that later term is left whole. Screen walls go
 * down by what was added (never below 0).
 */
async function revokeGrant(db: Db, userId: string, grant: TGrant, now: Date): Promise<void> {
  const nowText = toDbDate(now);
  const user = await lockedUser(db, userId, nowText);
  const update = (patch: Parameters<typeof updateEntitlements>[2]) => updateEntitlements(db, userId, patch, nowText);
  switch (grant.kind) {
    case 'MEMBER': {
      const back = takeBack(user.member_expires_at, { from: grant.from, until: grant.to, previousExpiresAt: grant.previousExpiresAt }, now);
      await update({ member_expires_at: back.end, member_plan: back.lapsed ? grant.previousPlan : user.member_plan });
      return;
    }
    case 'MONITOR':
      await update({ monitor_count: Math.max(0, Number(user.monitor_count) - grant.added) });
      return;
    case 'CHANNEL': {
      // a grant written before terms existed (migration 0009) only switched the channel on
      if (!grant.from || !grant.until) {
        await update({ channel_enabled: grant.previous ? 1 : 0 });
        return;
      }
      const back = takeBack(
        user.channel_expires_at,
        { from: grant.from, until: grant.until, previousExpiresAt: grant.previousExpiresAt },
        now,
      );
      await update({ channel_expires_at: back.end, ...(back.lapsed ? { channel_enabled: grant.previous ? 1 : 0 } : {}) });
      return;
    }
    case 'QUALITY': {
      if (!grant.from || !grant.until) {
        if (user.quality_tier === grant.to) await update({ quality_tier: grant.previous });
        return;
      }
      const storedTier = ZQualityTier.catch('STANDARD').parse(user.quality_tier);
      const inForce: TQualityTier = futureDbDate(user.quality_expires_at, now) ? storedTier : 'STANDARD';
      if (inForce !== grant.to) return; // replaced by a later upgrade, or run out: nothing of it is left
      const back = takeBack(
        user.quality_expires_at,
        { from: grant.from, until: grant.until, previousExpiresAt: grant.previousExpiresAt },
        now,
      );
      await update({ quality_expires_at: back.end, ...(back.lapsed ? { quality_tier: grant.previous } : {}) });
      return;
    }
    case 'CLOUD_PC':
      await revokeCloudPc(db, grant, now);
      return;
    case 'SEATS':
      await revokeSeatGrant(db, grant, now);
      return;
  }
}

type TTermGrant = Extract<TGrant, { kind: 'MEMBER' | 'CHANNEL' | 'QUALITY' }>;

function spanOf(grant: TTermGrant): { from: string; until: string } | null {
  const until = grant.kind === 'MEMBER' ? grant.to : grant.until;
  return grant.from && until ? { from: grant.from, until } : null;
}

/**
 * A grant bought after `refunded` captured the state before it (what its own refund would
 * restore when nothing of its term is left). When that state holds the refunded span (the same
 * level, ending at or after that span's end), the span comes out of it too, so refunding the
 * later grant afterwards cannot give back what was already refunded.
 */
function withoutSpan(later: TTermGrant, refunded: TTermGrant): TTermGrant | null {
  const span = spanOf(refunded);
  if (!span || later.kind !== refunded.kind || !later.previousExpiresAt) return null;
  if (later.kind === 'QUALITY' && refunded.kind === 'QUALITY' && later.previous !== refunded.to) return null;
  if (later.kind === 'CHANNEL' && !later.previous) return null;
  const captured = fromDbDate(later.previousExpiresAt).getTime();
  const until = fromDbDate(span.until).getTime();
  if (captured < until) return null;
  const end = captured - (until - fromDbDate(span.from).getTime());
  if (end > fromDbDate(span.from).getTime()) return { ...later, previousExpiresAt: toDbDate(end) };
  // the captured term was this span alone: the state before it is what comes back
  switch (refunded.kind) {
    case 'MEMBER':
      return {
        ...(later as Extract<TTermGrant, { kind: 'MEMBER' }>),
        previousExpiresAt: refunded.previousExpiresAt,
        previousPlan: refunded.previousPlan,
      };
    case 'CHANNEL':
      return {
        ...(later as Extract<TTermGrant, { kind: 'CHANNEL' }>),
        previousExpiresAt: refunded.previousExpiresAt ?? null,
        previous: refunded.previous,
      };
    case 'QUALITY':
      return {
        ...(later as Extract<TTermGrant, { kind: 'QUALITY' }>),
        previousExpiresAt: refunded.previousExpiresAt ?? null,
        previous: refunded.previous,
      };
  }
}

async function forgetSpan(db: Db, userId: string, item: OrderItemRow, refunded: TGrant): Promise<void> {
  if (refunded.kind !== 'MEMBER' && refunded.kind !== 'CHANNEL' && refunded.kind !== 'QUALITY') return;
  for (const other of await listLiveGrants(db, userId, item.item_type, item.order_id, [...PAID_ORDER_STATUSES, 'REFUNDING'])) {
    const rewritten = withoutSpan(JSON.parse(other.grant_json ?? 'null') as TTermGrant, refunded);
    if (rewritten) await setOrderItemGrant(db, other.id, JSON.stringify(rewritten));
  }
}

/**
 * Grants every item of a paid order to its owner, in the caller's transaction, and records on
 * each item what it changed so a full refund can take exactly that back.
 */
export async function fulfilOrder(db: Db, userId: string, items: readonly OrderItemRow[], now: Date): Promise<void> {
  for (const item of items) {
    const grant = await grantItem(db, userId, item, now);
    await setOrderItemGrant(db, item.id, JSON.stringify(grant));
  }
}

/** A first-order refund claim younger than this belongs to its call (cloud-pc.service's CLAIM_LEASE_MS). */
const RENEWAL_CLAIM_LEASE_MS = 60_000;

/**
 * Paid renewal orders to refund, once each: those that found their machine gone (nothing
 * granted) and those of a machine whose first-order refund was claimed.
 */
export function listUndeliveredOrders(db: Db, limit: number, now = new Date()): Promise<{ orderId: string; undeliverable: boolean }[]> {
  return findUndeliveredRenewals(db, PAID_ORDER_STATUSES, toDbDate(now.getTime() - RENEWAL_CLAIM_LEASE_MS), limit);
}

/** Claims the refund of a renewal order (see markRenewalRefundAsked); call it in the refund's transaction. */
export function claimRenewalRefund(trx: Db, orderId: string, now: Date): Promise<boolean> {
  return markRenewalRefundAsked(trx, orderId, toDbDate(now));
}

/** Takes back what fulfilOrder() granted (a full refund), in the caller's transaction. */
export async function revokeFulfilment(db: Db, userId: string, items: readonly OrderItemRow[], now: Date): Promise<{ seatIds: string[] }> {
  const seatIds: string[] = [];
  for (const item of items) {
    if (!item.grant_json) continue;
    const grant = JSON.parse(item.grant_json) as TGrant;
    await revokeGrant(db, userId, grant, now);
    await forgetSpan(db, userId, item, grant);
    if (grant.kind === 'SEATS') seatIds.push(...grant.seatIds);
  }
  return { seatIds };
}
