import { type Insertable, type Selectable } from 'kysely';
import { type Db } from '../../db/schema';
import { type PaymentDisputesTable } from '../../db/tables/disputes.table';

export type DisputeRow = Selectable<PaymentDisputesTable>;

/** A card payment by its PaymentIntent (payments.gateway_trade_no). */
export function findCardPaymentByIntent(db: Db, paymentIntent: string): Promise<{ id: string; order_id: string } | undefined> {
  return db.selectFrom('payments').select(['id', 'order_id']).where('method', '=', 'CARD').where('gateway_trade_no', '=', paymentIntent).executeTakeFirst();
}

/** An order's owner and their email, for the staff task. */
export function findOrderOwner(db: Db, orderId: string): Promise<{ id: string; user_id: string; email: string | null } | undefined> {
  return db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id').select(['orders.id', 'orders.user_id', 'users.email']).where('orders.id', '=', orderId).executeTakeFirst();
}

/** Writes a dispute's row unless one with its Stripe id exists; true when this call wrote it. */
export async function insertDisputeOnce(db: Db, row: Insertable<PaymentDisputesTable>): Promise<boolean> {
  const result = await db.insertInto('payment_disputes').values(row).onConflict((conflict) => conflict.column('gateway_dispute_id').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function updateDispute(db: Db, gatewayDisputeId: string, values: Partial<Pick<DisputeRow, 'status' | 'evidence_due_at' | 'updated_at' | 'support_thread_id'>>): Promise<void> {
  await db.updateTable('payment_disputes').set(values).where('gateway_dispute_id', '=', gatewayDisputeId).execute();
}

export function findDispute(db: Db, gatewayDisputeId: string): Promise<DisputeRow> {
  return db.selectFrom('payment_disputes').selectAll().where('gateway_dispute_id', '=', gatewayDisputeId).executeTakeFirstOrThrow();
}

/** Newest first, optionally one order's. */
export function listDisputes(db: Db, filter: { orderId?: string | undefined; limit: number }): Promise<DisputeRow[]> {
  let query = db.selectFrom('payment_disputes').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit);
  if (filter.orderId) query = query.where('order_id', '=', filter.orderId);
  return query.execute();
}
