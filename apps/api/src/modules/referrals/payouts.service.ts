import { PAYOUT_THRESHOLD_DEFAULT_FEN, type TPayoutBalances, type TPayoutFraudFlag } from '@llk/contracts';
import { findMeta, setMeta } from '../../infrastructure/db/app-meta.repository';
import { newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { postCommissionPayout, postCommissionReversal } from '../ledger';
import { matureCommissions, samePhone, sameEmail } from './commission.service';
import {
  cancelPendingLines,
  sumUnpaidLines,
  closeBatch,
  countLinesByReferred,
  findAmbassadorWithUser,
  findBatch,
  findOwedLines,
  findUsersContact,
  insertBatch,
  listPayoutsOfBatch,
  lockPayouts,
  releaseLines,
  settleLines,
  sumBalances,
  updateAmbassador,
  usersSharingAddress,
  usersSharingDevice,
  usersSharingPayer,
  type AmbassadorListRow,
  type PayoutBatchRow,
} from './payouts.repository';

// Ambassador payouts (ADR 0019, step 5): the money side, owned here with the commission lines;
// the back office adds permissions, reasons and the audit around these calls. A batch pays every
// ambassador owed at least the threshold (effective lines less clawbacks, in no batch yet), not
// banned and with a payee account; marking it paid posts each payout to the ledger, once.

const THRESHOLD_KEY = 'payouts.threshold_fen';

export async function payoutThreshold(db: Db): Promise<number> {
  const stored = Number(await findMeta(db, THRESHOLD_KEY));
  return Number.isSafeInteger(stored) && stored > 0 ? stored : PAYOUT_THRESHOLD_DEFAULT_FEN;
}

export function setPayoutThreshold(db: Db, thresholdFen: number): Promise<void> {
  return setMeta(db, THRESHOLD_KEY, String(thresholdFen));
}

const ZERO: TPayoutBalances = { pendingFen: 0, owedFen: 0, inBatchFen: 0, paidFen: 0, reversedFen: 0 };

/** Each ambassador's balances, from sums of their lines. */
export async function balancesOf(db: Db, ambassadorIds: readonly string[]): Promise<Map<string, TPayoutBalances>> {
  const balances = new Map<string, TPayoutBalances>(ambassadorIds.map((id) => [id, { ...ZERO }]));
  for (const row of await sumBalances(db, ambassadorIds)) {
    const balance = balances.get(row.ambassador);
    if (!balance) continue;
    if (row.state === 'PENDING') balance.pendingFen += row.sum;
    else if (row.state === 'REVERSED' || row.state === 'CANCELLED') balance.reversedFen += row.sum;
    else if (row.batchState === 'PAID') balance.paidFen += row.sum;
    else if (row.batchState === 'OPEN') balance.inBatchFen += row.sum;
    else balance.owedFen += row.sum;
  }
  return balances;
}

/** What all ambassadors are owed or will be (pending + owed + in open batches): the ledger's commission:payable. */
export function ambassadorBalancesTotal(db: Db): Promise<number> {
  return sumUnpaidLines(db);
}

/**
 * Why each referred user's lines look like self-referral: the referrer and the referee share a
 * phone or email, a gateway payer account, a device (the app's stable id) or an address (a
 * session's or a device's last IP). Read when the page is read, so a later shared device counts.
 */
export async function fraudFlagsOf(
  db: Db,
  ambassador: Pick<AmbassadorListRow, 'user_id' | 'mobile' | 'email'>,
  referredIds: readonly string[],
): Promise<Map<string, TPayoutFraudFlag[]>> {
  const [contacts, devices, addresses, payers] = await Promise.all([
    findUsersContact(db, referredIds),
    usersSharingDevice(db, ambassador.user_id, referredIds),
    usersSharingAddress(db, ambassador.user_id, referredIds),
    usersSharingPayer(db, ambassador.user_id, referredIds),
  ]);
  const flags = new Map<string, TPayoutFraudFlag[]>();
  for (const contact of contacts) {
    const list: TPayoutFraudFlag[] = [];
    if (samePhone(contact.mobile, ambassador.mobile)) list.push('PHONE');
    if (sameEmail(contact.email, ambassador.email)) list.push('EMAIL');
    if (payers.has(contact.id)) list.push('PAYER');
    if (devices.has(contact.id)) list.push('DEVICE');
    if (addresses.has(contact.id)) list.push('ADDRESS');
    if (list.length) flags.set(contact.id, list);
  }
  return flags;
}

/** Lines of referred users with a flag, among all of the ambassador's lines. */
export async function countFlaggedLines(
  db: Db,
  ambassador: Pick<AmbassadorListRow, 'user_id' | 'mobile' | 'email'>,
): Promise<{ flags: Map<string, TPayoutFraudFlag[]>; flaggedCount: number; lineCount: number }> {
  const counts = await countLinesByReferred(db, ambassador.user_id);
  const flags = await fraudFlagsOf(db, ambassador, [...counts.keys()]);
  let flaggedCount = 0;
  let lineCount = 0;
  for (const [referred, count] of counts) {
    lineCount += count;
    if (flags.has(referred)) flaggedCount += count;
  }
  return { flags, flaggedCount, lineCount };
}

export async function requireAmbassador(db: Db, userId: string): Promise<AmbassadorListRow> {
  const row = await findAmbassadorWithUser(db, userId);
  if (!row) throw new AppError('ADMIN_AMBASSADOR_NOT_FOUND');
  return row;
}

export async function setPayee(db: Db, userId: string, payee: { account: string; name: string }): Promise<void> {
  if (!(await updateAmbassador(db, userId, { payee_account: payee.account, payee_name: payee.name })))
    throw new AppError('ADMIN_AMBASSADOR_NOT_FOUND');
}

/**
 * Bans the ambassador: no more commissions (recordCommission checks), left out of payouts, and
 * the pending lines CANCELLED. Effective lines stay owed, to be decided by staff. Banning again
 * cancels nothing more. Returns the lines cancelled.
 */
export async function banAmbassador(trx: Db, userId: string, reason: string, now: Date): Promise<number> {
  const row = await requireAmbassador(trx, userId);
  // lines whose window has passed are earned: only those still inside it are cancelled
  await matureCommissions(trx, now, userId);
  if (!row.banned_at) await updateAmbassador(trx, userId, { banned_at: toDbDate(now), ban_reason: reason });
  const cancelled = await cancelPendingLines(trx, userId, toDbDate(now));
  for (const line of cancelled) await postCommissionReversal(trx, { lineId: line.id, amountFen: Number(line.amount_fen), at: now });
  return cancelled.length;
}

export async function unbanAmbassador(trx: Db, userId: string): Promise<void> {
  await requireAmbassador(trx, userId);
  await updateAmbassador(trx, userId, { banned_at: null, ban_reason: null });
}

export interface CreatedBatch {
  batch: PayoutBatchRow;
  /** lines settled by the batch's payouts */
  lineCount: number;
}

/**
 * Makes a batch of every ambassador owed at least the threshold. One batch at a time (a lock on
 * PostgreSQL, the single writer on SQLite), and each line joins at most one payout (moved only
 * while in none), so concurrent clicks make one batch and the others find nothing due.
 */
export async function createPayoutBatch(trx: Db, staffId: string, now: Date): Promise<CreatedBatch> {
  await lockPayouts(trx);
  await matureCommissions(trx, now);
  const threshold = await payoutThreshold(trx);
  const owed = new Map<string, { lines: string[]; total: number; account: string; name: string }>();
  for (const line of await findOwedLines(trx)) {
    const entry = owed.get(line.ambassador_user_id) ?? { lines: [], total: 0, account: line.payee_account, name: line.payee_name };
    entry.lines.push(line.id);
    entry.total += line.amount_fen;
    owed.set(line.ambassador_user_id, entry);
  }
  const due = [...owed.entries()].filter(([, entry]) => entry.total >= threshold);
  if (due.length === 0) throw new AppError('ADMIN_PAYOUT_NOTHING_DUE');
  const at = toDbDate(now);
  const batchId = newId(now.getTime());
  const payouts = due.map(([ambassador, entry]) => ({
    id: newId(now.getTime()),
    batch_id: batchId,
    ambassador_user_id: ambassador,
    amount_fen: entry.total,
    payee_account: entry.account,
    payee_name: entry.name,
    line_count: entry.lines.length,
  }));
  const batch: PayoutBatchRow = {
    id: batchId,
    state: 'OPEN',
    payout_count: payouts.length,
    total_fen: payouts.reduce((sum, payout) => sum + payout.amount_fen, 0),
    threshold_fen: threshold,
    created_at: at,
    created_by: staffId,
    closed_at: null,
    closed_by: null,
    reference: null,
  };
  await insertBatch(trx, batch, payouts);
  let lineCount = 0;
  for (const [index, [, entry]] of due.entries()) {
    const moved = await settleLines(trx, payouts[index]?.id ?? '', entry.lines);
    // Under the lock nothing else moves owed lines; a difference means the books would not add up.
    if (moved !== entry.lines.length) throw new Error(`payout batch: ${entry.lines.length - moved} owed lines were taken meanwhile`);
    lineCount += moved;
  }
  return { batch, lineCount };
}

export async function requireBatch(db: Db, id: string): Promise<PayoutBatchRow> {
  const batch = await findBatch(db, id);
  if (!batch) throw new AppError('ADMIN_PAYOUT_BATCH_NOT_FOUND');
  return batch;
}

/** OPEN → PAID with the transfer's reference; each payout posted to the ledger, once. */
export async function markBatchPaid(trx: Db, id: string, staffId: string, reference: string, now: Date): Promise<PayoutBatchRow> {
  await requireBatch(trx, id);
  if (!(await closeBatch(trx, id, 'PAID', { at: toDbDate(now), by: staffId, reference }))) throw new AppError('ADMIN_PAYOUT_BATCH_CLOSED');
  for (const payout of await listPayoutsOfBatch(trx, id)) {
    await postCommissionPayout(trx, { payoutId: payout.id, amountFen: Number(payout.amount_fen), at: now });
  }
  return requireBatch(trx, id);
}

/** OPEN → CANCELLED: its lines are owed again (the next batch takes them). */
export async function cancelBatch(
  trx: Db,
  id: string,
  staffId: string,
  reason: string,
  now: Date,
): Promise<{ batch: PayoutBatchRow; released: number }> {
  await requireBatch(trx, id);
  if (!(await closeBatch(trx, id, 'CANCELLED', { at: toDbDate(now), by: staffId, reference: reason })))
    throw new AppError('ADMIN_PAYOUT_BATCH_CLOSED');
  const released = await releaseLines(trx, id);
  return { batch: await requireBatch(trx, id), released };
}
