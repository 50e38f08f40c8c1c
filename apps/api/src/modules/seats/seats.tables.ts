import { type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// Table of migration 0019-redeem-seats-walls. Timestamps are UTC ISO text (see infrastructure/db/dialect.ts).

export interface SeatsTable {
  id: string;
  /** the buyer */
  owner_id: string;
  order_id: string;
  order_item_id: string;
  /** MEMBER | CHANNEL */
  kind: string;
  starts_at: string;
  expires_at: string;
  assignee_user_id: string | null;
  assignee_device_id: string | null;
  /** when the seat last changed holder; kept after an unassign (the 7-day rule counts from it) */
  assigned_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface SeatsTables {
  seats: SeatsTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends SeatsTables {}
}

/** The seats module's table: its repository's only handle (ADR 0038). */
export const seatsTables = (db: Db): Kysely<SeatsTables> => tablesOf<SeatsTables>(db);

export type SeatTableRow = Selectable<SeatsTable>;
