import { type Insertable, sql } from 'kysely';
import { isPostgres, toCount } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { usersSharingSessionAddress } from '../auth';
import { usersSharingDeviceAddress, usersSharingDeviceKey } from '../devices';
import { findUserContacts, userIdsWithUsernamePrefix } from '../users';
import { contactsById } from './referrals.repository';
import {
  type AmbassadorRow,
  type CommissionRow,
  type PayoutBatchesTable,
  type PayoutBatchRow,
  type PayoutRow,
  type PayoutsTable,
  referralsTables,
} from './referrals.tables';

// Reads and writes of ambassador payouts (ADR 0019, step 5). Balances are sums over commission
// lines, grouped by state and by the state of the batch that settles them; never counters.

export type { PayoutBatchRow, PayoutRow };

export interface AmbassadorListRow extends AmbassadorRow {
  username: string | null;
  nickname: string;
  mobile: string | null;
  email: string | null;
}

/** The ambassadors with their user's names and contacts (the users module's); one without a user row is left out. */
async function withUsers(db: Db, ambassadors: AmbassadorRow[]): Promise<AmbassadorListRow[]> {
  const users = await contactsById(
    db,
    ambassadors.map((ambassador) => ambassador.user_id),
  );
  return ambassadors.flatMap((ambassador) => {
    const user = users.get(ambassador.user_id);
    return user ? [{ ...ambassador, username: user.username, nickname: user.nickname, mobile: user.mobile, email: user.email }] : [];
  });
}

export async function findAmbassadorWithUser(db: Db, userId: string): Promise<AmbassadorListRow | undefined> {
  const row = await referralsTables(db).selectFrom('ambassadors as a').selectAll('a').where('a.user_id', '=', userId).executeTakeFirst();
  return row ? (await withUsers(db, [row]))[0] : undefined;
}

/**
 * Ambassadors, newest first, as keyset pages on (joined_at, user_id); `q` is a user id or a
 * referral code exactly, or a prefix of the username.
 */
export async function listAmbassadors(
  db: Db,
  options: { q?: string; before?: { createdAt: string; id: string }; limit: number },
): Promise<AmbassadorListRow[]> {
  let query = referralsTables(db).selectFrom('ambassadors as a').selectAll('a');
  const { q, before } = options;
  if (q) {
    // the users module's subquery: one statement however many usernames share the prefix
    query = query.where((eb) =>
      eb.or([
        eb('a.user_id', '=', q),
        eb('a.referral_code', '=', q.toUpperCase()),
        eb('a.user_id', 'in', userIdsWithUsernamePrefix(db, q)),
      ]),
    );
  }
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb('a.joined_at', '<', before.createdAt),
        eb.and([eb('a.joined_at', '=', before.createdAt), eb('a.user_id', '<', before.id)]),
      ]),
    );
  }
  return withUsers(db, await query.orderBy('a.joined_at', 'desc').orderBy('a.user_id', 'desc').limit(options.limit).execute());
}

export interface BalanceSumRow {
  ambassador: string;
  state: string;
  /** the state of the batch whose payout settles the lines; null while they are owed */
  batchState: string | null;
  sum: number;
}

/** Sums of the ambassadors' commission lines by state and by the state of their batch. */
export async function sumBalances(db: Db, ambassadorIds: readonly string[]): Promise<BalanceSumRow[]> {
  if (ambassadorIds.length === 0) return [];
  const rows = await referralsTables(db)
    .selectFrom('commissions as c')
    .leftJoin('payouts as p', 'p.id', 'c.payout_id')
    .leftJoin('payout_batches as pb', 'pb.id', 'p.batch_id')
    .select((eb) => [
      'c.ambassador_user_id as ambassador',
      'c.state',
      'pb.state as batchState',
      eb.fn.sum<string | number>('c.amount_fen').as('sum'),
    ])
    .where('c.ambassador_user_id', 'in', ambassadorIds)
    .groupBy(['c.ambassador_user_id', 'c.state', 'pb.state'])
    .execute();
  return rows.map((row) => ({ ambassador: row.ambassador, state: row.state, batchState: row.batchState, sum: toCount(row.sum) }));
}

