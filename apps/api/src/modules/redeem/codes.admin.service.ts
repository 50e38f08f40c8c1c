import { randomInt } from 'node:crypto';
import {
  formatRedeemCode,
  isRedeemCodeWellFormed,
  normaliseRedeemCode,
  type TAdminCodeBatch,
  type TAdminCodeBatchCreate,
  type TAdminCodeBatchCreated,
  type TAdminCodeBatchDeactivated,
  type TAdminCodeInfo,
  type TAdminCodeState,
  type TQualityTier,
  type TRedeemKind,
  V,
} from '@llk/contracts';
import { fromDbDate, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError, fieldError } from '../../infrastructure/http/app-error';
import { csvCell } from '../../infrastructure/csv';
import { formatCsvMoment, SERVICE_TIME_ZONE } from '../../infrastructure/time-text';
import { requireReason, recordAudit, type StaffActor } from '../../infrastructure/http/staff';
import {
  batchExists,
  codesOfBatch,
  expireUnusedCodes,
  findCodeByHash,
  listCodeBatches,
  lockBatchName,
  type CodeBatchRow,
} from './redeem.repository';
import { hashCode, insertCodeBatch } from './redeem.service';
import { findUserById } from '../users';

// The back office's redemption codes (permission codes.manage). A code moves no money, so
// nothing here touches the ledger. Codes are stored as keyed hashes: the answer that creates a
// batch is the only place its codes appear in clear (the web offers them as a CSV download
// there and then); exports list each code's state and redeemer, never the code.

/** The batches the page lists at most (newest first). */
const BATCHES_SHOWN = 200;
/** The random part of a default batch name: four alphabet characters. */
const NAME_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

const iso = (value: string | null) => (value === null ? null : fromDbDate(value).toISOString());

function batchOf(row: CodeBatchRow): TAdminCodeBatch {
  return {
    batch: row.batch,
    kind: row.kind as TRedeemKind,
    amount: row.amount,
    qualityTier: row.quality_tier as TQualityTier | null,
    count: row.count,
    redeemed: row.redeemed,
    expired: row.expired,
    expiresAt: iso(row.expires_at),
    createdAt: iso(row.created_at) ?? '',
  };
}

function stateOf(row: { redeemed_at: string | null; expires_at: string | null }, now: string): TAdminCodeState {
  if (row.redeemed_at) return 'REDEEMED';
  return row.expires_at !== null && row.expires_at <= now ? 'EXPIRED' : 'UNUSED';
}

export async function listBatchesForStaff(db: Db, now = new Date()): Promise<{ items: TAdminCodeBatch[] }> {
  return { items: (await listCodeBatches(db, toDbDate(now), { limit: BATCHES_SHOWN })).map(batchOf) };
}

async function oneBatch(db: Db, batch: string, now: Date): Promise<TAdminCodeBatch> {
  const [row] = await listCodeBatches(db, toDbDate(now), { batch, limit: 1 });
  if (!row) throw new AppError('ADMIN_CODE_BATCH_NOT_FOUND');
  return batchOf(row);
}

/**
 * Creates a batch and answers its codes in clear, once. The name is checked and the codes
 * written in one transaction, on PostgreSQL under an advisory lock of the name, so two staff
 * members choosing one name at once get one batch and one "exists".
 */
export async function createBatchForStaff(
  db: Db,
  pepper: string,
  actor: StaffActor,
  body: TAdminCodeBatchCreate,
  now = new Date(),
  t?: (key: string) => string,
): Promise<TAdminCodeBatchCreated> {
  const reason = requireReason(body.reason);
  if (body.expiresAt && new Date(body.expiresAt) <= now) {
    throw fieldError('expiresAt', V.dateInPast, t);
  }
  const suffix = Array.from({ length: 4 }, () => NAME_ALPHABET[randomInt(NAME_ALPHABET.length)]).join('');
  const batch = body.batch ?? `${body.kind}-${body.amount}-${now.toISOString().slice(0, 10)}-${suffix}`;
  const request = {
    kind: body.kind,
    amount: body.amount,
    count: body.count,
    batch,
    qualityTier: body.qualityTier,
    expiresAt: body.expiresAt ? new Date(body.expiresAt) : undefined,
  };
  const codes = await db.transaction().execute(async (trx) => {
    await lockBatchName(trx, batch);
    if (await batchExists(trx, batch)) throw new AppError('ADMIN_CODE_BATCH_EXISTS');
    const created = await insertCodeBatch(trx, pepper, request, now);
    await recordAudit(trx, {
      staffId: actor.staffId,
      action: 'codes.batch.create',
      targetType: 'code_batch',
      targetId: batch,
      after: {
        kind: body.kind,
        amount: body.amount,
        count: body.count,
        qualityTier: request.kind === 'QUALITY_DAYS' ? (body.qualityTier ?? 'HD') : null,
        expiresAt: body.expiresAt ?? null,
      },
      reason,
      ...(actor.ip ? { ip: actor.ip } : {}),
      at: now,
    });
    return created;
  });
  return { batch: await oneBatch(db, batch, now), codes: codes.map(formatRedeemCode) };
}

