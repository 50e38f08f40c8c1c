import {
  ADMIN_QUEUED_REFUND_STATES,
  type TAdminQueuedRefund,
  type TAdminRefund,
  type TAdminRefundQueue,
  type TAdminRefundRetryRequest,
  type TAdminRefundSettleRequest,
} from '@llk/contracts';
import { type Db } from '../../infrastructure/db/schema';
import { recordAudit, requireReason, type StaffActor } from '../../infrastructure/http/staff';
import { findOrdersByIds } from '../orders';
import { findUserContacts } from '../users';
import { refundOf } from './order-money.admin.service';
import { countRefundsInStates, listRefundsInStates, type RefundRow } from './payments.repository';
import { type RefundContext, type StaffRefundAction } from './refunds.service';

// The refund queue (ADR 0015, "Refund states and the staff queue"): refunds the gateway refused
// or never answered for good. What retrying, settling by hand and withdrawing change is the
// refund-order flow's (src/flows/refund-order.ts), handed in by the composition; here are the
// reads, the reason and the audit record, written in the transaction of the change.

/** The staff queue's actions: the refund-order flow's, handed in by the composition (ADR 0039). */
export interface RefundQueueActions {
  retry: (ctx: RefundContext, refundId: string, action: StaffRefundAction, now?: Date) => Promise<RefundRow>;
  settleByHand: (ctx: RefundContext, refundId: string, action: StaffRefundAction, now?: Date) => Promise<RefundRow>;
  withdraw: (ctx: RefundContext, refundId: string, now?: Date, action?: StaffRefundAction) => Promise<RefundRow>;
}

/** Refunds in a queued state with their order's customer and payment, oldest first, each read from its owner (payments, orders, users). */
async function listQueuedRefunds(db: Db, states: readonly string[], limit: number) {
  const refunds = await listRefundsInStates(db, states, limit);
  const orders = new Map(
    (await findOrdersByIds(db, [...new Set(refunds.map((refund) => refund.order_id))])).map((order) => [order.id, order]),
  );
  const userIds = [...new Set([...orders.values()].map((order) => order.user_id))];
  const users = new Map((await findUserContacts(db, userIds)).map((user) => [user.id, user]));
  // every refund has its order (refunds.order_id references orders)
  return refunds.flatMap((refund) => {
    const order = orders.get(refund.order_id);
    if (!order) return [];
    const user = users.get(order.user_id);
    return [
      {
        ...refund,
        user_id: order.user_id,
        paid_payment_id: order.paid_payment_id,
        username: user?.username ?? null,
        mobile: user?.mobile ?? null,
        email: user?.email ?? null,
      },
    ];
  });
}

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
  const [rows, total] = await Promise.all([
    listQueuedRefunds(db, ADMIN_QUEUED_REFUND_STATES, QUEUE_LIMIT),
    countRefundsInStates(db, ADMIN_QUEUED_REFUND_STATES),
  ]);
  return { items: rows.map(queuedOf), total };
}

/** How many refunds wait in the queue (the nav's badge). */
export function refundQueueSize(db: Db): Promise<number> {
  return countRefundsInStates(db, ADMIN_QUEUED_REFUND_STATES);
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
export async function retryRefundAsStaff(
  deps: RefundContext & { queue: RefundQueueActions },
  actor: StaffActor,
  id: string,
  request: TAdminRefundRetryRequest,
  now = new Date(),
): Promise<TAdminRefund> {
  const reason = requireReason(request.reason);
  const { queue, ...ctx } = deps;
  return refundOf(await queue.retry(ctx, id, audited(actor, 'refund.retry', reason, { state: 'PENDING' }, now), now));
}

/** POST /admin/refunds/:id/settle: paid back by hand, or not owed after all. */
export async function settleRefundAsStaff(
  deps: RefundContext & { queue: RefundQueueActions },
  actor: StaffActor,
  id: string,
  request: TAdminRefundSettleRequest,
  now = new Date(),
): Promise<TAdminRefund> {
  const reason = requireReason(request.reason);
  const { queue, ...ctx } = deps;
  if (request.outcome === 'NOT_OWED') {
    return refundOf(
      await queue.withdraw(ctx, id, now, audited(actor, 'refund.settle', reason, { state: 'WITHDRAWN', outcome: 'NOT_OWED' }, now)),
    );
  }
  return refundOf(
    await queue.settleByHand(ctx, id, audited(actor, 'refund.settle', reason, { state: 'SETTLED', outcome: 'PAID_BY_HAND' }, now), now),
  );
}
