import { type Kysely } from 'kysely';
import { type AppMetaTable } from './tables/app-meta.table';

/** Every table Kysely knows about; each issue adds its tables here and in a migration. */
export interface DB {
  app_meta: AppMetaTable;
}

/** A database or a transaction: services and repositories accept either. */
export type Db = Kysely<DB>;
