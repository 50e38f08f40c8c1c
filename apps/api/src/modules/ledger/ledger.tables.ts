import { type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// The double-entry ledger and the gateways' bill reconciliations (migration 0013-ledger).
// Amounts are integer fen; lines are debit positive, credit negative.

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

// 0049-ledger-source-views: what the audit and the report compare the postings with, read only
// (payments and referrals post to the ledger, so the ledger reads these views instead of calling them).

/** Payment attempts (payments), each with its order's paid_payment_id. */
export interface LedgerPaymentsView {
  id: string;
  method: string;
  payment_no: string;
  amount_fen: number;
  state: string;
  order_paid_payment_id: string | null;
}

/** Refunds (refunds). */
export interface LedgerRefundsView {
  id: string;
  refund_no: string;
  payment_id: string;
  amount_fen: number;
  state: string;
}

/** Money no payment was waiting for (unmatched_payments). */
export interface LedgerUnmatchedPaymentsView {
  id: string;
  method: string;
  amount_fen: number;
}

/** Commission lines (commissions). */
export interface LedgerCommissionsView {
  id: string;
  amount_fen: number;
  state: string;
}

/** Commission payouts (payouts) with their batch's state. */
export interface LedgerCommissionPayoutsView {
  id: string;
  amount_fen: number;
  batch_state: string;
}

export interface LedgerTables {
  ledger_postings: LedgerPostingsTable;
  ledger_lines: LedgerLinesTable;
  bill_reconciliations: BillReconciliationsTable;
  bill_differences: BillDifferencesTable;
  ledger_payments: LedgerPaymentsView;
  ledger_refunds: LedgerRefundsView;
  ledger_unmatched_payments: LedgerUnmatchedPaymentsView;
  ledger_commissions: LedgerCommissionsView;
  ledger_commission_payouts: LedgerCommissionPayoutsView;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends LedgerTables {}
}

/** The ledger module's tables: its repositories' only handle (ADR 0038). */
export const ledgerTables = (db: Db): Kysely<LedgerTables> => tablesOf<LedgerTables>(db);

export type PostingRow = Selectable<LedgerPostingsTable>;
export type LineRow = Selectable<LedgerLinesTable>;
export type ReconciliationRow = Selectable<BillReconciliationsTable>;
export type DifferenceRow = Selectable<BillDifferencesTable>;
