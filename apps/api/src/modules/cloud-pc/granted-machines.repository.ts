import { touchedRows } from '../../infrastructure/db/dialect';
import { type CloudPcMachines } from '../fulfilment';
import { ordersInStatuses } from '../orders';
import { cloudPcTables } from './cloud-pc.tables';

// What fulfilment asks of the machines and renewals when a paid order grants, extends or takes
// back a cloud PC (CloudPcMachines in modules/fulfilment). Fulfilment cannot import this module,
// which stands on it: the composition hands it `grantedMachines` at start-up.

export const grantedMachines: CloudPcMachines = {
  findRenewalOf(db, orderId) {
    return cloudPcTables(db).selectFrom('cloud_pc_renewals').select('cloud_pc_id').where('order_id', '=', orderId).executeTakeFirst();
  },

  async lockRunningMachine(db, id, now) {
    const touched = await cloudPcTables(db)
      .updateTable('cloud_pcs')
      .set({ updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'RUNNING')
      .executeTakeFirst();
    if (touchedRows(touched) !== 1) return undefined;
    return cloudPcTables(db).selectFrom('cloud_pcs').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async markRenewalUndeliverable(db, orderId, now) {
    await cloudPcTables(db).updateTable('cloud_pc_renewals').set({ undeliverable_at: now }).where('order_id', '=', orderId).execute();
  },

  // one statement with the orders' state and payment time (the orders module's subquery)
  async findUndeliveredRenewals(db, paidStatuses, claimedBefore, limit) {
    const rows = await cloudPcTables(db)
      .selectFrom('cloud_pc_renewals')
      .innerJoin(ordersInStatuses(db, paidStatuses).as('orders'), 'orders.id', 'cloud_pc_renewals.order_id')
      .innerJoin('cloud_pcs', 'cloud_pcs.id', 'cloud_pc_renewals.cloud_pc_id')
      .select(['orders.id', 'cloud_pc_renewals.undeliverable_at'])
      .where('cloud_pc_renewals.refund_asked_at', 'is', null)
      .where((eb) =>
        eb.or([eb('cloud_pc_renewals.undeliverable_at', 'is not', null), eb('cloud_pcs.refund_claimed_at', '<=', claimedBefore)]),
      )
      .orderBy('orders.paid_at')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ orderId: row.id, undeliverable: row.undeliverable_at !== null }));
  },

  async markRenewalRefundAsked(db, orderId, now) {
    const result = await cloudPcTables(db)
      .updateTable('cloud_pc_renewals')
      .set({ refund_asked_at: now })
      .where('order_id', '=', orderId)
      .where('refund_asked_at', 'is', null)
      .executeTakeFirst();
    return touchedRows(result) === 1;
  },

  async isMachineReleasedByRefund(db, orderId) {
    const rental = await cloudPcTables(db)
      .selectFrom('cloud_pcs')
      .select('id')
      .where('order_id', '=', orderId)
      .where('refund_claimed_at', 'is not', null)
      .executeTakeFirst();
    if (rental) return true;
    return (
      (await cloudPcTables(db)
        .selectFrom('cloud_pc_renewals')
        .select('order_id')
        .where('order_id', '=', orderId)
        .where('refund_asked_at', 'is not', null)
        .executeTakeFirst()) !== undefined
    );
  },

  async hasAnyMachine(db, userId) {
    return (
      (await cloudPcTables(db).selectFrom('cloud_pcs').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined
    );
  },

  async insertMachine(db, row) {
    await cloudPcTables(db).insertInto('cloud_pcs').values(row).execute();
  },

  async updateMachine(db, id, patch) {
    await cloudPcTables(db).updateTable('cloud_pcs').set(patch).where('id', '=', id).execute();
  },

  async releaseRunningMachine(db, id, now) {
    await cloudPcTables(db)
      .updateTable('cloud_pcs')
      .set({ status: 'RELEASED', released_at: now, auto_renew: 0, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'RUNNING')
      .execute();
  },

  findMachineTerm(db, id) {
    return cloudPcTables(db).selectFrom('cloud_pcs').select(['expires_at', 'status']).where('id', '=', id).executeTakeFirst();
  },
};
