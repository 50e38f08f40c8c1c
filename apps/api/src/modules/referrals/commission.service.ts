import { COMMISSIONABLE_ITEM_TYPES, commissionFen, REFERRAL_RULES } from '@llk/contracts';
import { fromDbDate, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { postCommissionLine, postCommissionReversal } from '../ledger';
import { findUserById } from '../users';
import {
  findAmbassadorByUser,
  findBindingOf,
  findEarnedLinesOfOrder,
  findFirstRefundAskedAt,
  findOrderRefundShare,
  insertCommissionLine,
  matureDueCommissions,
  reversePendingCommissions,
} from './referrals.repository';

// The commission ledger (the ambassador programme: docs/adr/0009-referral-programme.md). The payment path calls recordCommission() in
// the transaction that marks an order paid, the refund path reverseCommissionsForOrder() in the
// transaction that records the refund; matureCommissions() runs hourly (and before the
// ambassador's page is read). Lines: PENDING → EFFECTIVE after 7 days, or PENDING → REVERSED.

const DAY_MS = 24 * 3_600_000;

export interface CommissionOrderItem {
  /** order item id: the ledger holds at most one line per item */
  id: string;
  /** MEMBER | MONITOR | CHANNEL | QUALITY | CLOUD_PC …; only MEMBER and MONITOR earn */
  itemType: string;
  /** what the payer actually paid for this item (after discounts), fen */
  amountFen: number;
}

export interface CommissionInput {
  order: { id: string };
  items: readonly CommissionOrderItem[];
  payerUserId: string;
  paidAt: Date;
}

export interface RecordedCommission {
  orderItemId: string;
  ambassadorUserId: string;
  baseAmountFen: number;
  amountFen: number;
}

/** Emails compare case-insensitively; phones by their digits, without a +86 / 0086 prefix. */
export function sameEmail(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();
}

function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length > 11 ? digits.replace(/^(?:00)?86(?=1\d{10}$)/, '') : digits;
}

export function samePhone(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && phoneDigits(a) !== '' && phoneDigits(a) === phoneDigits(b);
}

/**
 * Writes PENDING commission lines for a paid order, in the caller's transaction. Nothing is
 * written unless the payer's binding is active at paidAt (bound_at ≤ paidAt < expires_at) and
 * the ambassador is neither the payer nor shares the payer's phone or email. Only MEMBER and
 * MONITOR items count; each earns floor(20%) of what was paid for it. Running it again for the
 * same items writes nothing more (unique order_item_id). Returns the lines written now.
 */
export async function recordCommission(trx: Db, input: CommissionInput): Promise<RecordedCommission[]> {
  const items = input.items.filter((item) => COMMISSIONABLE_ITEM_TYPES.includes(item.itemType) && commissionFen(item.amountFen) > 0);
  if (items.length === 0) return [];

  const binding = await findBindingOf(trx, input.payerUserId);
  if (!binding) return [];
  // A banned ambassador earns nothing more.
  if ((await findAmbassadorByUser(trx, binding.ambassador_user_id))?.banned_at) return [];
  // Gateways report the payment time in whole seconds (Alipay gmt_payment, WeChat success_time),
  // so a sign-up and a payment in the same second may read as "paid before bound": the start
  // compares at the second.
  const paidAt = input.paidAt;
  const boundAt = Math.floor(fromDbDate(binding.bound_at).getTime() / 1000) * 1000;
  if (!(boundAt <= paidAt.getTime() && paidAt < fromDbDate(binding.expires_at))) return [];

  // Self-referral: the same account, or another account on the same phone or email.
  if (binding.ambassador_user_id === input.payerUserId) return [];
  const [payer, ambassador] = await Promise.all([findUserById(trx, input.payerUserId), findUserById(trx, binding.ambassador_user_id)]);
  if (!payer || !ambassador) return [];
  if (samePhone(payer.mobile, ambassador.mobile) || sameEmail(payer.email, ambassador.email)) return [];

  const now = toDbDate(new Date());
  const effectiveAfter = toDbDate(paidAt.getTime() + REFERRAL_RULES.settlementDays * DAY_MS);
  const written: RecordedCommission[] = [];
  for (const item of items) {
    const amountFen = commissionFen(item.amountFen);
    const line = { id: newId() };
    const inserted = await insertCommissionLine(trx, {
      id: line.id,
      ambassador_user_id: binding.ambassador_user_id,
      referred_user_id: input.payerUserId,
      order_id: input.order.id,
      order_item_id: item.id,
      item_type: item.itemType,
      base_amount_fen: item.amountFen,
      amount_fen: amountFen,
      state: 'PENDING',
      paid_at: toDbDate(paidAt),
      created_at: now,
      effective_after: effectiveAfter,
      effective_at: null,
      reversed_at: null,
    });
    if (inserted) {
      // earned and owed from the payment on (ADR 0016, "Commission postings")
      await postCommissionLine(trx, { lineId: line.id, amountFen, at: paidAt });
      written.push({ orderItemId: item.id, ambassadorUserId: binding.ambassador_user_id, baseAmountFen: item.amountFen, amountFen });
    }
  }
  return written;
}

