import { newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { type TBillDifferenceKind } from './ledger.tables';
import {
  type DifferenceRow,
  findDifferences,
  findGatewayPostingsOfDay,
  findReconciliation,
  findReconciliationsOfDay,
  isOurRefundNo,
  type PostingRow,
  type ReconciliationRow,
  replaceReconciliation,
} from './ledger.repository';
import { postFees, type TGateway } from './ledger.service';

// A gateway's daily bill against the ledger's postings of that Asia/Shanghai day: every payment
// and refund on one side and not the other, or with another amount, is a difference; a refund
// the bill shows under a number we never issued was made in the merchant console. The report
// and its differences are stored (one per gateway and day) and the bill's fees are posted.

/** What the reconciliation needs of a bill (the payments module's GatewayBill has it). */
export interface BillLines {
  rows: readonly {
    outTradeNo: string;
    gatewayTradeNo: string;
    kind: 'payment' | 'refund';
    amountFen: number;
    feeFen: number;
    outRefundNo?: string | undefined;
  }[];
  totals: { paymentFen: number; refundFen: number; feeFen: number };
}

export interface BillReport {
  reconciliation: ReconciliationRow;
  differences: DifferenceRow[];
}

interface Side {
  outTradeNo: string;
  outRefundNo: string | null;
  gatewayTradeNo: string | null;
  amountFen: number;
}

function add(map: Map<string, Side>, key: string, side: Side): void {
  const seen = map.get(key);
  if (seen) seen.amountFen += side.amountFen;
  else map.set(key, { ...side });
}

function ourSide(postings: PostingRow[]): { payments: Map<string, Side>; refunds: Map<string, Side> } {
  const payments = new Map<string, Side>();
  const refunds = new Map<string, Side>();
  for (const posting of postings) {
    const side = {
      outTradeNo: posting.out_trade_no ?? '',
      outRefundNo: posting.out_refund_no,
      gatewayTradeNo: posting.gateway_trade_no,
      amountFen: Number(posting.amount_fen),
    };
    if (posting.kind === 'REFUND') add(refunds, posting.out_refund_no ?? posting.reference, side);
    else add(payments, posting.out_trade_no ?? posting.reference, side);
  }
  return { payments, refunds };
}

/** Whether the day's report of this gateway is final (a NO_BILL report is redone later). */
export async function isBillReconciled(db: Db, gateway: TGateway, date: string): Promise<boolean> {
  const existing = await findReconciliation(db, gateway, date);
  return !!existing && existing.status !== 'NO_BILL';
}

/**
 * Compares a gateway's bill of `date` (null: the gateway has none) with the ledger, stores the
 * report and posts the bill's fees, in one transaction. A final report of that gateway and day
 * is kept as it is: reconciling again returns it.
 */
export async function reconcileBillWithLedger(
  db: Db,
  gateway: TGateway,
  date: string,
  bill: BillLines | null,
  now = new Date(),
): Promise<BillReport> {
  return db.transaction().execute(async (trx) => {
    const existing = await findReconciliation(trx, gateway, date);
    if (existing && existing.status !== 'NO_BILL')
      return { reconciliation: existing, differences: await findDifferences(trx, existing.id) };

    const ours = ourSide(await findGatewayPostingsOfDay(trx, gateway, date));
    const theirs = { payments: new Map<string, Side>(), refunds: new Map<string, Side>() };
    for (const row of bill?.rows ?? []) {
      const side = {
        outTradeNo: row.outTradeNo,
        outRefundNo: row.outRefundNo ?? null,
        gatewayTradeNo: row.gatewayTradeNo,
        amountFen: row.amountFen,
      };
      if (row.kind === 'refund') add(theirs.refunds, row.outRefundNo ?? `${row.outTradeNo}:${row.gatewayTradeNo}`, side);
      else add(theirs.payments, row.outTradeNo, side);
    }

    const id = newId(now.getTime());
    const differences: DifferenceRow[] = [];
    const differ = (kind: TBillDifferenceKind, direction: 'payment' | 'refund', bill: Side | undefined, ledger: Side | undefined) => {
      const known = (bill ?? ledger)!;
      differences.push({
        id: newId(now.getTime()),
        reconciliation_id: id,
        kind,
        direction,
        out_trade_no: known.outTradeNo,
        out_refund_no: known.outRefundNo,
        gateway_trade_no: bill?.gatewayTradeNo ?? ledger?.gatewayTradeNo ?? null,
        bill_amount_fen: bill ? bill.amountFen : null,
        ledger_amount_fen: ledger ? ledger.amountFen : null,
      });
    };
    for (const [direction, billSide, ledgerSide] of [
      ['payment', theirs.payments, ours.payments],
      ['refund', theirs.refunds, ours.refunds],
    ] as const) {
      for (const [key, line] of billSide) {
        const mine = ledgerSide.get(key);
        if (mine) {
          if (mine.amountFen !== line.amountFen) differ('AMOUNT_DIFFERS', direction, line, mine);
          continue;
        }
        const console = direction === 'refund' && !(line.outRefundNo && (await isOurRefundNo(trx, line.outRefundNo)));
        differ(console ? 'CONSOLE_REFUND' : 'MISSING_OURS', direction, line, undefined);
      }
      for (const [key, mine] of ledgerSide) if (!billSide.has(key)) differ('MISSING_THEIRS', direction, undefined, mine);
    }

    const sum = (map: Map<string, Side>) => [...map.values()].reduce((total, side) => total + side.amountFen, 0);
    const reconciliation: ReconciliationRow = {
      id,
      gateway,
      bill_date: date,
      status: bill === null ? 'NO_BILL' : differences.length ? 'DIFFERENCES' : 'MATCHED',
      bill_payment_fen: bill?.totals.paymentFen ?? 0,
      bill_refund_fen: bill?.totals.refundFen ?? 0,
      bill_fee_fen: bill?.totals.feeFen ?? 0,
      ledger_payment_fen: sum(ours.payments),
      ledger_refund_fen: sum(ours.refunds),
      difference_count: differences.length,
      created_at: toDbDate(now),
    };
    await replaceReconciliation(trx, reconciliation, differences);
    if (bill)
      await postFees(trx, {
        reconciliationKey: `${gateway}:${date}`,
        method: gateway,
        feeFen: bill.totals.feeFen,
        at: new Date(`${date}T12:00:00+08:00`),
      });
    return { reconciliation, differences };
  });
}

/** The stored reports of a day (both gateways), with their differences. */
export async function findBillReports(db: Db, date: string): Promise<BillReport[]> {
  const reports: BillReport[] = [];
  for (const reconciliation of await findReconciliationsOfDay(db, date))
    reports.push({ reconciliation, differences: await findDifferences(db, reconciliation.id) });
  return reports;
}

const CSV_COLUMNS = [
  'gateway',
  'bill_date',
  'status',
  'kind',
  'direction',
  'out_trade_no',
  'out_refund_no',
  'gateway_trade_no',
  'bill_amount_fen',
  'ledger_amount_fen',
] as const;

function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The reports as CSV for finance: one line per difference, and one line per report without any
 * (kind empty), so a clean day is visible as clean. Amounts in whole fen.
 */
export function billReportsCsv(reports: readonly BillReport[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const { reconciliation: r, differences } of reports) {
    if (!differences.length)
      lines.push(
        [
          r.gateway,
          r.bill_date,
          r.status,
          '',
          '',
          '',
          '',
          '',
          r.bill_payment_fen - r.bill_refund_fen,
          r.ledger_payment_fen - r.ledger_refund_fen,
        ]
          .map(csvField)
          .join(','),
      );
    for (const d of differences) {
      lines.push(
        [
          r.gateway,
          r.bill_date,
          r.status,
          d.kind,
          d.direction,
          d.out_trade_no,
          d.out_refund_no,
          d.gateway_trade_no,
          d.bill_amount_fen,
          d.ledger_amount_fen,
        ]
          .map(csvField)
          .join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
