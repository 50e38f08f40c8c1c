import { type Insertable } from 'kysely';
import { toCount } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import {
  type DifferenceRow,
  type LedgerLinesTable,
  type LedgerPostingsTable,
  ledgerTables,
  type PostingRow,
  type ReconciliationRow,
  type TPostingKind,
} from './ledger.tables';

// Ledger postings and lines, and the stored bill reconciliations. A posting is written once per
// (kind, reference): the insert does nothing on a conflict and says whether it wrote.

export { type DifferenceRow, type LineRow, type PostingRow, type ReconciliationRow } from './ledger.tables';

export async function insertPosting(db: Db, posting: Insertable<LedgerPostingsTable>): Promise<boolean> {
  const result = await ledgerTables(db)
    .insertInto('ledger_postings')
    .values(posting)
    .onConflict((oc) => oc.columns(['kind', 'reference']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function insertLines(db: Db, lines: Insertable<LedgerLinesTable>[]): Promise<void> {
  await ledgerTables(db).insertInto('ledger_lines').values(lines).execute();
}

export function findPosting(db: Db, kind: TPostingKind, reference: string): Promise<PostingRow | undefined> {
  return ledgerTables(db)
    .selectFrom('ledger_postings')
    .selectAll()
    .where('kind', '=', kind)
    .where('reference', '=', reference)
    .executeTakeFirst();
}

/** Sum of each account's lines, optionally for days in [from, to] (Asia/Shanghai days, inclusive). */
export async function sumAccounts(db: Db, range?: { from: string; to: string }): Promise<Map<string, number>> {
  let query = ledgerTables(db)
    .selectFrom('ledger_lines')
    .select(['account', (eb) => eb.fn.sum<string | number>('amount_fen').as('total')])
    .groupBy('account');
  if (range) query = query.where('day', '>=', range.from).where('day', '<=', range.to);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.account, toCount(row.total)]));
}

/** Sum of one account's lines per day in [from, to]. */
export async function sumAccountByDay(db: Db, account: string, from: string, to: string): Promise<{ day: string; totalFen: number }[]> {
  const rows = await ledgerTables(db)
    .selectFrom('ledger_lines')
    .select(['day', (eb) => eb.fn.sum<string | number>('amount_fen').as('total')])
    .where('account', '=', account)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((row) => ({ day: row.day, totalFen: toCount(row.total) }));
}

/** Each account's debits (positive lines) and credits (negative lines, as a negative sum) per day in [from, to]. */
export async function sumAccountsByDay(
  db: Db,
  from: string,
  to: string,
): Promise<{ day: string; account: string; debitFen: number; creditFen: number }[]> {
  const rows = await ledgerTables(db)
    .selectFrom('ledger_lines')
    .select((eb) => [
      'day',
      'account',
      eb.fn.sum<string | number>(eb.case().when('amount_fen', '>', 0).then(eb.ref('amount_fen')).else(0).end()).as('debit'),
      eb.fn.sum<string | number>(eb.case().when('amount_fen', '<', 0).then(eb.ref('amount_fen')).else(0).end()).as('credit'),
    ])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['day', 'account'])
    .execute();
  return rows.map((row) => ({ day: row.day, account: row.account, debitFen: toCount(row.debit), creditFen: toCount(row.credit) }));
}

/** Postings whose lines do not sum to zero (must be none). */
export async function findUnbalancedPostings(db: Db): Promise<{ postingId: string; totalFen: number }[]> {
  const rows = await ledgerTables(db)
    .selectFrom('ledger_lines')
    .select(['posting_id', (eb) => eb.fn.sum<string | number>('amount_fen').as('total')])
    .groupBy('posting_id')
    .having((eb) => eb.fn.sum('amount_fen'), '<>', 0)
    .execute();
  return rows.map((row) => ({ postingId: row.posting_id, totalFen: toCount(row.total) }));
}

/** Postings that have no lines (must be none). */
export function findEmptyPostings(db: Db): Promise<{ id: string }[]> {
  return ledgerTables(db)
    .selectFrom('ledger_postings')
    .select('id')
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('ledger_lines').select('ledger_lines.id').whereRef('ledger_lines.posting_id', '=', 'ledger_postings.id')),
      ),
    )
    .execute();
}

