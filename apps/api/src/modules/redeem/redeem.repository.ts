import { type Insertable, sql } from 'kysely';
import { isPostgres, toCount, touchedRows } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { findUserNames } from '../users';
import { redeemTables, type RedeemCodeRow, type RedeemCodesTable } from './redeem.tables';

export { type RedeemCodeRow } from './redeem.tables';

export function findCodeByHash(db: Db, codeHash: string): Promise<RedeemCodeRow | undefined> {
  return redeemTables(db).selectFrom('redeem_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

/**
 * Marks an unredeemed code as redeemed by the user: true for exactly one caller. The condition
 * `redeemed_at IS NULL` is re-checked under the row lock on PostgreSQL (a second transaction
 * waits for the first and then matches nothing); SQLite runs writers one at a time.
 */
export async function claimCode(db: Db, id: string, userId: string, now: string): Promise<boolean> {
  const result = await redeemTables(db)
    .updateTable('redeem_codes')
    .set({ redeemed_by: userId, redeemed_at: now })
    .where('id', '=', id)
    .where('redeemed_at', 'is', null)
    .executeTakeFirst();
  return touchedRows(result) === 1;
}

export async function setCodeGrant(db: Db, id: string, grantJson: string): Promise<void> {
  await redeemTables(db).updateTable('redeem_codes').set({ grant_json: grantJson }).where('id', '=', id).execute();
}

export async function insertCodes(db: Db, rows: Insertable<RedeemCodesTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await redeemTables(db)
      .insertInto('redeem_codes')
      .values(rows.slice(i, i + 200))
      .execute();
}

// ---- The back office ------------------------------------------------------------------------

/** A batch as its codes describe it (what they grant, their end, the first code's creation) with its counts by state. */
export type CodeBatchRow = Pick<RedeemCodeRow, 'batch' | 'kind' | 'amount' | 'quality_tier' | 'expires_at' | 'created_at'> & {
  count: number;
  redeemed: number;
  expired: number;
};

/** Batches (name, what they grant) with their counts by state, newest first; `batch` narrows to one name. */
export async function listCodeBatches(db: Db, now: string, options: { batch?: string; limit: number }): Promise<CodeBatchRow[]> {
  let query = redeemTables(db)
    .selectFrom('redeem_codes')
    .select((eb) => [
      'batch',
      'kind',
      'amount',
      'quality_tier',
      eb.fn.countAll().as('count'),
      eb.fn.count('redeemed_at').as('redeemed'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('redeemed_at', 'is', null), eb('expires_at', 'is not', null), eb('expires_at', '<=', now)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('expired'),
      eb.fn.max('expires_at').as('expires_at'),
      eb.fn.min('created_at').as('created_at'),
    ])
    .groupBy(['batch', 'kind', 'amount', 'quality_tier']);
  if (options.batch !== undefined) query = query.where('batch', '=', options.batch);
  const rows = await query.orderBy('created_at', 'desc').orderBy('batch').limit(options.limit).execute();
  return rows.map((row) => ({
    batch: row.batch,
    kind: row.kind,
    amount: Number(row.amount),
    quality_tier: row.quality_tier,
    count: toCount(row.count),
    redeemed: toCount(row.redeemed),
    expired: toCount(row.expired ?? 0),
    expires_at: row.expires_at ?? null,
    created_at: String(row.created_at),
  }));
}

/** Until the transaction ends, others creating a batch of this name wait (PostgreSQL; SQLite has one writer). */
export async function lockBatchName(trx: Db, batch: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${`redeem-batch:${batch}`}))`.execute(redeemTables(trx));
}

export async function batchExists(db: Db, batch: string): Promise<boolean> {
  return (
    (await redeemTables(db).selectFrom('redeem_codes').select('id').where('batch', '=', batch).limit(1).executeTakeFirst()) !== undefined
  );
}

/** A batch's codes with who redeemed them (the users module's names), oldest first (the export). */
export async function codesOfBatch(db: Db, batch: string) {
  const rows = await redeemTables(db)
    .selectFrom('redeem_codes')
    .select(['id', 'kind', 'amount', 'quality_tier', 'expires_at', 'created_at', 'redeemed_at', 'redeemed_by'])
    .where('batch', '=', batch)
    .orderBy('id')
    .execute();
  const ids = [...new Set(rows.flatMap((row) => (row.redeemed_by ? [row.redeemed_by] : [])))];
  const names = new Map((await findUserNames(db, ids)).map((user) => [user.id, user]));
  return rows.map((row) => {
    const user = row.redeemed_by ? names.get(row.redeemed_by) : undefined;
    return { ...row, username: user?.username ?? null, nickname: user?.nickname ?? null };
  });
}

/**
 * Ends a batch: its unused codes that would still work expire now (redeeming one then answers
 * "expired"); redeemed codes and codes already expired are left as they are. How many it ended.
 */
export async function expireUnusedCodes(db: Db, batch: string, now: string): Promise<number> {
  const result = await redeemTables(db)
    .updateTable('redeem_codes')
    .set({ expires_at: now })
    .where('batch', '=', batch)
    .where('redeemed_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return touchedRows(result);
}
