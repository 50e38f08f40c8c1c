import {
  type TAdminGatewayQueryResult,
  type TAdminGatewayQuerySource,
  type TAdminOrderDetail,
  type TAdminRefund,
  type TAdminRefundRequest,
  type TLocale,
} from '@llk/contracts';
import { fromDbBool } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { recordAudit, requireReason, staffNamesOf, type StaffActor } from '../../infrastructure/http/staff';
import { findOrder, findOrderItems, orderSummaryOf, type OrderRow, staffInvoicesOfOrder } from '../orders';
import { findUserById } from '../users';
import {
  listOrderGatewayQueries,
  listOrderPayments,
  listOrderRefunds,
  listPaymentNotifications,
  type RefundRow,
} from './payments.repository';
import { queryOrderPaymentsNow } from './reconcile';
import { type RefundContext } from './refunds.service';

// The back office's page of one order and its money (ADR 0019). A staff refund is the
// refund-order flow's refundAsStaff (src/flows/refund-order.ts), handed in by the composition:
// its order's state machine makes of concurrent refunds of one order exactly one, and it checks
// the SUPPORT limit and writes the audit record in the refund row's transaction, so an
// over-limit refund leaves nothing behind. Here are the reason and a request key: the refund
// dialog makes one when it opens, and the same key never refunds twice (a partial refund leaves
// the order refundable, so the state machine alone would let a second click refund again).

/** How long a refund's request key is remembered. */
const REQUEST_KEY_TTL_MS = 24 * 3_600_000;
const PENDING = 'pending';

