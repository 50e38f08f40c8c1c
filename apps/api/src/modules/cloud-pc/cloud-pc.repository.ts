import { type Insertable } from 'kysely';
import { touchedRows } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { findOrder } from '../orders';
import { type CloudPcInvoiceRequestRow, type CloudPcProviderApplicationsTable, type CloudPcRow, cloudPcTables } from './cloud-pc.tables';

// Machines, renewals, provider applications and invoice requests. Releasing and claiming a
// refund are conditional updates that report whether they happened, so of concurrent callers
// exactly one wins.

export type MachineRow = CloudPcRow;
export type InvoiceRequestRow = CloudPcInvoiceRequestRow;

export function listMachinesOf(db: Db, userId: string, limit: number): Promise<MachineRow[]> {
  return cloudPcTables(db)
    .selectFrom('cloud_pcs')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export function findMachine(db: Db, id: string): Promise<MachineRow | undefined> {
  return cloudPcTables(db).selectFrom('cloud_pcs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function getMachine(db: Db, id: string): Promise<MachineRow> {
  return cloudPcTables(db).selectFrom('cloud_pcs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Names `orderId` as the machine's renewal order. */
export async function insertRenewal(db: Db, machineId: string, orderId: string, now: string): Promise<void> {
  await cloudPcTables(db).insertInto('cloud_pc_renewals').values({ order_id: orderId, cloud_pc_id: machineId, created_at: now }).execute();
  await cloudPcTables(db)
    .updateTable('cloud_pcs')
    .set({ renewal_order_id: orderId, updated_at: now })
    .where('id', '=', machineId)
    .execute();
}

export async function setMachineAutoRenew(db: Db, id: string, autoRenew: boolean, now: string): Promise<void> {
  await cloudPcTables(db)
    .updateTable('cloud_pcs')
    .set({ auto_renew: autoRenew ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** A running machine becomes RELEASED; true if it was running. */
export async function releaseMachine(db: Db, id: string, now: string): Promise<boolean> {
  const result = await cloudPcTables(db)
    .updateTable('cloud_pcs')
    .set({ status: 'RELEASED', released_at: now, auto_renew: 0, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'RUNNING')
    .executeTakeFirst();
  return touchedRows(result) === 1;
}

/**
 * Claims the first-order refund of a machine, in the transaction that writes the refund row:
 * a running machine is released and stamped; a machine claimed at `reclaim` earlier whose
 * refund never went through is claimed again (it stays released). True if this call did.
 */
export async function claimFirstOrderRefund(db: Db, id: string, now: string, reclaim: string | null = null): Promise<boolean> {
  let query = cloudPcTables(db).updateTable('cloud_pcs').where('id', '=', id).where('first_order', '=', 1);
  if (reclaim === null) {
    query = query.where('status', '=', 'RUNNING').where('refund_claimed_at', 'is', null);
  } else {
    query = query.where('refund_claimed_at', '=', reclaim);
  }
  const release = reclaim === null ? { status: 'RELEASED', released_at: now, auto_renew: 0, refund_claimed_at: now } : {};
  const result = await query.set({ ...release, updated_at: now }).executeTakeFirst();
  return touchedRows(result) === 1;
}

/** Puts back the claim made at `claimedAt`: the machine runs again. */
export async function undoRefundClaim(db: Db, id: string, claimedAt: string, now: string): Promise<void> {
  await cloudPcTables(db)
    .updateTable('cloud_pcs')
    .set({ status: 'RUNNING', released_at: null, refund_claimed_at: null, updated_at: now })
    .where('id', '=', id)
    .where('refund_claimed_at', '=', claimedAt)
    .execute();
}

/** Paid renewal orders of a machine with money not refunded yet, oldest first (the orders read through their owner). */
export async function listRefundableRenewals(
  db: Db,
  machineId: string,
  paidStatuses: readonly string[],
): Promise<{ id: string; total_fen: number; refunded_fen: number }[]> {
  const orders = await Promise.all((await listRenewalOrderIds(db, machineId)).map((orderId) => findOrder(db, orderId)));
  return orders
    .filter((order) => order !== undefined && paidStatuses.includes(order.status) && order.refunded_fen < order.total_fen)
    .map((order) => ({ id: order!.id, total_fen: order!.total_fen, refunded_fen: order!.refunded_fen }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Every renewal order of a machine, paid or not, oldest first. */
export async function listRenewalOrderIds(db: Db, machineId: string): Promise<string[]> {
  const rows = await cloudPcTables(db)
    .selectFrom('cloud_pc_renewals')
    .select('order_id')
    .where('cloud_pc_id', '=', machineId)
    .orderBy('created_at')
    .orderBy('order_id')
    .execute();
  return rows.map((row) => row.order_id);
}

/** Running machines past their term become EXPIRED; all of them, or one user's. Returns the count. */
export async function expireDueMachines(db: Db, now: string, userId?: string): Promise<number> {
  let query = cloudPcTables(db)
    .updateTable('cloud_pcs')
    .set({ status: 'EXPIRED', released_at: now, updated_at: now })
    .where('status', '=', 'RUNNING')
    .where('expires_at', '<=', now);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return touchedRows(await query.executeTakeFirst());
}

export async function insertProviderApplication(db: Db, row: Insertable<CloudPcProviderApplicationsTable>): Promise<void> {
  await cloudPcTables(db).insertInto('cloud_pc_provider_applications').values(row).execute();
}

export async function insertInvoiceRequest(db: Db, row: InvoiceRequestRow): Promise<void> {
  await cloudPcTables(db).insertInto('cloud_pc_invoice_requests').values(row).execute();
}

export function listInvoiceRequestsOf(db: Db, userId: string, limit: number): Promise<InvoiceRequestRow[]> {
  return cloudPcTables(db)
    .selectFrom('cloud_pc_invoice_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
