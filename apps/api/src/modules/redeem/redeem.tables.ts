import { type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// Table of migration 0019-redeem-seats-walls. Timestamps are UTC ISO text (see infrastructure/db/dialect.ts).

export interface RedeemCodesTable {
  id: string;
  /** hex HMAC-SHA256 of the canonical code under REDEEM_CODE_PEPPER */
  code_hash: string;
  batch: string;
  /** MEMBER_DAYS | MONITOR | CHANNEL_DAYS | QUALITY_DAYS */
  kind: string;
  /** days, or screen walls for MONITOR */
  amount: number;
  quality_tier: string | null;
  expires_at: string | null;
  created_at: string;
  redeemed_by: string | null;
  redeemed_at: string | null;
  grant_json: string | null;
}

export interface RedeemTables {
  redeem_codes: RedeemCodesTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends RedeemTables {}
}

/** The redeem module's table: its repository's only handle (ADR 0038). */
export const redeemTables = (db: Db): Kysely<RedeemTables> => tablesOf<RedeemTables>(db);

export type RedeemCodeRow = Selectable<RedeemCodesTable>;
