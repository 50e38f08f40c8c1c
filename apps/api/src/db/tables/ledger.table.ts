// The double-entry ledger, verified notifications, unmatched money and bill reconciliations
// (migration 0013-ledger). Amounts are integer fen; lines are debit positive, credit negative.

export type TPostingKind =
  | 'PAYMENT'
  | 'DOUBLE_PAYMENT'
  | 'REFUND'
  | 'UNMATCHED'
  | 'FEES'
  | 'COMMISSION_PAYOUT'
  // ADR 0016, "Money owed back" and "Commission postings"
  | 'REFUND_OWED'
  | 'REFUND_WITHDRAWN'
  | 'REFUND_BY_HAND'
  | 'COMMISSION_ACCRUAL'
  | 'COMMISSION_REVERSAL'
  | 'COMMISSION_CLAWBACK';

export interface LedgerPostingsTable {
  id: string;
  kind: TPostingKind;
  /** the id of what it records; unique per kind, so posting twice is impossible */
  reference: string;
  gateway: string | null;
  out_trade_no: string | null;
  out_refund_no: string | null;
  gateway_trade_no: string | null;
  /** the event's amount (positive), for reading; the lines carry the money */
  amount_fen: number;
  occurred_at: string;
  /** Asia/Shanghai day of occurred_at */
  day: string;
  created_at: string;
}

export interface LedgerLinesTable {
  id: string;
  posting_id: string;
  account: string;
  amount_fen: number;
  day: string;
}

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

/** One question to a gateway about a payment attempt, and its answer (0034). */
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

export interface BillReconciliationsTable {
  id: string;
  gateway: string;
  bill_date: string;
  status: 'MATCHED' | 'DIFFERENCES' | 'NO_BILL';
  bill_payment_fen: number;
  bill_refund_fen: number;
  bill_fee_fen: number;
  ledger_payment_fen: number;
  ledger_refund_fen: number;
  difference_count: number;
  created_at: string;
}

export type TBillDifferenceKind = 'MISSING_OURS' | 'MISSING_THEIRS' | 'AMOUNT_DIFFERS' | 'CONSOLE_REFUND';

export interface BillDifferencesTable {
  id: string;
  reconciliation_id: string;
  kind: TBillDifferenceKind;
  direction: 'payment' | 'refund';
  out_trade_no: string;
  out_refund_no: string | null;
  gateway_trade_no: string | null;
  bill_amount_fen: number | null;
  ledger_amount_fen: number | null;
}
