import { type Generated, type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// The payments module's tables, grouped by the migration that creates them. Timestamps are UTC
// ISO text, booleans 0/1, money integer fen (see infrastructure/db/dialect.ts).

// 0005-orders

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

// 0013-ledger: verified gateway notifications and money no payment was waiting for

export interface GatewayNotificationsTable {
  id: string;
  method: string;
  received_at: string;
  raw_body: string;
  headers_json: string;
  verification: string;
  payment_no: string;
  gateway_trade_no: string;
  amount_fen: number;
  success: number;
  payment_id: string | null;
  outcome: string;
  unmatched_id: string | null;
}

export interface UnmatchedPaymentsTable {
  id: string;
  method: string;
  payment_no: string;
  gateway_trade_no: string;
  amount_fen: number;
  reason: 'UNKNOWN_PAYMENT' | 'AMOUNT_DIFFERS';
  payment_id: string | null;
  state: string;
  paid_at: string;
  created_at: string;
}

// 0034-gateway-queries

/** One question to a gateway about a payment attempt, and its answer */
export interface GatewayQueriesTable {
  id: string;
  payment_id: string;
  method: string;
  /** RECONCILE (the job), SWEEP (an order's expiry) or STAFF ("query the gateway now") */
  source: string;
  staff_id: string | null;
  /** PAID, PENDING, CLOSED, NOT_FOUND, or ERROR when the gateway could not answer */
  state: string;
  amount_fen: number | null;
  gateway_trade_no: string | null;
  error: string | null;
  asked_at: string;
}

// 0041-card-payments

/** Card payments the payer disputed with the issuer (ADR 0029). */
export interface PaymentDisputesTable {
  id: string;
  /** the gateway the dispute came from (CARD: Stripe) */
  method: string;
  /** Stripe's dispute id (dp_…): one row per dispute, whatever number of events tell of it */
  gateway_dispute_id: string;
  payment_id: string | null;
  order_id: string | null;
  gateway_charge_id: string | null;
  /** what the payer disputes, in the charge's currency's minor unit (fen for CNY) */
  amount_fen: number;
  currency: string;
  /** Stripe's reason (fraudulent, product_not_received, …) */
  reason: string;
  /** Stripe's status (warning_needs_response, needs_response, under_review, won, lost, …) */
  status: string;
  evidence_due_at: string | null;
  /** the support thread opened for staff with the dispute */
  support_thread_id: string | null;
  created_at: string;
  updated_at: string;
}

// 0050-payment-order-statuses: each order's status, read only

/** An order's status (orders), read only: the sweep's join from open attempts to their orders. */
export interface PaymentOrderStatusesView {
  id: string;
  status: string;
}

export interface PaymentsTables {
  payments: PaymentsTable;
  refunds: RefundsTable;
  payment_notifications: PaymentNotificationsTable;
  payment_disputes: PaymentDisputesTable;
  gateway_notifications: GatewayNotificationsTable;
  gateway_queries: GatewayQueriesTable;
  unmatched_payments: UnmatchedPaymentsTable;
  payment_order_statuses: PaymentOrderStatusesView;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends PaymentsTables {}
}

/** The payments module's tables: its repositories' only handle (ADR 0038). */
export const paymentsTables = (db: Db): Kysely<PaymentsTables> => tablesOf<PaymentsTables>(db);

export type PaymentRow = Selectable<PaymentsTable>;
export type RefundRow = Selectable<RefundsTable>;
export type GatewayQueryRow = Selectable<GatewayQueriesTable>;
export type DisputeRow = Selectable<PaymentDisputesTable>;
