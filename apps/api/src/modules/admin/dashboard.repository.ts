import { sql, type RawBuilder } from 'kysely';
import { isPostgres, toCount } from '../../db/dialect';
import { type Db } from '../../db/schema';

// The dashboard's reads (ADR 0019): counts per day of the service's time zone (UTC+8), bucketed
// in the database from the stored UTC ISO text, over [fromUtc, toUtc).

/** The UTC+8 calendar day of a stored timestamp column, in the database's own dialect. */
function shanghaiDayOf(db: Db, column: string): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`to_char((${sql.ref(column)})::timestamptz at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`
    : sql<string>`strftime('%Y-%m-%d', ${sql.ref(column)}, '+8 hours')`;
}

export async function paidOrdersByDay(db: Db, fromUtc: string, toUtc: string): Promise<Map<string, number>> {
  const day = shanghaiDayOf(db, 'paid_at');
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [day.as('day'), eb.fn.countAll<string | number>().as('n')])
    .where('paid_at', '>=', fromUtc)
    .where('paid_at', '<', toUtc)
    .groupBy(day)
    .execute();
  return new Map(rows.map((row) => [row.day, toCount(row.n)]));
}

export async function signupsByDay(db: Db, fromUtc: string, toUtc: string): Promise<Map<string, number>> {
  const day = shanghaiDayOf(db, 'created_at');
  const rows = await db
    .selectFrom('users')
    .select((eb) => [day.as('day'), eb.fn.countAll<string | number>().as('n')])
    .where('created_at', '>=', fromUtc)
    .where('created_at', '<', toUtc)
    .groupBy(day)
    .execute();
  return new Map(rows.map((row) => [row.day, toCount(row.n)]));
}

/** Users who signed up in the range and have paid an order since. */
export async function firstPayers(db: Db, fromUtc: string, toUtc: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('created_at', '>=', fromUtc)
    .where('created_at', '<', toUtc)
    .where(({ exists, selectFrom }) => exists(selectFrom('orders').select('orders.id').whereRef('orders.user_id', '=', 'users.id').where('orders.paid_at', 'is not', null)))
    .executeTakeFirst();
  return toCount(row?.n);
}

/** What the orders paid in the range bought, per item type. */
export async function salesByItemType(db: Db, fromUtc: string, toUtc: string): Promise<{ itemType: string; amountFen: number; items: number }[]> {
  const rows = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select((eb) => ['i.item_type', eb.fn.sum<string | number>('i.amount_fen').as('amount'), eb.fn.countAll<string | number>().as('n')])
    .where('o.paid_at', '>=', fromUtc)
    .where('o.paid_at', '<', toUtc)
    .groupBy('i.item_type')
    .execute();
  return rows.map((row) => ({ itemType: row.item_type, amountFen: toCount(row.amount), items: toCount(row.n) })).sort((a, b) => b.amountFen - a.amountFen);
}

export async function devicesSeenSince(db: Db, sinceUtc: string): Promise<number> {
  const row = await db.selectFrom('devices').select((eb) => eb.fn.countAll<string | number>().as('n')).where('last_seen_at', '>=', sinceUtc).executeTakeFirst();
  return toCount(row?.n);
}