/** Every ambassador's lines that count and are not paid out yet (pending, owed, in an open batch), summed. */
export async function sumUnpaidLines(db: Db): Promise<number> {
  const row = await referralsTables(db)
    .selectFrom('commissions as c')
    .leftJoin('payouts as p', 'p.id', 'c.payout_id')
    .leftJoin('payout_batches as pb', 'pb.id', 'p.batch_id')
    .select((eb) => eb.fn.sum<string | number>('c.amount_fen').as('sum'))
    .where('c.state', 'in', ['PENDING', 'EFFECTIVE', 'CLAWBACK'])
    .where((eb) => eb.or([eb('pb.state', 'is', null), eb('pb.state', '<>', 'PAID')]))
    .executeTakeFirst();
  return toCount(row?.sum ?? 0);
}

export interface AdminCommissionRow extends CommissionRow {
  referred_username: string | null;
  batch_id: string | null;
}

export async function listLinesOf(db: Db, ambassadorId: string, limit: number): Promise<AdminCommissionRow[]> {
  const lines = await referralsTables(db)
    .selectFrom('commissions as c')
    .leftJoin('payouts as p', 'p.id', 'c.payout_id')
    .selectAll('c')
    .select(['p.batch_id'])
    .where('c.ambassador_user_id', '=', ambassadorId)
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
  const users = await contactsById(
    db,
    lines.map((line) => line.referred_user_id),
  );
  return lines.map((line) => ({ ...line, referred_username: users.get(line.referred_user_id)?.username ?? null }));
}

/** How many lines each referred user has with the ambassador (every line, not a page). */
export async function countLinesByReferred(db: Db, ambassadorId: string): Promise<Map<string, number>> {
  const rows = await referralsTables(db)
    .selectFrom('commissions')
    .select((eb) => ['referred_user_id', eb.fn.countAll<string | number>().as('n')])
    .where('ambassador_user_id', '=', ambassadorId)
    .groupBy('referred_user_id')
    .execute();
  return new Map(rows.map((row) => [row.referred_user_id, toCount(row.n)]));
}

export async function findUsersContact(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; mobile: string | null; email: string | null }[]> {
  const users = await findUserContacts(db, ids);
  return users.map((user) => ({ id: user.id, mobile: user.mobile, email: user.email }));
}

/** Which of `others` registered a device the user registered too (the app's stable id). */
export function usersSharingDevice(db: Db, userId: string, others: readonly string[]): Promise<Set<string>> {
  return usersSharingDeviceKey(db, userId, others);
}

/** Which of `others` signed in from an address the user signed in from (sessions), or whose device was last seen there. */
export async function usersSharingAddress(db: Db, userId: string, others: readonly string[]): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const [sessions, devices] = await Promise.all([
    usersSharingSessionAddress(db, userId, others),
    usersSharingDeviceAddress(db, userId, others),
  ]);
  return new Set([...sessions, ...devices]);
}

/** Which of `others` paid an order with a gateway account (Alipay buyer, WeChat openid) the user paid with too. */
export async function usersSharingPayer(db: Db, userId: string, others: readonly string[]): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const rows = await referralsTables(db)
    .selectFrom('referral_payers as mine')
    .innerJoin('referral_payers as theirs', (join) =>
      join.onRef('theirs.payer_account', '=', 'mine.payer_account').onRef('theirs.method', '=', 'mine.method'),
    )
    .select('theirs.user_id')
    .distinct()
    .where('mine.user_id', '=', userId)
    .where('mine.payer_account', 'is not', null)
    .where('theirs.user_id', 'in', others)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

// ---- Batches -------------------------------------------------------------------------------

