import { type Db } from '../../db/schema';

// The refund queue's reads (ADR 0015): refunds in a queued state with their order's customer
// and payment, oldest first. Changes go through the payments module, never here.

export function listQueuedRefunds(db: Db, states: readonly string[], limit: number) {
  return db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'r.id',
      'r.refund_no',
      'r.order_id',
      'r.amount_fen',
      'r.state',
      'r.reason',
      'r.last_outcome',
      'r.failure_detail',
      'r.attempts',
      'r.created_at',
      'r.updated_at',
      'r.payment_id',
      'o.user_id',
      'o.paid_payment_id',
      'p.method',
      'u.username',
      'u.mobile',
      'u.email',
    ])
    .where('r.state', 'in', [...states])
    .orderBy('r.updated_at')
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

export async function countQueuedRefunds(db: Db, states: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('state', 'in', [...states])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
