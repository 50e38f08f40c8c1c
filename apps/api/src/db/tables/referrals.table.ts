// Tables of migration 0006-referrals. Timestamps are UTC ISO text (see ../dialect.ts).

export interface AmbassadorsTable {
  user_id: string;
  /** 8 characters, Crockford base 32, upper case, unique */
  referral_code: string;
  /** LZ */
  activity_type: string;
  joined_at: string;
}

export interface ReferralBindingsTable {
  referred_user_id: string;
  ambassador_user_id: string;
  /** the code used at sign-up */
  referral_code: string;
  bound_at: string;
  /** bound_at + 60 days; the binding is active while bound_at <= t < expires_at */
  expires_at: string;
}

export interface CommissionsTable {
  id: string;
  ambassador_user_id: string;
  referred_user_id: string;
  order_id: string;
  /** unique: one line per order item */
  order_item_id: string;
  /** MEMBER | MONITOR */
  item_type: string;
  base_amount_fen: number;
  amount_fen: number;
  /** PENDING | EFFECTIVE | REVERSED */
  state: string;
  paid_at: string;
  created_at: string;
  /** paid_at + 7 days */
  effective_after: string;
  effective_at: string | null;
  reversed_at: string | null;
}
