import { type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// Table of migration 0019-redeem-seats-walls. Timestamps are UTC ISO text (see infrastructure/db/dialect.ts).

export interface MonitorWallsTable {
  id: string;
  user_id: string;
  name: string;
  /** JSON array of device ids in layout order */
  device_ids_json: string;
  device_count: number;
  created_at: string;
  updated_at: string;
}

export interface MonitorWallsTables {
  monitor_walls: MonitorWallsTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends MonitorWallsTables {}
}

/** The monitor-walls module's table: its repository's only handle (ADR 0038). */
export const monitorWallsTables = (db: Db): Kysely<MonitorWallsTables> => tablesOf<MonitorWallsTables>(db);

export type MonitorWallRow = Selectable<MonitorWallsTable>;