/** A gateway's money postings of one day (payments received and refunds paid), for the bill reconciliation. */
export function findGatewayPostingsOfDay(db: Db, gateway: string, day: string): Promise<PostingRow[]> {
  return ledgerTables(db)
    .selectFrom('ledger_postings')
    .selectAll()
    .where('gateway', '=', gateway)
    .where('day', '=', day)
    .where('kind', 'in', ['PAYMENT', 'DOUBLE_PAYMENT', 'UNMATCHED', 'REFUND'])
    .orderBy('id')
    .execute();
}

/** Whether a refund number is one of ours (any state, any day). */
export async function isOurRefundNo(db: Db, refundNo: string): Promise<boolean> {
  return !!(await ledgerTables(db).selectFrom('ledger_refunds').select('id').where('refund_no', '=', refundNo).executeTakeFirst());
}

// ---- Bill reconciliations ------------------------------------------------------------------

export function findReconciliation(db: Db, gateway: string, billDate: string): Promise<ReconciliationRow | undefined> {
  return ledgerTables(db)
    .selectFrom('bill_reconciliations')
    .selectAll()
    .where('gateway', '=', gateway)
    .where('bill_date', '=', billDate)
    .executeTakeFirst();
}

export function findReconciliationsOfDay(db: Db, billDate: string): Promise<ReconciliationRow[]> {
  return ledgerTables(db).selectFrom('bill_reconciliations').selectAll().where('bill_date', '=', billDate).orderBy('gateway').execute();
}

export function findReconciliationsBetween(
  db: Db,
  from: string,
  to: string,
): Promise<Pick<ReconciliationRow, 'gateway' | 'bill_date' | 'status' | 'difference_count'>[]> {
  return ledgerTables(db)
    .selectFrom('bill_reconciliations')
    .select(['gateway', 'bill_date', 'status', 'difference_count'])
    .where('bill_date', '>=', from)
    .where('bill_date', '<=', to)
    .execute();
}

/** Replaces a day's report of a gateway (a NO_BILL report is redone once the bill exists). */
export async function replaceReconciliation(db: Db, report: ReconciliationRow, differences: DifferenceRow[]): Promise<void> {
  const old = await findReconciliation(db, report.gateway, report.bill_date);
  if (old) await ledgerTables(db).deleteFrom('bill_differences').where('reconciliation_id', '=', old.id).execute();
  await ledgerTables(db)
    .deleteFrom('bill_reconciliations')
    .where('gateway', '=', report.gateway)
    .where('bill_date', '=', report.bill_date)
    .execute();
  await ledgerTables(db).insertInto('bill_reconciliations').values(report).execute();
  if (differences.length) await ledgerTables(db).insertInto('bill_differences').values(differences).execute();
}

export function findDifferences(db: Db, reconciliationId: string): Promise<DifferenceRow[]> {
  return ledgerTables(db)
    .selectFrom('bill_differences')
    .selectAll()
    .where('reconciliation_id', '=', reconciliationId)
    .orderBy('id')
    .execute();
}

// ---- What the ledger must agree with -------------------------------------------------------

export interface MoneyTotals {
  /** per gateway: payments that paid their order */
  applied: Map<string, number>;
  /** per gateway: payments received for an order already paid or closed */
  double: Map<string, number>;
  /** per gateway: succeeded refunds of the payment that paid the order */
  orderRefunds: Map<string, number>;
  /** per gateway: succeeded refunds of double payments */
  doubleRefunds: Map<string, number>;
  /** per gateway: verified money matching no payment */
  unmatched: Map<string, number>;
  /** per gateway: fees from the reconciled bills */
  fees: Map<string, number>;
  /** ambassador payouts of batches marked paid */
  commissionPaid: number;
  /** order refunds asked for, except those withdrawn (nobody owes them) */
  orderRefundsAsked: number;
  /** order refunds asked for and not paid back yet (requested, at the gateway, refused, unknown) */
  orderRefundsOwed: number;
  /** per gateway: double-payment refunds settled by hand */
  doubleRefundsByHand: Map<string, number>;
  /** refunds of any kind staff paid back outside the gateways */
  refundedByHand: number;
  /** commission lines that count (pending, effective, clawbacks) */
  commissionEarned: number;
}

/** Refund states in which the money is still owed to the customer (ADR 0015, "Refund states"). */
const OWED_REFUND_STATES = ['PENDING', 'PROCESSING', 'FAILED', 'UNKNOWN'];

