// Tables of migration 0005-orders. Timestamps are UTC ISO text, booleans 0/1, money integer fen
// (see ../dialect.ts).

import { type Generated } from 'kysely';

export interface OrdersTable {
  id: string;
  user_id: string;
  status: string;
  source: string;
  currency: string;
  total_fen: number;
  original_total_fen: number;
  refunded_fen: number;
  subject: string;
  pay_token_hash: string | null;
  paid_payment_id: string | null;
  pay_method: string | null;
  pay_client: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
  paid_at: string | null;
  fulfilled_at: string | null;
  completed_at: string | null;
  closed_at: string | null;
}

export interface OrderItemsTable {
  id: string;
  order_id: string;
  item_type: string;
  sku_id: string;
  time_unit: string | null;
  duration: number;
  units: number;
  quantity: number;
  quality_tier: string | null;
  price_fen: number;
  original_price_fen: number;
  amount_fen: number;
  grant_json: string | null;
  /** 0/1 (migration 0019): a MEMBER or CHANNEL item bought as seats */
  as_seats: Generated<number>;
}

export interface PaymentsTable {
  id: string;
  order_id: string;
  payment_no: string;
  method: string;
  client: string;
  amount_fen: number;
  state: string;
  gateway_trade_no: string | null;
  needs_refund: number;
  created_at: string;
  updated_at: string;
  expires_at: string;
  paid_at: string | null;
  /** 0011: set when a double payment's refund row was written (the refund is claimed) */
  refund_claimed_at: string | null;
  /** 0029: the gateway's payer (Alipay buyer_id, WeChat openid) from the verified notification */
  payer_account: Generated<string | null>;
  /** 0041: the gateway's id of the charge when it is not our payment number (Stripe's Checkout Session, cs_…) */
  gateway_ref: Generated<string | null>;
}

export interface RefundsTable {
  id: string;
  refund_no: string;
  order_id: string;
  payment_id: string;
  amount_fen: number;
  reason: string;
  state: string;
  gateway_refund_no: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  /** 0011: conversations with the gateway about this refund */
  attempts: Generated<number>;
  /** 0011: when the sweep asks next; null: not asked automatically any more */
  next_attempt_at: string | null;
  /** 0011: what the gateway last said (outcome kind and code or reason) */
  last_outcome: string | null;
  /** 0037: the gateway's words when it refused (the code is in last_outcome) */
  failure_detail: string | null;
}

export interface OrderQrCodesTable {
  id: string;
  code_hash: string;
  user_id: string;
  sku_id: string;
  quantity: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  order_id: string | null;
}

export interface PaymentNotificationsTable {
  id: string;
  dedupe_key: string;
  payment_id: string;
  gateway_trade_no: string;
  amount_fen: number;
  outcome: string;
  via: string;
  received_at: string;
}

export interface OrderIdempotencyKeysTable {
  user_id: string;
  idempotency_key: string;
  request_hash: string;
  order_id: string;
  created_at: string;
  expires_at: string;
}

/** Migration 0016-invoice-requests: invoice requests for paid orders (one open per order). */
export interface InvoiceRequestsTable {
  id: string;
  order_id: string;
  user_id: string;
  /** the order id while the request is open (REQUESTED), NULL once closed: unique */
  open_order_id: string | null;
  /** REQUESTED | ISSUED | REJECTED */
  state: string;
  title: string;
  tax_id: string | null;
  email: string;
  amount_fen: number;
  created_at: string;
  updated_at: string;
  /** migration 0027: the number of the invoice staff issued (ISSUED) */
  invoice_no: Generated<string | null>;
  /** migration 0027: why staff rejected the request (REJECTED) */
  reject_reason: Generated<string | null>;
  /** migration 0042: FAPIAO (mainland, issued by finance) | INTERNATIONAL (issued by the product) */
  kind: Generated<string>;
  /** migration 0042: the buyer's ISO 3166 country (INTERNATIONAL; NULL for older fapiao requests) */
  country: Generated<string | null>;
  /** migration 0042: the buyer's address (INTERNATIONAL) */
  address: Generated<string | null>;
  /** migration 0042: the language the request was made in (the invoice is written in it) */
  locale: Generated<string | null>;
}

/** Migration 0042: the last invoice number given in a year (gapless per year). */
export interface InvoiceCountersTable {
  year: string;
  last_no: number;
}

/** Migration 0042: an international invoice the product issued (one row per number). */
export interface InvoicesTable {
  id: string;
  /** LLK-2026-000001 */
  number: string;
  request_id: string;
  order_id: string;
  user_id: string;
  /** the request's id while this is its current invoice, NULL once replaced: unique */
  current_request_id: string | null;
  /** ISSUED | REPLACED */
  state: string;
  /** the invoice that replaced this one */
  replaced_by: string | null;
  buyer_name: string;
  buyer_address: string;
  buyer_country: string;
  buyer_tax_id: string | null;
  buyer_email: string;
  /** JSON of the seller's details when issued */
  seller: string;
  /** JSON of the order's items when issued */
  lines: string;
  total_fen: number;
  pay_method: string;
  paid_at: string;
  locale: string;
  /** why staff issued it again; NULL for the first */
  reason: string | null;
  issued_at: string;
  replaced_at: string | null;
}
