import type Stripe from 'stripe';
import { type Db } from '../../infrastructure/db/schema';
import { type KeyValueStore } from '../../infrastructure/kv';
import { recordDispute } from './disputes.service';
import { findOpenRefundsOfPayment, findPaymentByNo, findPaymentByTradeNo } from './payments.repository';
import { type ApplyPayment, handleVerifiedNotification, type ReceivedNotification, type TApplyOutcome } from './payments.service';
import { type PaymentProviders } from './provider';
import { askGateway, type RefundLog, type SettleRefund } from './refunds.service';
import { sessionNotification } from './stripe.provider';

// What a verified Stripe event does (/pay/notify/stripe, ADR 0029):
// - checkout.session.completed / async_payment_succeeded: the payment is applied exactly once
//   (payment_status 'paid'; a delayed method completes 'unpaid' first, which changes nothing);
//   async_payment_failed and expired: acknowledged, nothing changes (the sweep closes the order).
// - charge.refunded, charge.refund.updated, refund.*: the payment's open refunds are asked about
//   again (refund query first, as the sweep does), so the refund object's status settles them.
// - charge.dispute.*: the dispute is recorded (and a staff task opened) or its status moved.
// Anything else is acknowledged and ignored.

export interface StripeEventDeps {
  db: Db;
  providers: PaymentProviders;
  kv: KeyValueStore;
  log?: RefundLog;
  /** The apply-payment flow (src/flows/apply-payment.ts), handed in by the composition. */
  applyPayment: ApplyPayment;
  /** The refund-order flow's settlement, for a refund Stripe confirms (handed in likewise). */
  settleRefund: SettleRefund;
}

export type TStripeEventOutcome = TApplyOutcome | 'REFUNDS_ASKED' | 'DISPUTE_OPENED' | 'DISPUTE_UPDATED' | 'IGNORED';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The payment a charge or refund belongs to: our payment number in its metadata, else its PaymentIntent. */
async function paymentOf(db: Db, object: { metadata?: Stripe.Metadata | null; payment_intent?: string | { id: string } | null }) {
  const paymentNo = object.metadata?.paymentNo;
  if (paymentNo) {
    const payment = await findPaymentByNo(db, paymentNo);
    if (payment?.method === 'CARD') return payment;
  }
  const intent = idOf(object.payment_intent);
  return intent ? findPaymentByTradeNo(db, 'CARD', intent) : undefined;
}

export async function handleStripeEvent(
  deps: StripeEventDeps,
  event: Stripe.Event,
  received: ReceivedNotification,
  now = new Date(),
): Promise<TStripeEventOutcome> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const verified = sessionNotification(event.data.object, event.created);
      // a failed or expired session is never paid, whatever it says
      if (event.type === 'checkout.session.async_payment_failed' || event.type === 'checkout.session.expired') verified.success = false;
      return handleVerifiedNotification(deps.applyPayment, deps.db, 'CARD', verified, received, now);
    }
    case 'charge.refunded':
    case 'charge.refund.updated':
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed': {
      const payment = await paymentOf(
        deps.db,
        event.data.object as { metadata?: Stripe.Metadata | null; payment_intent?: string | { id: string } | null },
      );
      if (!payment) return 'IGNORED';
      const open = await findOpenRefundsOfPayment(deps.db, payment.id);
      for (const refund of open) await askGateway(deps, refund.id, now);
      return open.length ? 'REFUNDS_ASKED' : 'IGNORED';
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.funds_reinstated': {
      const { row, opened } = await recordDispute(deps.db, event.data.object, now);
      deps.log?.[opened ? 'error' : 'warn'](
        { alert: opened ? 'card-dispute' : undefined, disputeId: row.gateway_dispute_id, orderId: row.order_id, status: row.status },
        opened ? 'a card payment is disputed: answer it before the deadline' : 'a card dispute moved',
      );
      return opened ? 'DISPUTE_OPENED' : 'DISPUTE_UPDATED';
    }
    default:
      return 'IGNORED';
  }
}