/** A refund row as staff see it: the order page's refunds and the refund queue's answers. */
export function refundOf(row: Awaited<ReturnType<typeof listOrderRefunds>>[number]): TAdminRefund {
  return {
    id: row.id,
    refundNo: row.refund_no,
    paymentId: row.payment_id,
    amountFen: Number(row.amount_fen),
    reason: row.reason,
    state: row.state,
    attempts: Number(row.attempts),
    lastOutcome: row.last_outcome,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}

async function getOrderRow(db: Db, id: string): Promise<OrderRow> {
  const row = await findOrder(db, id);
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

export async function getOrderDetail(db: Db, id: string): Promise<TAdminOrderDetail> {
  const order = await getOrderRow(db, id);
  const [user, items, payments, refunds] = await Promise.all([
    findUserById(db, order.user_id),
    findOrderItems(db, id),
    listOrderPayments(db, id),
    listOrderRefunds(db, id),
  ]);
  const [notifications, queries] = await Promise.all([
    listPaymentNotifications(db, payments),
    listOrderGatewayQueries(
      db,
      payments.map((payment) => payment.id),
    ),
  ]);
  const staffIds = [...new Set(queries.flatMap((query) => (query.staff_id === null ? [] : [query.staff_id])))];
  const staffNames = await staffNamesOf(db, staffIds);
  return {
    order: {
      ...orderSummaryOf({ ...order, username: user?.username ?? null }),
      originalTotalFen: Number(order.original_total_fen),
      source: order.source,
      expiresAt: order.expires_at,
      fulfilledAt: order.fulfilled_at,
      completedAt: order.completed_at,
      closedAt: order.closed_at,
    },
    user: user ? { id: user.id, username: user.username } : null,
    items: items.map((item) => ({
      id: item.id,
      itemType: item.item_type,
      skuId: item.sku_id,
      quantity: Number(item.quantity),
      asSeats: fromDbBool(item.as_seats),
      amountFen: Number(item.amount_fen),
    })),
    payments: payments.map((payment) => ({
      id: payment.id,
      paymentNo: payment.payment_no,
      method: payment.method,
      client: payment.client,
      amountFen: Number(payment.amount_fen),
      state: payment.state,
      gatewayTradeNo: payment.gateway_trade_no,
      createdAt: payment.created_at,
      paidAt: payment.paid_at,
    })),
    notifications: notifications.map((note) => ({
      id: note.id,
      method: note.method,
      paymentNo: note.payment_no,
      gatewayTradeNo: note.gateway_trade_no,
      amountFen: Number(note.amount_fen),
      success: fromDbBool(note.success),
      outcome: note.outcome,
      receivedAt: note.received_at,
    })),
    gatewayQueries: queries.map((query) => ({
      id: query.id,
      method: query.method,
      paymentNo: query.payment_no,
      source: query.source as TAdminGatewayQuerySource,
      staffUsername: query.staff_id === null ? null : (staffNames.get(query.staff_id) ?? null),
      state: query.state as TAdminOrderDetail['gatewayQueries'][number]['state'],
      amountFen: query.amount_fen === null ? null : Number(query.amount_fen),
      gatewayTradeNo: query.gateway_trade_no,
      error: query.error,
      askedAt: query.asked_at,
    })),
    refunds: refunds.map(refundOf),
    invoices: await staffInvoicesOfOrder(db, id),
  };
}

export interface StaffRefundContext extends RefundContext {
  supportRefundLimitFen: number;
  /** The caller's language (request.locale): a refusal names the limit in its form of the renminbi. */
  locale: TLocale;
}

export interface StaffRefundRequest {
  amountFen?: number;
  reason: string;
  /** told once the limit is checked and the audit record written, in the refund's transaction: a refund row may exist from then on */
  passed?: () => void;
}

/** A staff refund of an order (the refund-order flow's refundAsStaff): SUPPORT capped, audited in the refund's transaction. */
export type StaffRefund = (
  ctx: StaffRefundContext,
  actor: StaffActor,
  orderId: string,
  request: StaffRefundRequest,
  now?: Date,
) => Promise<RefundRow>;

export interface AdminRefundDeps extends StaffRefundContext {
  refundAsStaff: StaffRefund;
}

/**
 * A full or partial refund by staff, through the refund-order flow. SUPPORT may refund at most
 * `supportRefundLimitFen` per refund (ADMIN_REFUND_OVER_LIMIT, 403, nothing written). The same
 * request key refunds once: a repeat while the first is running is ADMIN_REQUEST_REPEATED, a
 * repeat afterwards answers the first one's refund.
 */
export async function refundAsStaff(
  deps: AdminRefundDeps,
  actor: StaffActor,
  orderId: string,
  request: TAdminRefundRequest,
  now = new Date(),
): Promise<TAdminRefund> {
  const reason = requireReason(request.reason);
  const key = `admin:refund:${request.requestKey}`;
  if (!(await deps.kv.setIfAbsent(key, PENDING, REQUEST_KEY_TTL_MS))) {
    const done = await deps.kv.get(key);
    const earlier = done && done !== PENDING ? (await listOrderRefunds(deps.db, orderId)).find((refund) => refund.id === done) : undefined;
    if (!earlier) throw new AppError('ADMIN_REQUEST_REPEATED');
    return refundOf(earlier);
  }
  let written = false;
  try {
    const { refundAsStaff: refund, ...ctx } = deps;
    const amount = request.amountFen === undefined ? {} : { amountFen: request.amountFen };
    const passed = () => {
      written = true;
    };
    const row = await refund(ctx, actor, orderId, { ...amount, reason, passed }, now);
    await deps.kv.set(key, row.id, REQUEST_KEY_TTL_MS);
    return refundOf(row);
  } catch (error) {
    // Refused before a refund row existed: the same key may try again. Once a refund exists
    // (failed at the gateway, or still open), the key stays spent.
    if (written) await deps.kv.set(key, 'spent', REQUEST_KEY_TTL_MS);
    else await deps.kv.del(key);
    throw error;
  }
}

/** "Query the gateway now" for an order's open payment attempts; audited with the status before and after. */
export async function queryGatewayNow(
  deps: Parameters<typeof queryOrderPaymentsNow>[0],
  actor: StaffActor,
  orderId: string,
  now = new Date(),
): Promise<TAdminGatewayQueryResult> {
  const before = await getOrderRow(deps.db, orderId);
  const result = await queryOrderPaymentsNow(deps, orderId, actor.staffId);
  const after = await getOrderRow(deps.db, orderId);
  await deps.db.transaction().execute((trx) =>
    recordAudit(trx, {
      staffId: actor.staffId,
      action: 'order.queryGateway',
      targetType: 'order',
      targetId: orderId,
      before: { status: before.status },
      after: { status: after.status, ...result },
      ...(actor.ip ? { ip: actor.ip } : {}),
      at: now,
    }),
  );
  return { ...result, status: after.status };
}
