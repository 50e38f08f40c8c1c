import { type Insertable } from 'kysely';
import { type Db } from '../../infrastructure/db/schema';
import { supportTables, type SupportThreadsTable } from './support.tables';

export { type SupportThreadRow } from './support.tables';

export async function insertSupportThread(db: Db, row: Insertable<SupportThreadsTable>): Promise<void> {
  await supportTables(db).insertInto('support_threads').values(row).execute();
}
