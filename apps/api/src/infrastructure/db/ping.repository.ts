import { sql } from 'kysely';
import { type Db } from './schema';

/** One round trip to the database (the health check's liveness question); reads no table. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
