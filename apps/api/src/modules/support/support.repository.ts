import { PAID_ORDER_STATUSES } from '@llk/contracts';
import { type Insertable, type Selectable } from 'kysely';
import { type Db } from '../../db/schema';
import { type SupportThreadsTable } from '../../db/tables/support.table';

export type SupportThreadRow = Selectable<SupportThreadsTable>;

export async function insertSupportThread(db: Db, row: Insertable<SupportThreadsTable>): Promise<void> {
  await db.insertInto('support_threads').values(row).execute();
}

/** The caller's own order, if it was paid (a refund can be asked for it); refunded ones too. */
export async function findRefundableOrderOf(db: Db, orderId: string, userId: string): Promise<{ id: string; status: string } | undefined> {
  return db
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('status', 'in', [...PAID_ORDER_STATUSES, 'REFUNDING', 'REFUNDED'])
    .executeTakeFirst();
}
