import { type Insertable, type Selectable } from 'kysely';
import { touchedRows } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { type RedeemCodesTable } from '../../db/tables/redeem-walls.table';

export type RedeemCodeRow = Selectable<RedeemCodesTable>;

export function findCodeByHash(db: Db, codeHash: string): Promise<RedeemCodeRow | undefined> {
  return db.selectFrom('redeem_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

/**
 * Marks an unredeemed code as redeemed by the user: true for exactly one caller. The condition
 * `redeemed_at IS NULL` is re-checked under the row lock on PostgreSQL (a second transaction
 * waits for the first and then matches nothing); SQLite runs writers one at a time.
 */
export async function claimCode(db: Db, id: string, userId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('redeem_codes')
    .set({ redeemed_by: userId, redeemed_at: now })
    .where('id', '=', id)
    .where('redeemed_at', 'is', null)
    .executeTakeFirst();
  return touchedRows(result) === 1;
}

export async function setCodeGrant(db: Db, id: string, grantJson: string): Promise<void> {
  await db.updateTable('redeem_codes').set({ grant_json: grantJson }).where('id', '=', id).execute();
}

export async function insertCodes(db: Db, rows: Insertable<RedeemCodesTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('redeem_codes').values(rows.slice(i, i + 200)).execute();
}
