import { randomInt } from 'node:crypto';
import {
  isRedeemCodeWellFormed,
  normaliseRedeemCode,
  REDEEM_CODE_ALPHABET,
  REDEEM_CODE_LENGTH,
  redeemCheckChar,
  type TQualityTier,
  type TRedeemKind,
  type TRedeemResult,
} from '@llk/contracts';
import { fromDbDate, futureDbDate, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { type KeyValueStore } from '../../infrastructure/kv';
import { limitError } from '../../infrastructure/http/rate-limit';
import { equalHex, hmacHex } from '../../infrastructure/secrets';
import { findUserById } from '../users';
import { applyGrant, type TGrant, type TGrantRequest } from '../fulfilment';
import { claimCode, findCodeByHash, insertCodes, setCodeGrant, type RedeemCodeRow } from './redeem.repository';

// Redemption codes (README.md, docs/adr/0018-seats-codes-walls.md). A code moves no money:
// nothing is posted to the ledger, and there is nothing to refund.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface RedeemSettings {
  pepper: string;
  accountHourlyLimit: number;
  ipHourlyLimit: number;
}

/** The stored form of a canonical code: a keyed hash, useless without the pepper. */
export function hashCode(pepper: string, code: string): string {
  return hmacHex(pepper, code);
}

/** 15 random alphabet characters and the check character (see @llk/contracts redeem.ts). */
export function newRedeemCode(): string {
  let payload = '';
  for (let i = 0; i < REDEEM_CODE_LENGTH - 1; i++) payload += REDEEM_CODE_ALPHABET[randomInt(REDEEM_CODE_ALPHABET.length)];
  return payload + redeemCheckChar(payload);
}

export interface CodeBatchRequest {
  kind: TRedeemKind;
  amount: number;
  count: number;
  batch: string;
  qualityTier?: TQualityTier | undefined;
  expiresAt?: Date | undefined;
}

/** Creates `count` codes in one batch; returns them in clear (shown once, never stored). */
export async function createCodeBatch(db: Db, pepper: string, request: CodeBatchRequest, now = new Date()): Promise<string[]> {
  return db.transaction().execute((trx) => insertCodeBatch(trx, pepper, request, now));
}

/** createCodeBatch inside the caller's transaction (the back office checks the name and audits in it). */
export async function insertCodeBatch(trx: Db, pepper: string, request: CodeBatchRequest, now = new Date()): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < request.count) codes.add(newRedeemCode());
  const created = toDbDate(now);
  await insertCodes(
    trx,
    [...codes].map((code) => ({
      id: newId(),
      code_hash: hashCode(pepper, code),
      batch: request.batch,
      kind: request.kind,
      amount: request.amount,
      quality_tier: request.kind === 'QUALITY_DAYS' ? (request.qualityTier ?? 'HD') : null,
      expires_at: request.expiresAt ? toDbDate(request.expiresAt) : null,
      created_at: created,
    })),
  );
  return [...codes];
}

function grantRequestOf(row: RedeemCodeRow): TGrantRequest {
  const extend = (from: Date) => new Date(from.getTime() + Number(row.amount) * DAY_MS);
  switch (row.kind as TRedeemKind) {
    case 'MEMBER_DAYS':
      return { type: 'MEMBER', extend };
    case 'CHANNEL_DAYS':
      return { type: 'CHANNEL', extend };
    case 'QUALITY_DAYS':
      return { type: 'QUALITY', tier: (row.quality_tier ?? 'HD') as TQualityTier, extend };
    case 'MONITOR':
      return { type: 'MONITOR', added: Number(row.amount) };
  }
}

function resultOf(row: RedeemCodeRow, grant: TGrant, monitorCount: number | null): TRedeemResult {
  const end = grant.kind === 'MEMBER' ? grant.to : grant.kind === 'CHANNEL' || grant.kind === 'QUALITY' ? (grant.until ?? null) : null;
  return {
    kind: row.kind as TRedeemKind,
    amount: Number(row.amount),
    qualityTier: grant.kind === 'QUALITY' ? grant.to : null,
    expiresAt: end ? fromDbDate(end).toISOString() : null,
    monitorCount,
  };
}

export interface RedeemCaller {
  userId: string;
  ip: string;
}

/**
 * Redeems a code for the caller, exactly once. Order of checks: the limits (a caller over
 * either limit learns nothing more), the form and check character (a typo costs no try: it
 * says nothing about which codes exist), then the look-up: unknown, expired, or redeemed by
 * someone else cost one try each on the account's and the address's counters; the right code
 * costs none. The grant goes through fulfilment in the transaction that claims the code.
 */
export async function redeemCode(
  db: Db,
  kv: KeyValueStore,
  settings: RedeemSettings,
  caller: RedeemCaller,
  input: string,
  now = new Date(),
): Promise<TRedeemResult> {
  const accountKey = `redeem:fail:user:${caller.userId}`;
  const ipKey = `redeem:fail:ip:${caller.ip}`;
  for (const [key, limit] of [
    [accountKey, settings.accountHourlyLimit],
    [ipKey, settings.ipHourlyLimit],
  ] as const) {
    if (Number((await kv.get(key)) ?? 0) >= limit) throw limitError('REDEEM_TOO_MANY_TRIES', (await kv.ttl(key)) ?? HOUR_MS);
  }
  const code = normaliseRedeemCode(input);
  if (!isRedeemCodeWellFormed(code)) throw new AppError('REDEEM_CODE_MISTYPED');

  const fail = async (name: 'REDEEM_CODE_INVALID' | 'REDEEM_CODE_EXPIRED' | 'REDEEM_CODE_USED'): Promise<never> => {
    await kv.incr(accountKey, HOUR_MS);
    await kv.incr(ipKey, HOUR_MS);
    throw new AppError(name);
  };
  const hash = hashCode(settings.pepper, code);
  const row = await findCodeByHash(db, hash);
  if (!row || !equalHex(row.code_hash, hash)) return fail('REDEEM_CODE_INVALID');
  if (row.redeemed_at) {
    if (row.redeemed_by === caller.userId) throw new AppError('REDEEM_CODE_USED'); // their own code again: no cost
    return fail('REDEEM_CODE_USED');
  }
  if (row.expires_at && !futureDbDate(row.expires_at, now)) return fail('REDEEM_CODE_EXPIRED');

  const nowText = toDbDate(now);
  const outcome = await db.transaction().execute(async (trx) => {
    if (!(await claimCode(trx, row.id, caller.userId, nowText))) return null;
    const grant = await applyGrant(trx, caller.userId, grantRequestOf(row), now);
    await setCodeGrant(trx, row.id, JSON.stringify(grant));
    return grant;
  });
  if (!outcome) throw new AppError('REDEEM_CODE_USED'); // lost the race to a parallel redemption
  const monitorCount = outcome.kind === 'MONITOR' ? await monitorCountOf(db, caller.userId) : null;
  return resultOf(row, outcome, monitorCount);
}

async function monitorCountOf(db: Db, userId: string): Promise<number> {
  const user = await findUserById(db, userId);
  return Number(user?.monitor_count ?? 0);
}
