import { newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { type TPostingKind } from './ledger.tables';
import { findRefundedPayment, insertLines, insertPosting, sumAccountByDay, sumAccounts } from './ledger.repository';

// The double-entry ledger (docs/adr/0016-ledger.md). Every money event is one posting of lines
// that sum to zero, in integer fen, debit positive and credit negative, written in the
// transaction of the event itself (every function takes it), so the ledger and the tables it
// describes can never disagree. Totals are sums over lines, never counters kept beside them.

export type TGateway = 'ZFB' | 'WX' | 'CARD';

export const ACCOUNTS = {
  /** money held for us at the gateway (debit = we have it) */
  gateway: (method: TGateway) => `gateway:${method}`,
  /** order payments (credit) */
  revenue: 'revenue',
  /** refunds of order payments, contra-revenue (debit) */
  refunds: 'refunds',
  /** money paid twice for one order, owed back to the payer (credit) */
  doublePayment: 'payable:double-payment',
  /** verified money we could not match to a payment, to refund or match by hand (credit) */
  unmatched: (method: TGateway) => `unmatched:${method}`,
  /** the gateway's fees from its bills (debit) */
  fees: (method: TGateway) => `fees:${method}`,
  /** order refunds asked for and not paid back yet: what we owe customers (credit) */
  refundsPayable: 'payable:refunds',
  /** refunds staff paid back outside the gateways and recorded by hand (credit = money left) */
  refundedByHand: 'cash:refunded-by-hand',
  /** commission earned by ambassadors, as it is earned and taken back (debit) */
  commissionExpense: 'commission:expense',
  /** commission earned and not paid out yet: the ambassadors' balances (credit) */
  commissionPayable: 'commission:payable',
  /** commission paid out to ambassadors by the back office (credit = money left) */
  commissionPayouts: 'cash:commission-payouts',
} as const;

export interface PostingLine {
  account: string;
  amountFen: number;
}

export interface PostingInput {
  kind: TPostingKind;
  /** the id of what it records: a second posting of the same kind and reference is ignored */
  reference: string;
  gateway?: TGateway | null;
  outTradeNo?: string | null;
  outRefundNo?: string | null;
  gatewayTradeNo?: string | null;
  amountFen: number;
  occurredAt: Date;
  lines: PostingLine[];
}

export class UnbalancedPosting extends Error {
  constructor(
    readonly kind: string,
    readonly reference: string,
    readonly totalFen: number,
  ) {
    super(`ledger posting ${kind} ${reference} does not balance: lines sum to ${totalFen} fen`);
    this.name = 'UnbalancedPosting';
  }
}

/** The Asia/Shanghai business day of a moment (UTC+8 all year), YYYY-MM-DD: the gateways' bill day. */
export function shanghaiDay(at: Date): string {
  return new Date(at.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * Writes one posting in the caller's transaction. Refuses lines that are not whole fen or do not
 * sum to zero. Returns false (and writes nothing) when this kind and reference is posted already.
 */
export async function post(trx: Db, input: PostingInput, now = new Date()): Promise<boolean> {
  const lines = input.lines.filter((line) => line.amountFen !== 0);
  if (lines.some((line) => !Number.isSafeInteger(line.amountFen)) || !Number.isSafeInteger(input.amountFen)) {
    throw new UnbalancedPosting(input.kind, input.reference, Number.NaN);
  }
  const total = lines.reduce((sum, line) => sum + line.amountFen, 0);
  if (total !== 0 || lines.length === 0) throw new UnbalancedPosting(input.kind, input.reference, total);
  const id = newId(now.getTime());
  const day = shanghaiDay(input.occurredAt);
  const written = await insertPosting(trx, {
    id,
    kind: input.kind,
    reference: input.reference,
    gateway: input.gateway ?? null,
    out_trade_no: input.outTradeNo ?? null,
    out_refund_no: input.outRefundNo ?? null,
    gateway_trade_no: input.gatewayTradeNo ?? null,
    amount_fen: input.amountFen,
    occurred_at: toDbDate(input.occurredAt),
    day,
    created_at: toDbDate(now),
  });
  if (!written) return false;
  await insertLines(
    trx,
    lines.map((line) => ({ id: newId(now.getTime()), posting_id: id, account: line.account, amount_fen: line.amountFen, day })),
  );
  return true;
}

export interface GatewayMoney {
  paymentId: string;
  method: TGateway;
  paymentNo: string;
  gatewayTradeNo: string | null;
  amountFen: number;
  at: Date;
}

/**
 * Verified money arriving at a gateway: debit the gateway, credit `creditAccount`. The one shape
 * of a payment, a double payment and unmatched money; only the credited account differs.
 */
function postMoneyIn(
  trx: Db,
  kind: TPostingKind,
  creditAccount: string,
  money: { reference: string; method: TGateway; paymentNo: string; gatewayTradeNo: string | null; amountFen: number; at: Date },
): Promise<boolean> {
  return post(trx, {
    kind,
    reference: money.reference,
    gateway: money.method,
    outTradeNo: money.paymentNo,
    gatewayTradeNo: money.gatewayTradeNo,
    amountFen: money.amountFen,
    occurredAt: money.at,
    lines: [
      { account: ACCOUNTS.gateway(money.method), amountFen: money.amountFen },
      { account: creditAccount, amountFen: -money.amountFen },
    ],
  });
}

/** A verified payment that paid its order: the gateway holds it, it is revenue. */
export function postPayment(trx: Db, money: GatewayMoney): Promise<boolean> {
  return postMoneyIn(trx, 'PAYMENT', ACCOUNTS.revenue, { ...money, reference: money.paymentId });
}

/** A verified payment of an order already paid or closed: held at the gateway, owed back. */
export function postDoublePayment(trx: Db, money: GatewayMoney): Promise<boolean> {
  return postMoneyIn(trx, 'DOUBLE_PAYMENT', ACCOUNTS.doublePayment, { ...money, reference: money.paymentId });
}

export interface RefundMoney {
  refundId: string;
  refundNo: string;
  method: TGateway;
  paymentNo: string;
  amountFen: number;
  /** true: the refund of an order's paying payment (owed since it was asked for); false: a double payment paid back */
  ofOrderPayment: boolean;
  at: Date;
}

/** Which account a refund settles: an order's refunds are owed from the request on, a double payment from its arrival. */
function owedAccount(ofOrderPayment: boolean): string {
  return ofOrderPayment ? ACCOUNTS.refundsPayable : ACCOUNTS.doublePayment;
}

/**
 * An order refund asked for (the refund row written): contra-revenue at once, owed to the
 * customer until the money is confirmed back (ADR 0016, "Money owed back").
 */
export function postRefundOwed(trx: Db, refund: { refundId: string; refundNo: string; amountFen: number; at: Date }): Promise<boolean> {
  return post(trx, {
    kind: 'REFUND_OWED',
    reference: refund.refundId,
    outRefundNo: refund.refundNo,
    amountFen: refund.amountFen,
    occurredAt: refund.at,
    lines: [
      { account: ACCOUNTS.refunds, amountFen: refund.amountFen },
      { account: ACCOUNTS.refundsPayable, amountFen: -refund.amountFen },
    ],
  });
}

/** An order refund nobody owes any more (the claim it was for was undone, or staff said so): the request is taken back. */
export function postRefundWithdrawn(
  trx: Db,
  refund: { refundId: string; refundNo: string; amountFen: number; at: Date },
): Promise<boolean> {
  return post(trx, {
    kind: 'REFUND_WITHDRAWN',
    reference: refund.refundId,
    outRefundNo: refund.refundNo,
    amountFen: refund.amountFen,
    occurredAt: refund.at,
    lines: [
      { account: ACCOUNTS.refundsPayable, amountFen: refund.amountFen },
      { account: ACCOUNTS.refunds, amountFen: -refund.amountFen },
    ],
  });
}

/** A refund the gateway paid back (SUCCEEDED): the money left the gateway, the debt is settled. */
export function postRefund(trx: Db, refund: RefundMoney): Promise<boolean> {
  return post(trx, {
    kind: 'REFUND',
    reference: refund.refundId,
    gateway: refund.method,
    outTradeNo: refund.paymentNo,
    outRefundNo: refund.refundNo,
    amountFen: refund.amountFen,
    occurredAt: refund.at,
    lines: [
      { account: owedAccount(refund.ofOrderPayment), amountFen: refund.amountFen },
      { account: ACCOUNTS.gateway(refund.method), amountFen: -refund.amountFen },
    ],
  });
}

/**
 * A refund that just became final with the money back: SUCCEEDED at the gateway, or SETTLED by
 * staff who paid it back another way (its own account: no gateway moved it). In the settling
 * transaction.
 */
export async function postSettledRefund(
  trx: Db,
  refund: { id: string; refund_no: string; payment_id: string; amount_fen: number },
  at: Date,
  how: 'GATEWAY' | 'BY_HAND' = 'GATEWAY',
): Promise<boolean> {
  const payment = await findRefundedPayment(trx, refund.payment_id);
  if (!payment) throw new Error(`refund ${refund.id}: payment ${refund.payment_id} missing`);
  const money: RefundMoney = {
    refundId: refund.id,
    refundNo: refund.refund_no,
    method: payment.method as TGateway,
    paymentNo: payment.payment_no,
    amountFen: Number(refund.amount_fen),
    ofOrderPayment: payment.paid_payment_id === refund.payment_id,
    at,
  };
  if (how === 'GATEWAY') return postRefund(trx, money);
  return post(trx, {
    kind: 'REFUND_BY_HAND',
    reference: money.refundId,
    gateway: money.method,
    outTradeNo: money.paymentNo,
    outRefundNo: money.refundNo,
    amountFen: money.amountFen,
    occurredAt: at,
    lines: [
      { account: owedAccount(money.ofOrderPayment), amountFen: money.amountFen },
      { account: ACCOUNTS.refundedByHand, amountFen: -money.amountFen },
    ],
  });
}

/** Verified money that matches no payment (unknown payment number, other amount). */
export function postUnmatched(
  trx: Db,
  money: { unmatchedId: string; method: TGateway; paymentNo: string; gatewayTradeNo: string; amountFen: number; at: Date },
): Promise<boolean> {
  return postMoneyIn(trx, 'UNMATCHED', ACCOUNTS.unmatched(money.method), { ...money, reference: money.unmatchedId });
}

/** A day's gateway fees from its bill (negative when the bill gave more back than it charged). */
export function postFees(trx: Db, fees: { reconciliationKey: string; method: TGateway; feeFen: number; at: Date }): Promise<boolean> {
  if (fees.feeFen === 0) return Promise.resolve(false);
  return post(trx, {
    kind: 'FEES',
    reference: fees.reconciliationKey,
    gateway: fees.method,
    amountFen: fees.feeFen,
    occurredAt: fees.at,
    lines: [
      { account: ACCOUNTS.fees(fees.method), amountFen: fees.feeFen },
      { account: ACCOUNTS.gateway(fees.method), amountFen: -fees.feeFen },
    ],
  });
}

/**
 * Commission as it happens (ADR 0016, "Commission postings"): a line written for a referred
 * order's item is earned (expense) and owed (payable); a line reversed or cancelled, and a
 * clawback line, take it back. One posting per commission line: `amountFen` is the line's
 * own amount (a clawback line's is negative).
 */
export function postCommissionLine(trx: Db, line: { lineId: string; amountFen: number; at: Date }): Promise<boolean> {
  return post(trx, {
    kind: line.amountFen >= 0 ? 'COMMISSION_ACCRUAL' : 'COMMISSION_CLAWBACK',
    reference: line.lineId,
    amountFen: Math.abs(line.amountFen),
    occurredAt: line.at,
    lines: [
      { account: ACCOUNTS.commissionExpense, amountFen: line.amountFen },
      { account: ACCOUNTS.commissionPayable, amountFen: -line.amountFen },
    ],
  });
}

/** An earned line that no longer counts (REVERSED by a refund in its window, CANCELLED by a ban). */
export function postCommissionReversal(trx: Db, line: { lineId: string; amountFen: number; at: Date }): Promise<boolean> {
  return post(trx, {
    kind: 'COMMISSION_REVERSAL',
    reference: line.lineId,
    amountFen: line.amountFen,
    occurredAt: line.at,
    lines: [
      { account: ACCOUNTS.commissionPayable, amountFen: line.amountFen },
      { account: ACCOUNTS.commissionExpense, amountFen: -line.amountFen },
    ],
  });
}

/**
 * A payout the back office made to an ambassador (the net of the commission lines it settles):
 * money leaving, which settles what was owed; the expense was posted as it was earned. Once, per payout.
 */
export function postCommissionPayout(trx: Db, payout: { payoutId: string; amountFen: number; at: Date }): Promise<boolean> {
  return post(trx, {
    kind: 'COMMISSION_PAYOUT',
    reference: payout.payoutId,
    amountFen: payout.amountFen,
    occurredAt: payout.at,
    lines: [
      { account: ACCOUNTS.commissionPayable, amountFen: payout.amountFen },
      { account: ACCOUNTS.commissionPayouts, amountFen: -payout.amountFen },
    ],
  });
}

/** Every account's balance (sum of its lines), for the days in [from, to] when given. */
export function accountBalances(db: Db, range?: { from: string; to: string }): Promise<Map<string, number>> {
  return sumAccounts(db, range);
}

export interface DailyMoney {
  day: string;
  /** order payments received (revenue, as a positive number) */
  revenueFen: number;
  /** refunds of order payments paid back */
  refundsFen: number;
}

/** Revenue and refunds per Asia/Shanghai day in [from, to], summed from ledger lines. */
export async function dailyMoney(db: Db, from: string, to: string): Promise<DailyMoney[]> {
  const [revenue, refunds] = await Promise.all([
    sumAccountByDay(db, ACCOUNTS.revenue, from, to),
    sumAccountByDay(db, ACCOUNTS.refunds, from, to),
  ]);
  const days = new Map<string, DailyMoney>();
  const day = (key: string) => days.get(key) ?? days.set(key, { day: key, revenueFen: 0, refundsFen: 0 }).get(key)!;
  for (const row of revenue) day(row.day).revenueFen = -row.totalFen;
  for (const row of refunds) day(row.day).refundsFen = row.totalFen;
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}
