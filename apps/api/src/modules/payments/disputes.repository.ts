import { type Insertable } from 'kysely';
import { type Db } from '../../infrastructure/db/schema';
import { findOrder } from '../orders';
import { findUserById } from '../users';
import { type DisputeRow, type PaymentDisputesTable, paymentsTables } from './payments.tables';

export { type DisputeRow } from './payments.tables';
// The card payment a dispute names is the payments repository's read.
export { findCardPaymentByIntent } from './payments.repository';

/** An order's owner and their email, for the staff task. */
export async function findOrderOwner(db: Db, orderId: string): Promise<{ id: string; user_id: string; email: string | null } | undefined> {
  const order = await findOrder(db, orderId);
  const user = order ? await findUserById(db, order.user_id) : undefined;
  return order && user ? { id: order.id, user_id: order.user_id, email: user.email } : undefined;
}

/** Writes a dispute's row unless one with its Stripe id exists; true when this call wrote it. */
export async function insertDisputeOnce(db: Db, row: Insertable<PaymentDisputesTable>): Promise<boolean> {
  const result = await paymentsTables(db)
    .insertInto('payment_disputes')
    .values(row)
    .onConflict((conflict) => conflict.column('gateway_dispute_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function updateDispute(
  db: Db,
  gatewayDisputeId: string,
  values: Partial<Pick<DisputeRow, 'status' | 'evidence_due_at' | 'updated_at' | 'support_thread_id'>>,
): Promise<void> {
  await paymentsTables(db).updateTable('payment_disputes').set(values).where('gateway_dispute_id', '=', gatewayDisputeId).execute();
}

export function findDispute(db: Db, gatewayDisputeId: string): Promise<DisputeRow> {
  return paymentsTables(db)
    .selectFrom('payment_disputes')
    .selectAll()
    .where('gateway_dispute_id', '=', gatewayDisputeId)
    .executeTakeFirstOrThrow();
}

/** Newest first, optionally one order's. */
export function listDisputes(db: Db, filter: { orderId?: string | undefined; limit: number }): Promise<DisputeRow[]> {
  let query = paymentsTables(db)
    .selectFrom('payment_disputes')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit);
  if (filter.orderId) query = query.where('order_id', '=', filter.orderId);
  return query.execute();
}