/** Ends a batch: its unused codes expire now. Audited with the counts before and after. */
export async function deactivateBatchForStaff(
  db: Db,
  actor: StaffActor,
  batch: string,
  reasonText: string,
  now = new Date(),
): Promise<TAdminCodeBatchDeactivated> {
  const reason = requireReason(reasonText);
  const before = await oneBatch(db, batch, now);
  const deactivated = await db.transaction().execute(async (trx) => {
    const ended = await expireUnusedCodes(trx, batch, toDbDate(now));
    await recordAudit(trx, {
      staffId: actor.staffId,
      action: 'codes.batch.deactivate',
      targetType: 'code_batch',
      targetId: batch,
      before: { count: before.count, redeemed: before.redeemed, expired: before.expired },
      after: { expired: before.expired + ended, ended },
      reason,
      ...(actor.ip ? { ip: actor.ip } : {}),
      at: now,
    });
    return ended;
  });
  return { batch: await oneBatch(db, batch, now), deactivated };
}

export const CODE_CSV_COLUMNS = [
  'id',
  'batch',
  'kind',
  'amount',
  'qualityTier',
  'state',
  'expiresAt',
  'createdAt',
  'redeemedAt',
  'redeemedById',
  'redeemedByUsername',
] as const;

/** A batch's codes as CSV (UTF-8 with BOM): state and redeemer, never the code; `state` narrows. */
export async function batchCsv(
  db: Db,
  batch: string,
  state: TAdminCodeState | undefined,
  timeZone: string = SERVICE_TIME_ZONE,
  now = new Date(),
): Promise<string> {
  const stamp = toDbDate(now);
  const rows = await codesOfBatch(db, batch);
  if (rows.length === 0) throw new AppError('ADMIN_CODE_BATCH_NOT_FOUND');
  // moments on the downloader's clock with their offset (docs/adr/0031)
  const moment = (at: string | null) => formatCsvMoment(at, timeZone);
  const lines = rows
    .map((row) => ({ row, state: stateOf(row, stamp) }))
    .filter((entry) => state === undefined || entry.state === state)
    .map(({ row, state: rowState }) =>
      [
        row.id,
        batch,
        row.kind,
        Number(row.amount),
        row.quality_tier,
        rowState,
        moment(row.expires_at),
        moment(row.created_at),
        moment(row.redeemed_at),
        row.redeemed_by,
        row.username ?? null,
      ]
        .map(csvCell)
        .join(','),
    );
  return `\uFEFF${[CODE_CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}

/** A code as a customer read it out: its batch, state and who redeemed it. */
export async function lookupCodeForStaff(db: Db, pepper: string, input: string, now = new Date()): Promise<TAdminCodeInfo> {
  const code = normaliseRedeemCode(input);
  if (!isRedeemCodeWellFormed(code)) throw new AppError('REDEEM_CODE_MISTYPED');
  const row = await findCodeByHash(db, hashCode(pepper, code));
  if (!row) throw new AppError('ADMIN_CODE_NOT_FOUND');
  const redeemer = row.redeemed_by ? await findUserById(db, row.redeemed_by) : undefined;
  return {
    id: row.id,
    batch: row.batch,
    kind: row.kind as TRedeemKind,
    amount: Number(row.amount),
    qualityTier: row.quality_tier as TQualityTier | null,
    state: stateOf(row, toDbDate(now)),
    expiresAt: iso(row.expires_at),
    createdAt: iso(row.created_at) ?? '',
    redeemedAt: iso(row.redeemed_at),
    redeemedBy: redeemer ? { id: redeemer.id, username: redeemer.username, nickname: redeemer.nickname } : null,
  };
}
