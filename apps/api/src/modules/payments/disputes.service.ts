import type Stripe from 'stripe';
import { newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { openDisputeThread } from '../support';
import {
  findCardPaymentByIntent,
  findDispute,
  findOrderOwner,
  insertDisputeOnce,
  listDisputes,
  updateDispute,
  type DisputeRow,
} from './disputes.repository';

// Card disputes (ADR 0029): Stripe's charge.dispute.* webhooks. The first event of a dispute
// writes its row (one per Stripe dispute id, whatever the number of deliveries) and opens a
// support thread for staff with the order, in one transaction; later events (updated, closed,
// funds withdrawn or reinstated) move its status. Money is not posted here: what a lost dispute
// takes shows in the day's balance transactions, which staff match by hand.

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** Records a dispute event; returns the row and whether this event opened it. */
export async function recordDispute(db: Db, dispute: Stripe.Dispute, now = new Date()): Promise<{ row: DisputeRow; opened: boolean }> {
  const at = toDbDate(now);
  const evidenceDue = dispute.evidence_details?.due_by ? new Date(dispute.evidence_details.due_by * 1000).toISOString() : null;
  const status = String(dispute.status).slice(0, 60);
  return db.transaction().execute(async (trx) => {
    const intent = idOf(dispute.payment_intent);
    const payment = intent ? await findCardPaymentByIntent(trx, intent) : undefined;
    const opened = await insertDisputeOnce(trx, {
      id: newId(now.getTime()),
      method: 'CARD',
      gateway_dispute_id: dispute.id,
      payment_id: payment?.id ?? null,
      order_id: payment?.order_id ?? null,
      gateway_charge_id: idOf(dispute.charge),
      amount_fen: dispute.amount,
      currency: dispute.currency,
      reason: String(dispute.reason ?? 'unknown').slice(0, 100),
      status,
      evidence_due_at: evidenceDue,
      support_thread_id: null,
      created_at: at,
      updated_at: at,
    });
    if (opened) {
      const order = payment ? await findOrderOwner(trx, payment.order_id) : undefined;
      const threadId = await openDisputeThread(
        trx,
        {
          orderId: order?.id ?? null,
          userId: order?.user_id ?? null,
          email: order?.email ?? null,
          gatewayDisputeId: dispute.id,
          amountFen: dispute.amount,
          currency: dispute.currency,
          reason: String(dispute.reason ?? 'unknown'),
          evidenceDueAt: evidenceDue,
        },
        now,
      );
      await updateDispute(trx, dispute.id, { support_thread_id: threadId });
    } else {
      await updateDispute(trx, dispute.id, { status, evidence_due_at: evidenceDue, updated_at: at });
    }
    return { row: await findDispute(trx, dispute.id), opened };
  });
}

export { listDisputes, type DisputeRow };
