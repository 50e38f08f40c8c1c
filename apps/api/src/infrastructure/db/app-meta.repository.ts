import { dbNow } from './dialect';
import { type Db } from './schema';

export async function findMeta(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function setMeta(db: Db, key: string, value: string): Promise<void> {
  const updated_at = dbNow();
  await db
    .insertInto('app_meta')
    .values({ key, value, updated_at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at }))
    .execute();
}
