import { type Kysely } from 'kysely';

// What the payments module may read of the orders' rows, as a view: each order's status. The
// sweep settles the open payment attempts of orders that can no longer be paid (EXPIRED,
// CANCELLED); with the status beside the attempts, that is one query over payments joined to this
// view, instead of paging through every open attempt and asking the orders module about each
// batch. Orders are read through their module everywhere else, and only this column here
// (ADR 0038). The view selects from one table, so both databases inline it: the join and its plan
// are the ones on the tables.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createView('payment_order_statuses')
    .as(db.selectFrom('orders').select(['id', 'status']))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropView('payment_order_statuses').execute();
}
