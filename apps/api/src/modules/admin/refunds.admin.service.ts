import {
  ADMIN_QUEUED_REFUND_STATES,
  type TAdminQueuedRefund,
  type TAdminRefund,
  type TAdminRefundQueue,
  type TAdminRefundRetryRequest,
  type TAdminRefundSettleRequest,
} from '@llk/contracts';
import { type Db } from '../../db/schema';
import { retryQueuedRefund, settleQueuedRefundByHand, withdrawRefusedRefund, type RefundDeps, type StaffRefundAction } from '../payments';
import { requireReason, type StaffActor } from './admin-actions';
import { recordAudit } from './audit';
import { refundOf } from './orders.admin.service';
import { countQueuedRefunds, listQueuedRefunds } from './refunds.admin.repository';

// The refund queue (ADR 0015, "Refund states and the staff queue"): refunds the gateway refused
// or never answered for good. The money rules are the payments module's; here are the
// permission, the reason and the audit record, written in the transaction of the change.

const QUEUE_LIMIT = 200;

type QueueRow = Awaited<ReturnType<typeof listQueuedRefunds>>[number];

function queuedOf(row: QueueRow): TAdminQueuedRefund {
  return {
    id: row.id,
    refundNo: row.refund_no,
    orderId: row.order_id,
    userId: row.user_id,
    customer: row.username ?? row.mobile ?? row.email ?? null,
    amountFen: Number(row.amount_fen),
    state: row.state as TAdminQueuedRefund['state'],
    kind: row.paid_payment_id === row.payment_id ? 'ORDER' : 'DOUBLE_PAYMENT',
    method: row.method,
    reason: row.reason,
    lastOutcome: row.last_outcome,
    gatewayMessage: row.failure_detail,
    attempts: Number(row.attempts),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** GET /admin/refunds/queue: the longest-waiting first, with the queue's size (the nav's badge). */
export async function refundQueue(db: Db): Promise<TAdminRefundQueue> {
  const [rows, total] = await Promise.all([listQueuedRefunds(db, ADMIN_QUEUED_REFUND_STATES, QUEUE_LIMIT), countQueuedRefunds(db, ADMIN_QUEUED_REFUND_STATES)]);
  return { items: rows.map(queuedOf), total };
}

/** How many refunds wait in the queue (the nav's badge). */
export function refundQueueSize(db: Db): Promise<number> {
  return countQueuedRefunds(db, ADMIN_QUEUED_REFUND_STATES);
}

function audited(actor: StaffActor, action: string, reason: string, after: Record<string, unknown>, now: Date): StaffRefundAction {
  return {
    audit: (trx, before) =>
      recordAudit(trx, {
        staffId: actor.staffId,
        action,
        targetType: 'refund',
        targetId: before.id,
        before: { state: before.state, orderId: before.order_id, amountFen: Number(before.amount_fen), lastOutcome: before.last_outcome },
        after,
        reason,
        ...(actor.ip ? { ip: actor.ip } : {}),
        at: now,
      }),
  };
}

/** POST /admin/refunds/:id/retry: one deliberate try; the answer is where it stands afterwards. */
export async function retryRefundAsStaff(deps: RefundDeps, actor: StaffActor, id: string, request: TAdminRefundRetryRequest, now = new Date()): Promise<TAdminRefund> {
  const reason = requireReason(request.reason);
  return refundOf(await retryQueuedRefund(deps, id, audited(actor, 'refund.retry', reason, { state: 'PENDING' }, now), now));
}

/** POST /admin/refunds/:id/settle: paid back by hand, or not owed after all. */
export async function settleRefundAsStaff(deps: RefundDeps, actor: StaffActor, id: string, request: TAdminRefundSettleRequest, now = new Date()): Promise<TAdminRefund> {
  const reason = requireReason(request.reason);
  if (request.outcome === 'NOT_OWED') {
    return refundOf(await withdrawRefusedRefund(deps, id, now, audited(actor, 'refund.settle', reason, { state: 'WITHDRAWN', outcome: 'NOT_OWED' }, now)));
  }
  return refundOf(await settleQueuedRefundByHand(deps, id, audited(actor, 'refund.settle', reason, { state: 'SETTLED', outcome: 'PAID_BY_HAND' }, now), now));
}
