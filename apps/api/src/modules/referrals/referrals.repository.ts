import { type Insertable, type Selectable } from 'kysely';
import { toCount } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { type AmbassadorsTable, type CommissionsTable, type ReferralBindingsTable } from '../../db/tables/referrals.table';

export type AmbassadorRow = Selectable<AmbassadorsTable>;
export type BindingRow = Selectable<ReferralBindingsTable>;
export type CommissionRow = Selectable<CommissionsTable>;

export function findAmbassadorByUser(db: Db, userId: string): Promise<AmbassadorRow | undefined> {
  return db.selectFrom('ambassadors').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findAmbassadorByCode(db: Db, code: string): Promise<AmbassadorRow | undefined> {
  return db.selectFrom('ambassadors').selectAll().where('referral_code', '=', code).executeTakeFirst();
}

/** Throws the database's unique violation when the user has joined or the code is taken. */
export async function insertAmbassador(db: Db, row: Insertable<AmbassadorsTable>): Promise<void> {
  await db.insertInto('ambassadors').values(row).execute();
}

/** Throws the database's unique violation when the user is already bound. */
export async function insertBinding(db: Db, row: BindingRow): Promise<void> {
  await db.insertInto('referral_bindings').values(row).execute();
}

export function findBindingOf(db: Db, referredUserId: string): Promise<BindingRow | undefined> {
  return db.selectFrom('referral_bindings').selectAll().where('referred_user_id', '=', referredUserId).executeTakeFirst();
}

export interface ReferredUserRow extends BindingRow {
  mobile: string | null;
  email: string | null;
  username: string | null;
}

export async function listReferredUsers(db: Db, ambassadorId: string, limit: number): Promise<{ rows: ReferredUserRow[]; total: number }> {
  const rdb = db;
  const [rows, count] = await Promise.all([
    rdb
      .selectFrom('referral_bindings as b')
      .innerJoin('users as u', 'u.id', 'b.referred_user_id')
      .selectAll('b')
      .select(['u.mobile', 'u.email', 'u.username'])
      .where('b.ambassador_user_id', '=', ambassadorId)
      .orderBy('b.bound_at', 'desc')
      .orderBy('b.referred_user_id', 'desc')
      .limit(limit)
      .execute(),
    rdb
      .selectFrom('referral_bindings')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('ambassador_user_id', '=', ambassadorId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: toCount(count.n as string | number) };
}

export interface CommissionLineRow extends CommissionRow {
  mobile: string | null;
  email: string | null;
  username: string | null;
  /** when the line's payout was paid (its batch closed as PAID) */
  paid_out_at: string | null;
}

export function listCommissionLines(db: Db, ambassadorId: string, limit: number): Promise<CommissionLineRow[]> {
  return db
    .selectFrom('commissions as c')
    .leftJoin('users as u', 'u.id', 'c.referred_user_id')
    .leftJoin('payouts as p', 'p.id', 'c.payout_id')
    .leftJoin('payout_batches as pb', (join) => join.onRef('pb.id', '=', 'p.batch_id').on('pb.state', '=', 'PAID'))
    .selectAll('c')
    .select(['u.mobile', 'u.email', 'u.username', 'pb.closed_at as paid_out_at'])
    .where('c.ambassador_user_id', '=', ambassadorId)
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}

/** Sum and count of the ambassador's commission lines per state. */
export async function commissionTotals(db: Db, ambassadorId: string): Promise<Map<string, { sum: number; count: number }>> {
  const rows = await db
    .selectFrom('commissions')
    .select((eb) => ['state', eb.fn.sum<string | number>('amount_fen').as('sum'), eb.fn.countAll<string | number>().as('count')])
    .where('ambassador_user_id', '=', ambassadorId)
    .groupBy('state')
    .execute();
  return new Map(rows.map((row) => [row.state, { sum: toCount(row.sum), count: toCount(row.count) }]));
}

// ---- The commission ledger -------------------------------------------------------------------

/** Writes one commission line; false when its order item already has one. */
export async function insertCommissionLine(db: Db, row: Insertable<CommissionsTable>): Promise<boolean> {
  const result = await db.insertInto('commissions').values(row).onConflict((oc) => oc.column('order_item_id').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** When the earliest succeeded refund of the order's paid payment was asked for, if any. */
export async function findFirstRefundAskedAt(db: Db, orderId: string): Promise<string | null> {
  const first = await db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select((eb) => eb.fn.min<string | null>('r.created_at').as('askedAt'))
    .where('r.order_id', '=', orderId)
    .whereRef('r.payment_id', '=', 'o.paid_payment_id')
    // paid back by the gateway or by staff, or refused and replaced by a staff retry (ADR 0015)
    .where((eb) => eb.or([eb('r.state', 'in', ['SUCCEEDED', 'SETTLED']), eb('r.last_outcome', 'like', 'retried:%')]))
    .executeTakeFirst();
  return first?.askedAt ?? null;
}

/**
 * PENDING lines of the order whose window was still open at `askedAt` become REVERSED; returns
 * them (id and amount, for the ledger). Read then moved by id, in the caller's transaction; the
 * state condition stays, so a line reversed meanwhile is not returned twice.
 */
export async function reversePendingCommissions(db: Db, orderId: string, reversedAt: string, askedAt: string): Promise<{ id: string; amount_fen: number }[]> {
  const lines = await db
    .selectFrom('commissions')
    .select(['id', 'amount_fen'])
    .where('order_id', '=', orderId)
    .where('state', '=', 'PENDING')
    .where('effective_after', '>', askedAt)
    .execute();
  const reversed: { id: string; amount_fen: number }[] = [];
  for (const line of lines) {
    const result = await db.updateTable('commissions').set({ state: 'REVERSED', reversed_at: reversedAt }).where('id', '=', line.id).where('state', '=', 'PENDING').executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) reversed.push(line);
  }
  return reversed;
}

/** What the order's paying payment brought and how much of it has been refunded, fen. */
export function findOrderRefundShare(db: Db, orderId: string): Promise<{ total_fen: number; refunded_fen: number } | undefined> {
  return db.selectFrom('orders').select(['total_fen', 'refunded_fen']).where('id', '=', orderId).executeTakeFirst();
}

/** The order's lines that a refund no longer reverses (EFFECTIVE, or PENDING past its window at `askedAt`) and its clawbacks so far. */
export function findEarnedLinesOfOrder(db: Db, orderId: string, askedAt: string): Promise<CommissionRow[]> {
  return db
    .selectFrom('commissions')
    .selectAll()
    .where('order_id', '=', orderId)
    .where((eb) => eb.or([eb('state', 'in', ['EFFECTIVE', 'CLAWBACK']), eb.and([eb('state', '=', 'PENDING'), eb('effective_after', '<=', askedAt)])]))
    .execute();
}

/** PENDING lines past their window, of orders not being refunded, become EFFECTIVE; returns the count. */
export async function matureDueCommissions(db: Db, now: string, ambassadorUserId?: string): Promise<number> {
  let query = db
    .updateTable('commissions')
    .set({ state: 'EFFECTIVE', effective_at: now })
    .where('state', '=', 'PENDING')
    .where('effective_after', '<=', now)
    .where(({ exists, not, selectFrom }) =>
      not(exists(selectFrom('orders').select('orders.id').whereRef('orders.id', '=', 'commissions.order_id').where('orders.status', '=', 'REFUNDING'))),
    );
  if (ambassadorUserId !== undefined) query = query.where('ambassador_user_id', '=', ambassadorUserId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
