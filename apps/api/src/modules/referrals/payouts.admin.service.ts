import {
  type TAdminAmbassador,
  type TAdminAmbassadorBanned,
  type TAdminAmbassadorDetail,
  type TAdminAmbassadorsPage,
  type TAdminAmbassadorsQuery,
  type TAdminPayee,
  type TAdminPayoutBatch,
  type TAdminPayoutSettings,
  type TPayoutBalances,
  type TPayoutBatchState,
} from '@llk/contracts';
import { fromDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { csvCell } from '../../infrastructure/csv';
import { matureCommissions } from './commission.service';
import {
  balancesOf,
  banAmbassador,
  cancelBatch,
  countFlaggedLines,
  createPayoutBatch,
  markBatchPaid,
  payoutThreshold,
  requireAmbassador,
  requireBatch,
  setPayee,
  setPayoutThreshold,
  unbanAmbassador,
} from './payouts.service';
import {
  listAmbassadors,
  listBatches,
  listLinesOf,
  listPayoutsOf,
  listPayoutsOfBatch,
  type AmbassadorListRow,
  type PayoutBatchRow,
} from './payouts.repository';
import { decodeCursor, encodeCursor, recordAudit, requireReason, type StaffActor } from '../../infrastructure/http/staff';

// The back office's ambassador payouts (permission payouts.manage). The money rules live in the
// referrals module (payouts.service.ts); here: the shapes staff read, the reasons, the audit
// records (in the transaction of each change) and the Alipay batch-transfer CSV.

const LINES_SHOWN = 200;
const PAYOUTS_SHOWN = 50;
const BATCHES_SHOWN = 100;

const iso = (value: string | null) => (value === null ? null : fromDbDate(value).toISOString());
const ZERO: TPayoutBalances = { pendingFen: 0, owedFen: 0, inBatchFen: 0, paidFen: 0, reversedFen: 0 };

function ambassadorOf(row: AmbassadorListRow, balances: TPayoutBalances | undefined): TAdminAmbassador {
  return {
    userId: row.user_id,
    username: row.username,
    nickname: row.nickname,
    referralCode: row.referral_code,
    joinedAt: iso(row.joined_at) ?? '',
    bannedAt: iso(row.banned_at),
    banReason: row.ban_reason,
    payeeAccount: row.payee_account,
    payeeName: row.payee_name,
    balances: balances ?? ZERO,
  };
}

function batchOf(row: PayoutBatchRow): TAdminPayoutBatch {
  return {
    id: row.id,
    state: row.state as TPayoutBatchState,
    payoutCount: Number(row.payout_count),
    totalFen: Number(row.total_fen),
    thresholdFen: Number(row.threshold_fen),
    createdAt: iso(row.created_at) ?? '',
    closedAt: iso(row.closed_at),
    reference: row.reference,
  };
}

async function oneAmbassador(db: Db, userId: string): Promise<TAdminAmbassador> {
  const row = await requireAmbassador(db, userId);
  return ambassadorOf(row, (await balancesOf(db, [userId])).get(userId));
}

export async function listAmbassadorsForStaff(db: Db, query: TAdminAmbassadorsQuery, now = new Date()): Promise<TAdminAmbassadorsPage> {
  // The hourly sweep matures lines too; doing it first means staff never read a stale balance.
  await matureCommissions(db, now);
  const rows = await listAmbassadors(db, {
    ...(query.q ? { q: query.q } : {}),
    ...(query.before ? { before: decodeCursor(query.before) } : {}),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const [balances, thresholdFen] = await Promise.all([
    balancesOf(
      db,
      page.map((row) => row.user_id),
    ),
    payoutThreshold(db),
  ]);
  const last = page.at(-1);
  return {
    items: page.map((row) => ambassadorOf(row, balances.get(row.user_id))),
    next: rows.length > query.limit && last ? encodeCursor(iso(last.joined_at) ?? '', last.user_id) : null,
    thresholdFen,
  };
}

export async function ambassadorDetailForStaff(db: Db, userId: string, now = new Date()): Promise<TAdminAmbassadorDetail> {
  const row = await requireAmbassador(db, userId);
  await matureCommissions(db, now, userId);
  const [balances, lines, flagged, payouts] = await Promise.all([
    balancesOf(db, [userId]),
    listLinesOf(db, userId, LINES_SHOWN),
    countFlaggedLines(db, row),
    listPayoutsOf(db, userId, PAYOUTS_SHOWN),
  ]);
  return {
    ambassador: ambassadorOf(row, balances.get(userId)),
    lines: lines.map((line) => ({
      id: line.id,
      referredUserId: line.referred_user_id,
      referredUsername: line.referred_username,
      orderId: line.order_id,
      itemType: line.item_type,
      baseAmountFen: Number(line.base_amount_fen),
      amountFen: Number(line.amount_fen),
      state: line.state,
      paidAt: iso(line.paid_at) ?? '',
      payoutBatchId: line.batch_id,
      flags: flagged.flags.get(line.referred_user_id) ?? [],
    })),
    lineCount: flagged.lineCount,
    flaggedCount: flagged.flaggedCount,
    payouts: payouts.map((payout) => ({
      id: payout.id,
      batchId: payout.batch_id,
      batchState: payout.state as TPayoutBatchState,
      amountFen: Number(payout.amount_fen),
      createdAt: iso(payout.created_at) ?? '',
      closedAt: iso(payout.closed_at),
      reference: payout.reference,
    })),
  };
}

export async function setPayeeForStaff(
  db: Db,
  actor: StaffActor,
  userId: string,
  body: TAdminPayee,
  now = new Date(),
): Promise<TAdminAmbassador> {
  const reason = requireReason(body.reason);
  await db.transaction().execute(async (trx) => {
    const before = await requireAmbassador(trx, userId);
    await setPayee(trx, userId, { account: body.account, name: body.name });
    await recordAudit(trx, {
      staffId: actor.staffId,
      action: 'payouts.payee',
      targetType: 'user',
      targetId: userId,
      before: { account: before.payee_account, name: before.payee_name },
      after: { account: body.account, name: body.name },
      reason,
      ...(actor.ip ? { ip: actor.ip } : {}),
      at: now,
    });
  });
  return oneAmbassador(db, userId);
}

export async function banForStaff(
  db: Db,
  actor: StaffActor,
  userId: string,
  reasonText: string,
  now = new Date(),
): Promise<TAdminAmbassadorBanned> {
  const reason = requireReason(reasonText);
  const cancelledLines = await db.transaction().execute(async (trx) => {
    const before = await requireAmbassador(trx, userId);
    const cancelled = await banAmbassador(trx, userId, reason, now);
    await recordAudit(trx, {
      staffId: actor.staffId,
      action: 'payouts.ban',
      targetType: 'user',
      targetId: userId,
      before: { bannedAt: iso(before.banned_at) },
      after: { bannedAt: iso(before.banned_at) ?? now.toISOString(), cancelledLines: cancelled },
      reason,
      ...(actor.ip ? { ip: actor.ip } : {}),
      at: now,
    });
    return cancelled;
  });
  return { ambassador: await oneAmbassador(db, userId), cancelledLines };
}

export async function unbanForStaff(
  db: Db,
  actor: StaffActor,
  userId: string,
  reasonText: string,
  now = new Date(),
): Promise<TAdminAmbassador> {
  const reason = requireReason(reasonText);
  await db.transaction().execute(async (trx) => {
    const before = await requireAmbassador(trx, userId);
    await unbanAmbassador(trx, userId);
    await recordAudit(trx, {
      staffId: actor.staffId,
      action: 'payouts.unban',
      targetType: 'user',
      targetId: userId,
      before: { bannedAt: iso(before.banned_at), banReason: before.ban_reason },
      after: { bannedAt: null },
      reason,
      ...(actor.ip ? { ip: actor.ip } : {}),
      at: now,
    });
  });
  return oneAmbassador(db, userId);
}

export async function settingsForStaff(db: Db): Promise<TAdminPayoutSettings> {
  return { thresholdFen: await payoutThreshold(db) };
}

export async function setThresholdForStaff(
  db: Db,
  actor: StaffActor,
  thresholdFen: number,
  reasonText: string,
  now = new Date(),
): Promise<TAdminPayoutSettings> {
  const reason = requireReason(reasonText);
  await db.transaction().execute(async (trx) => {
    const before = await payoutThreshold(trx);
    await setPayoutThreshold(trx, thresholdFen);
    await recordAudit(trx, {
      staffId: actor.staffId,
      action: 'payouts.threshold',
      targetType: 'setting',
      targetId: 'payouts.threshold_fen',
      before: { thresholdFen: before },
      after: { thresholdFen },
      reason,
      ...(actor.ip ? { ip: actor.ip } : {}),
      at: now,
    });
  });
  return settingsForStaff(db);
}

export async function listBatchesForStaff(db: Db): Promise<{ items: TAdminPayoutBatch[] }> {
  return { items: (await listBatches(db, BATCHES_SHOWN)).map(batchOf) };
}

export async function createBatchForStaff(db: Db, actor: StaffActor, reasonText: string, now = new Date()): Promise<TAdminPayoutBatch> {
  const reason = requireReason(reasonText);
  const batch = await db.transaction().execute(async (trx) => {
    const created = await createPayoutBatch(trx, actor.staffId, now);
    await recordAudit(trx, {
      staffId: actor.staffId,
      action: 'payouts.batch.create',
      targetType: 'payout_batch',
      targetId: created.batch.id,
      after: {
        payoutCount: created.batch.payout_count,
        totalFen: created.batch.total_fen,
        thresholdFen: created.batch.threshold_fen,
        lineCount: created.lineCount,
      },
      reason,
      ...(actor.ip ? { ip: actor.ip } : {}),
      at: now,
    });
    return created.batch;
  });
  return batchOf(batch);
}

export async function markPaidForStaff(
  db: Db,
  actor: StaffActor,
  id: string,
  body: { reference: string; reason: string },
  now = new Date(),
): Promise<TAdminPayoutBatch> {
  const reason = requireReason(body.reason);
  const reference = body.reference.trim();
  const batch = await db.transaction().execute(async (trx) => {
    const paid = await markBatchPaid(trx, id, actor.staffId, reference, now);
    await recordAudit(trx, {
      staffId: actor.staffId,
      action: 'payouts.batch.paid',
      targetType: 'payout_batch',
      targetId: id,
      before: { state: 'OPEN' },
      after: { state: 'PAID', reference, totalFen: Number(paid.total_fen) },
      reason,
      ...(actor.ip ? { ip: actor.ip } : {}),
      at: now,
    });
    return paid;
  });
  return batchOf(batch);
}

export async function cancelForStaff(
  db: Db,
  actor: StaffActor,
  id: string,
  reasonText: string,
  now = new Date(),
): Promise<TAdminPayoutBatch> {
  const reason = requireReason(reasonText);
  const batch = await db.transaction().execute(async (trx) => {
    const cancelled = await cancelBatch(trx, id, actor.staffId, reason, now);
    await recordAudit(trx, {
      staffId: actor.staffId,
      action: 'payouts.batch.cancel',
      targetType: 'payout_batch',
      targetId: id,
      before: { state: 'OPEN' },
      after: { state: 'CANCELLED', releasedLines: cancelled.released },
      reason,
      ...(actor.ip ? { ip: actor.ip } : {}),
      at: now,
    });
    return cancelled.batch;
  });
  return batchOf(batch);
}

/**
 * Alipay's batch transfer to Alipay accounts (批量转账到支付宝账户) template: one row per payout,
 * 序号, the payee's Alipay account, real name, amount in yuan (two decimals) and a remark. UTF-8
 * with BOM; cells quoted and guarded against formulas like every export.
 */
export const PAYOUT_CSV_COLUMNS = ['序号', '收款方支付宝账号', '收款方姓名', '金额', '备注'] as const;

export async function batchCsvForStaff(db: Db, id: string, yuanOf: (fen: number) => string): Promise<string> {
  const batch = await requireBatch(db, id);
  const payouts = await listPayoutsOfBatch(db, id);
  const remark = `LLK 推广佣金 ${batch.id}`;
  const rows = payouts.map((payout, index) =>
    [index + 1, payout.payee_account, payout.payee_name, yuanOf(Number(payout.amount_fen)), remark].map(csvCell).join(','),
  );
  return `\uFEFF${[PAYOUT_CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