const byMethod = (rows: { method: string; total: string | number | bigint | null }[]) =>
  new Map(rows.map((row) => [row.method, toCount(row.total)]));

/** Totals of payments, refunds, unmatched money and bill fees from their own tables, per gateway. */
export async function findMoneyTotals(db: Db): Promise<MoneyTotals> {
  const payments = (applied: boolean) =>
    ledgerTables(db)
      .selectFrom('ledger_payments as payments')
      .select(['payments.method as method', (eb) => eb.fn.sum<string | number>('payments.amount_fen').as('total')])
      .where('payments.state', '=', 'PAID')
      .where((eb) =>
        applied
          ? eb('payments.order_paid_payment_id', '=', eb.ref('payments.id'))
          : eb.or([eb('payments.order_paid_payment_id', 'is', null), eb('payments.order_paid_payment_id', '<>', eb.ref('payments.id'))]),
      )
      .groupBy('payments.method')
      .execute();
  const refunds = (ofOrder: boolean, states: readonly string[] = ['SUCCEEDED']) =>
    ledgerTables(db)
      .selectFrom('ledger_refunds as refunds')
      .innerJoin('ledger_payments as payments', 'payments.id', 'refunds.payment_id')
      .select(['payments.method as method', (eb) => eb.fn.sum<string | number>('refunds.amount_fen').as('total')])
      .where('refunds.state', 'in', [...states])
      .where((eb) =>
        ofOrder
          ? eb('payments.order_paid_payment_id', '=', eb.ref('payments.id'))
          : eb.or([eb('payments.order_paid_payment_id', 'is', null), eb('payments.order_paid_payment_id', '<>', eb.ref('payments.id'))]),
      )
      .groupBy('payments.method')
      .execute();
  const unmatched = await ledgerTables(db)
    .selectFrom('ledger_unmatched_payments')
    .select(['method', (eb) => eb.fn.sum<string | number>('amount_fen').as('total')])
    .groupBy('method')
    .execute();
  const fees = await ledgerTables(db)
    .selectFrom('bill_reconciliations')
    .select(['gateway as method', (eb) => eb.fn.sum<string | number>('bill_fee_fen').as('total')])
    .groupBy('gateway')
    .execute();
  const paidOut = await ledgerTables(db)
    .selectFrom('ledger_commission_payouts')
    .select((eb) => eb.fn.sum<string | number>('amount_fen').as('total'))
    .where('batch_state', '=', 'PAID')
    .executeTakeFirst();
  const byHand = await ledgerTables(db)
    .selectFrom('ledger_refunds')
    .select((eb) => eb.fn.sum<string | number>('amount_fen').as('total'))
    .where('state', '=', 'SETTLED')
    .executeTakeFirst();
  const earned = await ledgerTables(db)
    .selectFrom('ledger_commissions')
    .select((eb) => eb.fn.sum<string | number>('amount_fen').as('total'))
    .where('state', 'in', ['PENDING', 'EFFECTIVE', 'CLAWBACK'])
    .executeTakeFirst();
  const all = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  return {
    orderRefundsAsked: all(byMethod(await refunds(true, ['PENDING', 'PROCESSING', 'FAILED', 'UNKNOWN', 'SUCCEEDED', 'SETTLED']))),
    orderRefundsOwed: all(byMethod(await refunds(true, OWED_REFUND_STATES))),
    doubleRefundsByHand: byMethod(await refunds(false, ['SETTLED'])),
    refundedByHand: toCount(byHand?.total ?? 0),
    commissionEarned: toCount(earned?.total ?? 0),
    applied: byMethod(await payments(true)),
    double: byMethod(await payments(false)),
    orderRefunds: byMethod(await refunds(true)),
    doubleRefunds: byMethod(await refunds(false)),
    unmatched: byMethod(unmatched),
    fees: byMethod(fees),
    commissionPaid: toCount(paidOut?.total ?? 0),
  };
}

/** A refunded payment's gateway, number, and whether it is the payment that paid its order. */
export function findRefundedPayment(
  db: Db,
  paymentId: string,
): Promise<{ method: string; payment_no: string; paid_payment_id: string | null } | undefined> {
  return ledgerTables(db)
    .selectFrom('ledger_payments')
    .select(['method', 'payment_no', 'order_paid_payment_id as paid_payment_id'])
    .where('id', '=', paymentId)
    .executeTakeFirst();
}
