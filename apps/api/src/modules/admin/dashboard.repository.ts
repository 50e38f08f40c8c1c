import { sql, type RawBuilder } from 'kysely';
import { isPostgres } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { countDevicesSeenSince } from '../devices';
import { countPaidOrdersByDay, countUsersWithPaidOrderAmong, sumPaidItemsByType } from '../orders';
import { countSignupsByDay, userIdsSignedUpBetween } from '../users';

// The dashboard's reads (ADR 0019), through the owners of the orders, users and devices: counts
// per day of the service's time zone (UTC+8), bucketed in the database from the stored UTC ISO
// text, over [fromUtc, toUtc).

/** The UTC+8 calendar day of a stored timestamp column, in the database's own dialect. */
function shanghaiDayOf(db: Db, column: string): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`to_char((${sql.ref(column)})::timestamptz at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`
    : sql<string>`strftime('%Y-%m-%d', ${sql.ref(column)}, '+8 hours')`;
}

export function paidOrdersByDay(db: Db, fromUtc: string, toUtc: string): Promise<Map<string, number>> {
  return countPaidOrdersByDay(db, fromUtc, toUtc, (column) => shanghaiDayOf(db, column));
}

export function signupsByDay(db: Db, fromUtc: string, toUtc: string): Promise<Map<string, number>> {
  return countSignupsByDay(db, fromUtc, toUtc, (column) => shanghaiDayOf(db, column));
}

/** Users who signed up in the range and have paid an order since: one statement, the users' subquery inside the orders' count. */
export function firstPayers(db: Db, fromUtc: string, toUtc: string): Promise<number> {
  return countUsersWithPaidOrderAmong(db, userIdsSignedUpBetween(db, fromUtc, toUtc));
}

/** What the orders paid in the range bought, per item type. */
export function salesByItemType(db: Db, fromUtc: string, toUtc: string): Promise<{ itemType: string; amountFen: number; items: number }[]> {
  return sumPaidItemsByType(db, fromUtc, toUtc);
}

export function devicesSeenSince(db: Db, sinceUtc: string): Promise<number> {
  return countDevicesSeenSince(db, sinceUtc);
}
