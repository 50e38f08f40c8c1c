import { PAYABLE_ORDER_STATUSES, type TPayMethod } from '@llk/contracts';
import { fromDbDate, toDbDate } from '../infrastructure/db/dialect';
import { type Db } from '../infrastructure/db/schema';
import { fulfilOrder } from '../modules/fulfilment';
import { postDoublePayment, postPayment, postUnmatched } from '../modules/ledger';
import { findOrder, findOrderItems, moveOrder } from '../modules/orders';
import {
  flagDoublePayment,
  markPaymentPaid,
  matchVerifiedPayment,
  NotificationRejected,
  type PaymentRow,
  type ReceivedNotification,
  recordPaymentApplied,
  recordUnmatchedPayment,
  storeNotification,
  type TApplyOutcome,
  type TStoredOutcome,
  type VerifiedNotification,
} from '../modules/payments';
import { recordCommission } from '../modules/referrals';

// Applying a verified payment (a gateway's notification, or its PAID answer to our question;
// docs/adr/0039-flows-and-life-cycles.md): the payment and its order become PAID, the order's
// items are granted, the ambassador's commission is written, the order becomes FULFILLED and the
// money is posted to the ledger, all in ONE transaction. If anything fails nothing of it stays,
// and the gateway's retry starts afresh. Payments, orders, fulfilment, referrals and the ledger
// each do their part; none of them calls another. The payments routes, Stripe's events,
// reconciliation and staff's "query the gateway now" are handed this flow by the composition.

/**
 * Applies a verified payment exactly once. `via` says what brought it; a notification's
 * `received` (body and headers) is stored with its outcome in the same transaction. Throws
 * NotificationRejected (nothing of the payment changed) for an unknown payment, another
 * method's payment or a different amount; verified money of that kind is kept on record first.
 */
export async function applyVerifiedPayment(
  db: Db,
  method: TPayMethod,
  verified: VerifiedNotification,
  via: 'NOTIFICATION' | 'QUERY' = 'NOTIFICATION',
  now = new Date(),
  received?: ReceivedNotification,
): Promise<TApplyOutcome> {
  const result = await db.transaction().execute(async (trx): Promise<TApplyOutcome | NotificationRejected> => {
    const stored = received
      ? (outcome: TStoredOutcome, ids: { paymentId?: string | null; unmatchedId?: string | null } = {}) =>
          storeNotification(trx, method, verified, received, { outcome, ...ids }, now)
      : async () => undefined;
    // 1. The payment it names: ours, of this method, for this amount when it says paid.
    const match = await matchVerifiedPayment(trx, method, verified);
    if (match.refused) {
      const paymentId = match.payment?.id ?? null;
      if (!match.unmatched) {
        await stored('REJECTED', { paymentId });
        return match.refused;
      }
      // 2. Money no payment explains is kept (once per gateway trade) and posted to the ledger as
      //    unmatched, for a refund or a match by hand; the gateway still gets the refusal.
      const unmatched = await recordUnmatchedPayment(trx, method, verified, { reason: match.unmatched, paymentId }, now);
      if (unmatched.created) {
        await postUnmatched(trx, {
          unmatchedId: unmatched.id,
          method,
          paymentNo: verified.paymentNo,
          gatewayTradeNo: verified.gatewayTradeNo,
          amountFen: verified.amountFen,
          at: verified.paidAt ?? now,
        });
      }
      await stored('UNMATCHED', { paymentId, unmatchedId: unmatched.id });
      return match.refused;
    }
    // 3. A genuine notification of a state that is not paid (closed, waiting) changes nothing.
    if (!verified.success) {
      await stored('IGNORED', { paymentId: match.payment.id });
      return 'IGNORED';
    }
    const outcome = await applyPaid(trx, method, match.payment, verified, via, now);
    await stored(outcome, { paymentId: match.payment.id });
    return outcome;
  });
  if (result instanceof NotificationRejected) throw result;
  return result;
}

/** The exactly-once part, for a known payment with the right amount. */
async function applyPaid(
  trx: Db,
  method: TPayMethod,
  payment: PaymentRow,
  verified: VerifiedNotification,
  via: 'NOTIFICATION' | 'QUERY',
  now: Date,
): Promise<TApplyOutcome> {
  const nowText = toDbDate(now);
  const paidAt = toDbDate(verified.paidAt ?? now);
  // 4. The payment becomes PAID (a conditional update: of concurrent deliveries exactly one does).
  if (!(await markPaymentPaid(trx, payment, verified, paidAt, now))) return 'DUPLICATE';
  const money = {
    paymentId: payment.id,
    method,
    paymentNo: payment.payment_no,
    gatewayTradeNo: verified.gatewayTradeNo,
    amountFen: verified.amountFen,
    at: fromDbDate(paidAt),
  };

  // 5. Its order becomes PAID by this payment: only one payment of an order can.
  const won = await moveOrder(
    trx,
    payment.order_id,
    { change: 'pay', from: PAYABLE_ORDER_STATUSES, to: 'PAID', by: 'GATEWAY' },
    {
      paid_payment_id: payment.id,
      paid_at: paidAt,
      pay_method: payment.method,
      pay_client: payment.client,
      updated_at: nowText,
    },
  );
  if (!won) {
    // 5b. Already paid by another payment (other method, older attempt) or closed meanwhile: the
    //     money is kept on record and flagged, and the sweep refunds it.
    await flagDoublePayment(trx, payment, now);
    await recordPaymentApplied(trx, payment, verified, { outcome: 'DOUBLE_PAYMENT', via }, now);
    await postDoublePayment(trx, money);
    return 'DOUBLE_PAYMENT';
  }

  // 6. The order's items are granted, the ambassador's commission on what the referred account
  //    bought is written, and the order becomes FULFILLED.
  const order = await findOrder(trx, payment.order_id);
  if (!order) throw new Error(`order ${payment.order_id} vanished`);
  const items = await findOrderItems(trx, order.id);
  await fulfilOrder(trx, order.user_id, items, now);
  await recordCommission(trx as unknown as Db, {
    order: { id: order.id },
    items: items.map((item) => ({ id: item.id, itemType: item.item_type, amountFen: Number(item.amount_fen) })),
    payerUserId: order.user_id,
    paidAt: fromDbDate(paidAt),
  });
  const fulfil = { change: 'fulfil', from: ['PAID'], to: 'FULFILLED', by: 'SYSTEM' } as const;
  await moveOrder(trx, order.id, fulfil, { fulfilled_at: nowText, updated_at: nowText });
  // 7. The application is recorded (its dedupe key the last guard) and the money posted.
  await recordPaymentApplied(trx, payment, verified, { outcome: 'APPLIED', via }, now);
  await postPayment(trx, money);
  return 'APPLIED';
}
