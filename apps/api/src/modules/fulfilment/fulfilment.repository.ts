import { type Insertable, type Selectable } from 'kysely';
import { touchedRows } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { type CloudPcsTable } from '../../db/tables/cloud-pc.table';

// The cloud-PC rows a paid order creates, extends or takes back (the SQL fulfilment runs on
// users lives in the users repository).

export type MachineRow = Selectable<CloudPcsTable>;

/** The machine a renewal order names, if the order is a renewal. */
export async function findRenewalOf(db: Db, orderId: string): Promise<{ cloud_pc_id: string } | undefined> {
  return db.selectFrom('cloud_pc_renewals').select('cloud_pc_id').where('order_id', '=', orderId).executeTakeFirst();
}

/**
 * The machine, row-locked for the rest of the transaction if it is still running (a write
 * first, so PostgreSQL holds the lock and the expiry sweep or a cancel waits for this
 * transaction); undefined when it is not running any more.
 */
export async function lockRunningMachine(db: Db, id: string, now: string): Promise<MachineRow | undefined> {
  const touched = await db.updateTable('cloud_pcs').set({ updated_at: now }).where('id', '=', id).where('status', '=', 'RUNNING').executeTakeFirst();
  if (touchedRows(touched) !== 1) return undefined;
  return db.selectFrom('cloud_pcs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records that a paid renewal found its machine gone: the payments sweep refunds it. */
export async function markRenewalUndeliverable(db: Db, orderId: string, now: string): Promise<void> {
  await db.updateTable('cloud_pc_renewals').set({ undeliverable_at: now }).where('order_id', '=', orderId).execute();
}

/**
 * Paid renewal orders owed back whose refund nobody has started: the machine was gone when
 * they were paid (undeliverable), or its first-order refund was claimed at or before
 * `claimedBefore` (everything paid for a machine being released is refunded, ADR 0015; a younger
 * claim belongs to the call still working on it, which may yet put the machine back), oldest first.
 */
export async function findUndeliveredRenewals(db: Db, paidStatuses: readonly string[], claimedBefore: string, limit: number): Promise<{ orderId: string; undeliverable: boolean }[]> {
  const rows = await db
    .selectFrom('cloud_pc_renewals')
    .innerJoin('orders', 'orders.id', 'cloud_pc_renewals.order_id')
    .innerJoin('cloud_pcs', 'cloud_pcs.id', 'cloud_pc_renewals.cloud_pc_id')
    .select(['orders.id', 'cloud_pc_renewals.undeliverable_at'])
    .where('cloud_pc_renewals.refund_asked_at', 'is', null)
    .where((eb) => eb.or([eb('cloud_pc_renewals.undeliverable_at', 'is not', null), eb('cloud_pcs.refund_claimed_at', '<=', claimedBefore)]))
    .where('orders.status', 'in', [...paidStatuses])
    .orderBy('orders.paid_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ orderId: row.id, undeliverable: row.undeliverable_at !== null }));
}

/**
 * Marks a renewal's refund as started, in the transaction that writes the refund row: true for
 * the one caller that did (the sweep and the first-order refund race for it), false for the
 * others and for an order that is not a renewal.
 */
export async function markRenewalRefundAsked(db: Db, orderId: string, now: string): Promise<boolean> {
  const result = await db.updateTable('cloud_pc_renewals').set({ refund_asked_at: now }).where('order_id', '=', orderId).where('refund_asked_at', 'is', null).executeTakeFirst();
  return touchedRows(result) === 1;
}

/**
 * Whether the refund of this order came with a released machine: the rental of a machine whose
 * first-order refund is claimed, or a renewal refunded because its machine was gone or claimed.
 */
export async function isMachineReleasedByRefund(db: Db, orderId: string): Promise<boolean> {
  const rental = await db.selectFrom('cloud_pcs').select('id').where('order_id', '=', orderId).where('refund_claimed_at', 'is not', null).executeTakeFirst();
  if (rental) return true;
  return (await db.selectFrom('cloud_pc_renewals').select('order_id').where('order_id', '=', orderId).where('refund_asked_at', 'is not', null).executeTakeFirst()) !== undefined;
}

export async function hasAnyMachine(db: Db, userId: string): Promise<boolean> {
  return (await db.selectFrom('cloud_pcs').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
}

export async function findOrderPaidAt(db: Db, orderId: string): Promise<string | null> {
  const order = await db.selectFrom('orders').select('paid_at').where('id', '=', orderId).executeTakeFirst();
  return order?.paid_at ?? null;
}

export async function insertMachine(db: Db, row: Insertable<CloudPcsTable>): Promise<void> {
  await db.insertInto('cloud_pcs').values(row).execute();
}

export async function updateMachine(db: Db, id: string, patch: Partial<Omit<MachineRow, 'id'>>): Promise<void> {
  await db.updateTable('cloud_pcs').set(patch).where('id', '=', id).execute();
}

/** Releases a machine that is still running. */
export async function releaseRunningMachine(db: Db, id: string, now: string): Promise<void> {
  await db
    .updateTable('cloud_pcs')
    .set({ status: 'RELEASED', released_at: now, auto_renew: 0, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'RUNNING')
    .execute();
}

export function findMachineTerm(db: Db, id: string): Promise<Pick<MachineRow, 'expires_at' | 'status'> | undefined> {
  return db.selectFrom('cloud_pcs').select(['expires_at', 'status']).where('id', '=', id).executeTakeFirst();
}

/**
 * What the user's other paid orders of one item type granted (their items' grant records),
 * oldest first: a refund rewrites the state they captured at purchase.
 */
export function listLiveGrants(db: Db, userId: string, itemType: string, exceptOrderId: string, liveStatuses: readonly string[]): Promise<{ id: string; grant_json: string | null }[]> {
  return db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['order_items.id', 'order_items.grant_json'])
    .where('orders.user_id', '=', userId)
    .where('order_items.item_type', '=', itemType)
    .where('orders.id', '!=', exceptOrderId)
    .where('orders.status', 'in', [...liveStatuses])
    .where('order_items.grant_json', 'is not', null)
    .orderBy('order_items.id')
    .execute();
}
