import { type Insertable } from 'kysely';
import { toCount } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { findOrder, orderIdsInStatuses } from '../orders';
import { findUserContacts } from '../users';
import {
  type AmbassadorRow,
  type AmbassadorsTable,
  type BindingRow,
  type CommissionRow,
  type CommissionsTable,
  referralsTables,
} from './referrals.tables';

export type { AmbassadorRow, BindingRow, CommissionRow };

export function findAmbassadorByUser(db: Db, userId: string): Promise<AmbassadorRow | undefined> {
  return referralsTables(db).selectFrom('ambassadors').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findAmbassadorByCode(db: Db, code: string): Promise<AmbassadorRow | undefined> {
  return referralsTables(db).selectFrom('ambassadors').selectAll().where('referral_code', '=', code).executeTakeFirst();
}

/** Throws the database's unique violation when the user has joined or the code is taken. */
export async function insertAmbassador(db: Db, row: Insertable<AmbassadorsTable>): Promise<void> {
  await referralsTables(db).insertInto('ambassadors').values(row).execute();
}

/** Throws the database's unique violation when the user is already bound. */
export async function insertBinding(db: Db, row: BindingRow): Promise<void> {
  await referralsTables(db).insertInto('referral_bindings').values(row).execute();
}

export function findBindingOf(db: Db, referredUserId: string): Promise<BindingRow | undefined> {
  return referralsTables(db).selectFrom('referral_bindings').selectAll().where('referred_user_id', '=', referredUserId).executeTakeFirst();
}

export interface ReferredUserRow extends BindingRow {
  mobile: string | null;
  email: string | null;
  username: string | null;
}

/** The users' contact fields by id (the users module owns them), for the rows that show who a line is about. */
export async function contactsById(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { username: string | null; nickname: string; mobile: string | null; email: string | null }>> {
  const users = await findUserContacts(db, [...new Set(ids)]);
  return new Map(users.map((user) => [user.id, user]));
}

export async function listReferredUsers(db: Db, ambassadorId: string, limit: number): Promise<{ rows: ReferredUserRow[]; total: number }> {
  const q = referralsTables(db);
  const [bindings, count] = await Promise.all([
    q
      .selectFrom('referral_bindings as b')
      .selectAll('b')
      .where('b.ambassador_user_id', '=', ambassadorId)
      .orderBy('b.bound_at', 'desc')
      .orderBy('b.referred_user_id', 'desc')
      .limit(limit)
      .execute(),
    q
      .selectFrom('referral_bindings')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('ambassador_user_id', '=', ambassadorId)
      .executeTakeFirstOrThrow(),
  ]);
  // every binding has its user (a foreign key; erased accounts keep their row)
  const users = await contactsById(
    db,
    bindings.map((binding) => binding.referred_user_id),
  );
  const rows = bindings.flatMap((binding) => {
    const user = users.get(binding.referred_user_id);
    return user ? [{ ...binding, mobile: user.mobile, email: user.email, username: user.username }] : [];
  });
  return { rows, total: toCount(count.n as string | number) };
}

export interface CommissionLineRow extends CommissionRow {
  mobile: string | null;
  email: string | null;
  username: string | null;
  /** when the line's payout was paid (its batch closed as PAID) */
  paid_out_at: string | null;
}

export async function listCommissionLines(db: Db, ambassadorId: string, limit: number): Promise<CommissionLineRow[]> {
  const lines = await referralsTables(db)
    .selectFrom('commissions as c')
    .leftJoin('payouts as p', 'p.id', 'c.payout_id')
    .leftJoin('payout_batches as pb', (join) => join.onRef('pb.id', '=', 'p.batch_id').on('pb.state', '=', 'PAID'))
    .selectAll('c')
    .select(['pb.closed_at as paid_out_at'])
    .where('c.ambassador_user_id', '=', ambassadorId)
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
  const users = await contactsById(
    db,
    lines.map((line) => line.referred_user_id),
  );
  return lines.map((line) => {
    const user = users.get(line.referred_user_id);
    return { ...line, mobile: user?.mobile ?? null, email: user?.email ?? null, username: user?.username ?? null };
  });
}

/** Sum and count of the ambassador's commission lines per state. */
export async function commissionTotals(db: Db, ambassadorId: string): Promise<Map<string, { sum: number; count: number }>> {
  const rows = await referralsTables(db)
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
  const result = await referralsTables(db)
    .insertInto('commissions')
    .values(row)
    .onConflict((oc) => oc.column('order_item_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** When the earliest succeeded refund of the order's paid payment was asked for, if any. */
export async function findFirstRefundAskedAt(db: Db, orderId: string): Promise<string | null> {
  const first = await referralsTables(db)
    .selectFrom('referral_order_refunds')
    .select((eb) => eb.fn.min<string | null>('created_at').as('askedAt'))
    .where('order_id', '=', orderId)
    // paid back by the gateway or by staff, or refused and replaced by a staff retry (ADR 0015)
    .where((eb) => eb.or([eb('state', 'in', ['SUCCEEDED', 'SETTLED']), eb('last_outcome', 'like', 'retried:%')]))
    .executeTakeFirst();
  return first?.askedAt ?? null;
}

/**
 * PENDING lines of the order whose window was still open at `askedAt` become REVERSED; returns
 * them (id and amount, for the ledger). Read then moved by id, in the caller's transaction; the
 * state condition stays, so a line reversed meanwhile is not returned twice.
 */
export async function reversePendingCommissions(
  db: Db,
  orderId: string,
  reversedAt: string,
  askedAt: string,
): Promise<{ id: string; amount_fen: number }[]> {
  const lines = await referralsTables(db)
    .selectFrom('commissions')
    .select(['id', 'amount_fen'])
    .where('order_id', '=', orderId)
    .where('state', '=', 'PENDING')
    .where('effective_after', '>', askedAt)
    .execute();
  const reversed: { id: string; amount_fen: number }[] = [];
  for (const line of lines) {
    const result = await referralsTables(db)
      .updateTable('commissions')
      .set({ state: 'REVERSED', reversed_at: reversedAt })
      .where('id', '=', line.id)
      .where('state', '=', 'PENDING')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) reversed.push(line);
  }
  return reversed;
}

/** What the order's paying payment brought and how much of it has been refunded, fen. */
export async function findOrderRefundShare(db: Db, orderId: string): Promise<{ total_fen: number; refunded_fen: number } | undefined> {
  const order = await findOrder(db, orderId);
  return order && { total_fen: order.total_fen, refunded_fen: order.refunded_fen };
}

/** The order's lines that a refund no longer reverses (EFFECTIVE, or PENDING past its window at `askedAt`) and its clawbacks so far. */
export function findEarnedLinesOfOrder(db: Db, orderId: string, askedAt: string): Promise<CommissionRow[]> {
  return referralsTables(db)
    .selectFrom('commissions')
    .selectAll()
    .where('order_id', '=', orderId)
    .where((eb) =>
      eb.or([eb('state', 'in', ['EFFECTIVE', 'CLAWBACK']), eb.and([eb('state', '=', 'PENDING'), eb('effective_after', '<=', askedAt)])]),
    )
    .execute();
}

/** PENDING lines past their window, of orders not being refunded, become EFFECTIVE; returns the count. */
export async function matureDueCommissions(db: Db, now: string, ambassadorUserId?: string): Promise<number> {
  // one statement with the orders' state (the orders module's subquery), so that an order that
  // starts refunding meanwhile never matures its lines
  let query = referralsTables(db)
    .updateTable('commissions')
    .set({ state: 'EFFECTIVE', effective_at: now })
    .where('state', '=', 'PENDING')
    .where('effective_after', '<=', now)
    .where('order_id', 'not in', orderIdsInStatuses(db, ['REFUNDING']));
  if (ambassadorUserId !== undefined) query = query.where('ambassador_user_id', '=', ambassadorUserId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The user's ambassador code and when they joined, with how many users they referred (the back office's user page). */
export async function findAmbassadorSummary(
  db: Db,
  userId: string,
): Promise<{ referral_code: string; joined_at: string; referred: number } | undefined> {
  const q = referralsTables(db);
  const row = await q.selectFrom('ambassadors').select(['referral_code', 'joined_at']).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  const count = await q
    .selectFrom('referral_bindings')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('ambassador_user_id', '=', userId)
    .executeTakeFirst();
  return { ...row, referred: toCount(count?.n) };
}