/** One batch at a time: on PostgreSQL an advisory lock held to the end of the transaction (SQLite has one writer). */
export async function lockPayouts(trx: Db): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('payout-batch'))`.execute(referralsTables(trx));
}

export interface OwedLineRow {
  id: string;
  ambassador_user_id: string;
  amount_fen: number;
  payee_account: string;
  payee_name: string;
}

/** Every owed line (EFFECTIVE or CLAWBACK, in no batch) of ambassadors not banned and with a payee. */
export async function findOwedLines(db: Db): Promise<OwedLineRow[]> {
  const rows = await referralsTables(db)
    .selectFrom('commissions as c')
    .innerJoin('ambassadors as a', 'a.user_id', 'c.ambassador_user_id')
    .select(['c.id', 'c.ambassador_user_id', 'c.amount_fen', 'a.payee_account', 'a.payee_name'])
    .where('c.payout_id', 'is', null)
    .where('c.state', 'in', ['EFFECTIVE', 'CLAWBACK'])
    .where('a.banned_at', 'is', null)
    .where('a.payee_account', 'is not', null)
    .where('a.payee_name', 'is not', null)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    ambassador_user_id: row.ambassador_user_id,
    amount_fen: Number(row.amount_fen),
    payee_account: row.payee_account ?? '',
    payee_name: row.payee_name ?? '',
  }));
}

export async function insertBatch(
  db: Db,
  batch: Insertable<PayoutBatchesTable>,
  payouts: readonly Insertable<PayoutsTable>[],
): Promise<void> {
  await referralsTables(db).insertInto('payout_batches').values(batch).execute();
  for (let i = 0; i < payouts.length; i += 200)
    await referralsTables(db)
      .insertInto('payouts')
      .values(payouts.slice(i, i + 200))
      .execute();
}

/** Puts owed lines into a payout; returns how many moved (lines already in a payout are left). */
export async function settleLines(db: Db, payoutId: string, lineIds: readonly string[]): Promise<number> {
  let moved = 0;
  for (let i = 0; i < lineIds.length; i += 500) {
    const result = await referralsTables(db)
      .updateTable('commissions')
      .set({ payout_id: payoutId })
      .where('id', 'in', lineIds.slice(i, i + 500))
      .where('payout_id', 'is', null)
      .executeTakeFirst();
    moved += Number(result.numUpdatedRows);
  }
  return moved;
}

export function findBatch(db: Db, id: string): Promise<PayoutBatchRow | undefined> {
  return referralsTables(db).selectFrom('payout_batches').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listBatches(db: Db, limit: number): Promise<PayoutBatchRow[]> {
  return referralsTables(db)
    .selectFrom('payout_batches')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** OPEN → PAID or CANCELLED; false when the batch was not open (another click won). */
export async function closeBatch(
  db: Db,
  id: string,
  to: 'PAID' | 'CANCELLED',
  closed: { at: string; by: string; reference: string },
): Promise<boolean> {
  const result = await referralsTables(db)
    .updateTable('payout_batches')
    .set({ state: to, closed_at: closed.at, closed_by: closed.by, reference: closed.reference })
    .where('id', '=', id)
    .where('state', '=', 'OPEN')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A cancelled batch's lines are owed again. */
export async function releaseLines(db: Db, batchId: string): Promise<number> {
  const result = await referralsTables(db)
    .updateTable('commissions')
    .set({ payout_id: null })
    .where('payout_id', 'in', (eb) => eb.selectFrom('payouts').select('id').where('batch_id', '=', batchId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface BatchPayoutRow extends PayoutRow {
  username: string | null;
}

export async function listPayoutsOfBatch(db: Db, batchId: string): Promise<BatchPayoutRow[]> {
  const payouts = await referralsTables(db)
    .selectFrom('payouts as p')
    .selectAll('p')
    .where('p.batch_id', '=', batchId)
    .orderBy('p.id')
    .execute();
  const users = await contactsById(
    db,
    payouts.map((payout) => payout.ambassador_user_id),
  );
  return payouts.map((payout) => ({ ...payout, username: users.get(payout.ambassador_user_id)?.username ?? null }));
}

export function listPayoutsOf(db: Db, ambassadorId: string, limit: number) {
  return referralsTables(db)
    .selectFrom('payouts as p')
    .innerJoin('payout_batches as b', 'b.id', 'p.batch_id')
    .select(['p.id', 'p.batch_id', 'p.amount_fen', 'b.state', 'b.created_at', 'b.closed_at', 'b.reference'])
    .where('p.ambassador_user_id', '=', ambassadorId)
    .orderBy('b.created_at', 'desc')
    .limit(limit)
    .execute();
}

// ---- The ambassador --------------------------------------------------------------------------

export async function updateAmbassador(
  db: Db,
  userId: string,
  set: Partial<Pick<AmbassadorRow, 'banned_at' | 'ban_reason' | 'payee_account' | 'payee_name'>>,
): Promise<boolean> {
  const result = await referralsTables(db).updateTable('ambassadors').set(set).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A ban ends the ambassador's pending lines: CANCELLED; returns them (id and amount, for the ledger). */
export async function cancelPendingLines(db: Db, ambassadorId: string, at: string): Promise<{ id: string; amount_fen: number }[]> {
  const lines = await referralsTables(db)
    .selectFrom('commissions')
    .select(['id', 'amount_fen'])
    .where('ambassador_user_id', '=', ambassadorId)
    .where('state', '=', 'PENDING')
    .execute();
  const cancelled: { id: string; amount_fen: number }[] = [];
  for (const line of lines) {
    const result = await referralsTables(db)
      .updateTable('commissions')
      .set({ state: 'CANCELLED', reversed_at: at })
      .where('id', '=', line.id)
      .where('state', '=', 'PENDING')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) cancelled.push(line);
  }
  return cancelled;
}
