import { type Generated, type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// Tables of migration 0006-referrals (columns added by 0029). Timestamps are UTC ISO text (see infrastructure/db/dialect.ts).

export interface AmbassadorsTable {
  user_id: string;
  /** 8 characters, Crockford base 32, upper case, unique */
  referral_code: string;
  /** LZ */
  activity_type: string;
  joined_at: string;
  /** migration 0029: when staff banned the ambassador (no more commissions, no payouts) and why */
  banned_at: Generated<string | null>;
  ban_reason: Generated<string | null>;
  /** migration 0029: where payouts go (an Alipay account: phone or email) and the account's real name */
  payee_account: Generated<string | null>;
  payee_name: Generated<string | null>;
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
  /** PENDING | EFFECTIVE | REVERSED | CLAWBACK (negative: a refund after the window) | CANCELLED (pending at a ban) */
  state: string;
  paid_at: string;
  created_at: string;
  /** paid_at + 7 days */
  effective_after: string;
  effective_at: string | null;
  reversed_at: string | null;
  /** migration 0029: the payout that settles this EFFECTIVE or CLAWBACK line; null while owed */
  payout_id: Generated<string | null>;
}

export interface PayoutBatchesTable {
  id: string;
  /** OPEN | PAID | CANCELLED */
  state: string;
  payout_count: number;
  total_fen: number;
  /** the threshold the batch was made with */
  threshold_fen: number;
  created_at: string;
  /** staff id */
  created_by: string;
  closed_at: string | null;
  closed_by: string | null;
  /** the transfer's reference (PAID) or why it was cancelled (CANCELLED) */
  reference: string | null;
}

export interface PayoutsTable {
  id: string;
  batch_id: string;
  ambassador_user_id: string;
  /** the net of the lines it settles (effective commissions less clawbacks), > 0 */
  amount_fen: number;
  payee_account: string;
  payee_name: string;
  line_count: number;
}

// 0051-referral-payment-views: what this module reads of the payments module's rows, read only
// (payments records and reverses commissions through this module, so it cannot be called here)

/** The refunds of an order's paying payment. */
export interface ReferralOrderRefundsView {
  order_id: string;
  state: string;
  last_outcome: string | null;
  created_at: string;
}

/** Who paid an order with which gateway account (Alipay buyer, WeChat openid, …). */
export interface ReferralPayersView {
  user_id: string;
  method: string;
  payer_account: string | null;
}

export interface ReferralsTables {
  ambassadors: AmbassadorsTable;
  referral_bindings: ReferralBindingsTable;
  commissions: CommissionsTable;
  payout_batches: PayoutBatchesTable;
  payouts: PayoutsTable;
  referral_order_refunds: ReferralOrderRefundsView;
  referral_payers: ReferralPayersView;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends ReferralsTables {}
}

/** The referrals module's tables: its repositories' only handle (ADR 0038). */
export const referralsTables = (db: Db): Kysely<ReferralsTables> => tablesOf<ReferralsTables>(db);

export type AmbassadorRow = Selectable<AmbassadorsTable>;
export type BindingRow = Selectable<ReferralBindingsTable>;
export type CommissionRow = Selectable<CommissionsTable>;
export type PayoutBatchRow = Selectable<PayoutBatchesTable>;
export type PayoutRow = Selectable<PayoutsTable>;
