import { type Generated, type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// The orders module's tables, grouped by the migration that creates them. Timestamps are UTC ISO
// text, booleans 0/1, money integer fen (see infrastructure/db/dialect.ts).

// 0005-orders

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

export interface OrderIdempotencyKeysTable {
  user_id: string;
  idempotency_key: string;
  request_hash: string;
  order_id: string;
  created_at: string;
  expires_at: string;
}

// 0016-invoice-requests (columns of 0027 and 0042 noted)

/** Invoice requests for paid orders (one open per order). */
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

// 0042-international-invoices

/** The last invoice number given in a year (gapless per year). */
export interface InvoiceCountersTable {
  year: string;
  last_no: number;
}

/** An international invoice the product issued (one row per number). */
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

// 0048-order-payment-views: what orders may read of the payments module's rows (read only;
// payments imports orders, so orders reads these views instead of calling payments).

/** An order's payment attempts (payments), read only. */
export interface OrderPaymentAttemptsView {
  id: string;
  order_id: string;
  payment_no: string;
  method: string;
  client: string;
  gateway_trade_no: string | null;
}

/** An order's refunds (refunds), read only. */
export interface OrderRefundsView {
  id: string;
  order_id: string;
  amount_fen: number;
  state: string;
  attempts: number;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface OrdersTables {
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_qr_codes: OrderQrCodesTable;
  order_idempotency_keys: OrderIdempotencyKeysTable;
  invoice_requests: InvoiceRequestsTable;
  invoices: InvoicesTable;
  invoice_counters: InvoiceCountersTable;
  order_payment_attempts: OrderPaymentAttemptsView;
  order_refunds: OrderRefundsView;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends OrdersTables {}
}

/** The orders module's tables: its repositories' only handle (ADR 0038). */
export const ordersTables = (db: Db): Kysely<OrdersTables> => tablesOf<OrdersTables>(db);

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type QrCodeRow = Selectable<OrderQrCodesTable>;
export type InvoiceRequestRow = Selectable<InvoiceRequestsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