/**
 * A refund of the order reverses its PENDING lines whose 7-day window was still open when the
 * refund was asked for: the earliest succeeded refund of the order's payment (refunds.created_at;
 * a WeChat refund, or one the gateway did not answer at once, settles later), else refundedAt.
 * Lines already earned (EFFECTIVE, or PENDING with the window closed) are clawed back in the
 * refunded share: after this refund the order's clawbacks come to floor(earned × refunded ÷
 * paid), all of it once the order is refunded in full; the difference is one CLAWBACK line,
 * keyed by the order and that total so running it twice writes it once. Call it in the
 * transaction that marks the refund succeeded (after the order's refunded_fen is updated).
 * Returns how many lines were reversed.
 */
export async function reverseCommissionsForOrder(trx: Db, orderId: string, refundedAt = new Date()): Promise<number> {
  const firstAsked = await findFirstRefundAskedAt(trx, orderId);
  const askedAt = firstAsked && fromDbDate(firstAsked) < refundedAt ? fromDbDate(firstAsked) : refundedAt;
  const reversed = await reversePendingCommissions(trx, orderId, toDbDate(refundedAt), toDbDate(askedAt));
  for (const line of reversed) await postCommissionReversal(trx, { lineId: line.id, amountFen: Number(line.amount_fen), at: refundedAt });
  await clawBack(trx, orderId, refundedAt, askedAt);
  return reversed.length;
}

async function clawBack(trx: Db, orderId: string, refundedAt: Date, askedAt: Date): Promise<void> {
  const [share, lines] = await Promise.all([findOrderRefundShare(trx, orderId), findEarnedLinesOfOrder(trx, orderId, toDbDate(askedAt))]);
  const earnedLines = lines.filter((line) => line.state !== 'CLAWBACK');
  const [first] = earnedLines;
  if (!share || !first) return;
  const earned = earnedLines.reduce((sum, line) => sum + Number(line.amount_fen), 0);
  const clawed = -lines.filter((line) => line.state === 'CLAWBACK').reduce((sum, line) => sum + Number(line.amount_fen), 0);
  const paid = Number(share.total_fen);
  const refunded = Math.min(Number(share.refunded_fen), paid);
  const target = refunded >= paid ? earned : Math.floor((earned * refunded) / paid);
  if (target <= clawed) return;
  const at = toDbDate(refundedAt);
  const id = newId();
  const amountFen = -(target - clawed);
  const inserted = await insertCommissionLine(trx, {
    id,
    ambassador_user_id: first.ambassador_user_id,
    referred_user_id: first.referred_user_id,
    order_id: orderId,
    order_item_id: `clawback:${orderId}:${target}`,
    item_type: 'CLAWBACK',
    base_amount_fen: refunded,
    amount_fen: amountFen,
    state: 'CLAWBACK',
    paid_at: at,
    created_at: at,
    effective_after: at,
    effective_at: at,
    reversed_at: null,
  });
  if (inserted) await postCommissionLine(trx, { lineId: id, amountFen, at: refundedAt });
}

/**
 * PENDING lines whose window has passed without a refund become EFFECTIVE. Lines of an order
 * with a refund under way (REFUNDING) wait for its answer: reversed if it succeeds, matured by
 * a later run if it fails. Returns the count.
 */
export async function matureCommissions(db: Db, now = new Date(), ambassadorUserId?: string): Promise<number> {
  return matureDueCommissions(db, toDbDate(now), ambassadorUserId);
}
