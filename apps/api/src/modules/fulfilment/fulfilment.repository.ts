import { type Insertable, type Selectable } from 'kysely';
import { type Db } from '../../db/schema';
import { type CloudPcsTable } from '../../db/tables/cloud-pc.table';

// The cloud-PC rows a paid order creates, extends or takes back (the SQL fulfilment runs on
// users lives in the users repository).

export type MachineRow = Selectable<CloudPcsTable>;

/** The machine a renewal order names, if the order is a renewal and the machine exists. */
export async function findRenewedMachine(db: Db, orderId: string): Promise<MachineRow | undefined> {
  const renewal = await db.selectFrom('cloud_pc_renewals').select('cloud_pc_id').where('order_id', '=', orderId).executeTakeFirst();
  return renewal ? db.selectFrom('cloud_pcs').selectAll().where('id', '=', renewal.cloud_pc_id).executeTakeFirst() : undefined;
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
