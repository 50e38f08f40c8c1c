// Tables of migration 0019-redeem-seats-walls. Timestamps are UTC ISO text (see ../dialect.ts).

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
