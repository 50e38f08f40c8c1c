import { type Insertable, type Selectable } from 'kysely';
import { type DB, type Db } from '../../infrastructure/db/schema';
import { findLiveItemGrants, findOrder } from '../orders';

// The cloud-PC rows a paid order creates, extends or takes back belong to the cloud-pc module
// (ADR 0038), and cloud-pc stands on fulfilment (its plans, the renewal refund claim), so
// fulfilment cannot import it: it asks through CloudPcMachines, cloud-pc's functions, which the
// composition hands in once at start-up (provideCloudPcMachines). The row types are named
// through DB for the same reason.

export type MachineRow = Selectable<DB['cloud_pcs']>;

/** What fulfilment asks of cloud-pc's machines and renewals; each takes the caller's transaction. */
export interface CloudPcMachines {
  /** The machine a renewal order names, if the order is a renewal. */
  findRenewalOf(db: Db, orderId: string): Promise<{ cloud_pc_id: string } | undefined>;
  /**
   * The machine, row-locked for the rest of the transaction if it is still running (a write
   * first, so PostgreSQL holds the lock and the expiry sweep or a cancel waits for this
   * transaction); undefined when it is not running any more.
   */
  lockRunningMachine(db: Db, id: string, now: string): Promise<MachineRow | undefined>;
  /** Records that a paid renewal found its machine gone: the payments sweep refunds it. */
  markRenewalUndeliverable(db: Db, orderId: string, now: string): Promise<void>;
  /**
   * Paid renewal orders owed back whose refund nobody has started: the machine was gone when
   * they were paid (undeliverable), or its first-order refund was claimed at or before
   * `claimedBefore` (everything paid for a machine being released is refunded, ADR 0015; a younger
   * claim belongs to the call still working on it, which may yet put the machine back), oldest
   * paid first.
   */
  findUndeliveredRenewals(
    db: Db,
    paidStatuses: readonly string[],
    claimedBefore: string,
    limit: number,
  ): Promise<{ orderId: string; undeliverable: boolean }[]>;
  /**
   * Marks a renewal's refund as started, in the transaction that writes the refund row: true for
   * the one caller that did (the sweep and the first-order refund race for it), false for the
   * others and for an order that is not a renewal.
   */
  markRenewalRefundAsked(db: Db, orderId: string, now: string): Promise<boolean>;
  /**
   * Whether the refund of this order came with a released machine: the rental of a machine whose
   * first-order refund is claimed, or a renewal refunded because its machine was gone or claimed.
   */
  isMachineReleasedByRefund(db: Db, orderId: string): Promise<boolean>;
  hasAnyMachine(db: Db, userId: string): Promise<boolean>;
  insertMachine(db: Db, row: Insertable<DB['cloud_pcs']>): Promise<void>;
  updateMachine(db: Db, id: string, patch: Partial<Omit<MachineRow, 'id'>>): Promise<void>;
  /** Releases a machine that is still running. */
  releaseRunningMachine(db: Db, id: string, now: string): Promise<void>;
  findMachineTerm(db: Db, id: string): Promise<Pick<MachineRow, 'expires_at' | 'status'> | undefined>;
}

let provided: CloudPcMachines | undefined;

/** Called once at start-up by the composition (composition/app.ts) with cloud-pc's machines. */
export function provideCloudPcMachines(machines: CloudPcMachines): void {
  provided = machines;
}

function machines(): CloudPcMachines {
  if (!provided) throw new Error("fulfilment: no cloud-PC machines provided (composition/app.ts provides cloud-pc's at start-up)");
  return provided;
}

// Cloud-pc answers each of these; CloudPcMachines says what each one does.

export function findRenewalOf(db: Db, orderId: string): Promise<{ cloud_pc_id: string } | undefined> {
  return machines().findRenewalOf(db, orderId);
}

export function lockRunningMachine(db: Db, id: string, now: string): Promise<MachineRow | undefined> {
  return machines().lockRunningMachine(db, id, now);
}

export function markRenewalUndeliverable(db: Db, orderId: string, now: string): Promise<void> {
  return machines().markRenewalUndeliverable(db, orderId, now);
}

export function findUndeliveredRenewals(
  db: Db,
  paidStatuses: readonly string[],
  claimedBefore: string,
  limit: number,
): Promise<{ orderId: string; undeliverable: boolean }[]> {
  return machines().findUndeliveredRenewals(db, paidStatuses, claimedBefore, limit);
}

export function markRenewalRefundAsked(db: Db, orderId: string, now: string): Promise<boolean> {
  return machines().markRenewalRefundAsked(db, orderId, now);
}

export function isMachineReleasedByRefund(db: Db, orderId: string): Promise<boolean> {
  return machines().isMachineReleasedByRefund(db, orderId);
}

export function hasAnyMachine(db: Db, userId: string): Promise<boolean> {
  return machines().hasAnyMachine(db, userId);
}

export async function findOrderPaidAt(db: Db, orderId: string): Promise<string | null> {
  return (await findOrder(db, orderId))?.paid_at ?? null;
}

export function insertMachine(db: Db, row: Insertable<DB['cloud_pcs']>): Promise<void> {
  return machines().insertMachine(db, row);
}

export function updateMachine(db: Db, id: string, patch: Partial<Omit<MachineRow, 'id'>>): Promise<void> {
  return machines().updateMachine(db, id, patch);
}

export function releaseRunningMachine(db: Db, id: string, now: string): Promise<void> {
  return machines().releaseRunningMachine(db, id, now);
}

export function findMachineTerm(db: Db, id: string): Promise<Pick<MachineRow, 'expires_at' | 'status'> | undefined> {
  return machines().findMachineTerm(db, id);
}

/**
 * What the user's other paid orders of one item type granted (their items' grant records),
 * oldest first: a refund rewrites the state they captured at purchase.
 */
export function listLiveGrants(
  db: Db,
  userId: string,
  itemType: string,
  exceptOrderId: string,
  liveStatuses: readonly string[],
): Promise<{ id: string; grant_json: string | null }[]> {
  return findLiveItemGrants(db, userId, itemType, exceptOrderId, liveStatuses);
}
