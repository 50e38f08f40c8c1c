import {
  type TAdminGatewayQueryResult,
  type TAdminGatewayQuerySource,
  type TAdminInvoice,
  type TAdminInvoicesPage,
  type TAdminInvoicesQuery,
  type TAdminIssueInvoiceRequest,
  type TAdminReissueInvoiceRequest,
  checkInvoiceTaxNumber,
  type TOrderInvoiceKind,
  type TAdminOrderDetail,
  type TAdminOrdersPage,
  type TAdminOrdersQuery,
  type TAdminOrderSummary,
  type TAdminRefund,
  type TAdminRefundRequest,
  localeEntries,
  type TLocale,
} from '@llk/contracts';
import { formatFen } from '@llk/contracts/money';
import { fromDbBool, toDbDate } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type KeyValueStore } from '../../lib/kv';
import { closeInvoiceRequest, findOrder, listInvoicesOfRequests, reissueInTransaction, type InvoiceRow, type InvoiceSettings } from '../orders';
import { queryOrderPaymentsNow, refundOrder, type RefundDeps } from '../payments';
import { decodeCursor, encodeCursor, requireReason, type StaffActor } from './admin-actions';
import {
  findAdminOrder,
  findAdminUser,
  findInvoice,
  listGatewayQueries,
  listOrderInvoices,
  listOrderItems,
  listOrderPayments,
  listOrderRefunds,
  listPaymentNotifications,
  searchInvoices,
  searchOrders,
  type AdminInvoiceRow,
  type AdminOrderRow,
} from './admin-people.repository';
import { recordAudit } from './audit';

// The back office's orders, refunds and invoice requests (ADR 0019). Refunds go through the
// payments module's refundOrder (its state machine makes of concurrent refunds of one order
// exactly one); the back office adds the SUPPORT limit, the reason, the audit record — both
// checked and written in refundOrder's own transaction through its `claim` hook, so an
// over-limit refund leaves nothing behind — and a request key: the refund dialog makes one
// when it opens, and the same key never refunds twice (a partial refund leaves the order
// refundable, so the state machine alone would let a second click refund again).

/** How long a refund's request key is remembered. */
const REQUEST_KEY_TTL_MS = 24 * 3_600_000;
const PENDING = 'pending';

export function orderSummaryOf(row: AdminOrderRow & { username?: string | null }): TAdminOrderSummary {
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username ?? null,
    status: row.status,
    subject: row.subject,
    totalFen: Number(row.total_fen),
    refundedFen: Number(row.refunded_fen),
    payMethod: row.pay_method,
    createdAt: row.created_at,
    paidAt: row.paid_at,
  };
}

function invoiceOf(row: AdminInvoiceRow, documents: readonly InvoiceRow[] = []): TAdminInvoice {
  return {
    id: row.id,
    orderId: row.order_id,
    userId: row.user_id,
    state: row.state as TAdminInvoice['state'],
    title: row.title,
    taxId: row.tax_id,
    email: row.email,
    amountFen: Number(row.amount_fen),
    invoiceNo: row.invoice_no,
    rejectReason: row.reject_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    kind: row.kind as TOrderInvoiceKind,
    country: row.country,
    address: row.address,
    locale: row.locale,
    documents: documents
      .filter((doc) => doc.request_id === row.id)
      .map((doc) => ({ id: doc.id, number: doc.number, state: doc.state === 'REPLACED' ? 'REPLACED' : 'ISSUED', issuedAt: doc.issued_at, replacedAt: doc.replaced_at, reason: doc.reason })),
  };
}

/** Requests with their international invoices (one query for the lot). */
async function invoicesWithDocuments(db: Db, rows: readonly AdminInvoiceRow[]): Promise<TAdminInvoice[]> {
  const documents = await listInvoicesOfRequests(db, rows.filter((row) => row.kind === 'INTERNATIONAL').map((row) => row.id));
  return rows.map((row) => invoiceOf(row, documents));
}

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

export async function listOrders(db: Db, query: TAdminOrdersQuery): Promise<TAdminOrdersPage> {
  const before = decodeCursor(query.before);
  const rows = await searchOrders(db, {
    ...(query.q ? { id: query.q } : {}),
    ...(query.userId ? { userId: query.userId } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.itemType ? { itemType: query.itemType } : {}),
    ...(query.from ? { from: toDbDate(new Date(query.from)) } : {}),
    ...(query.to ? { to: toDbDate(new Date(query.to)) } : {}),
    ...(before ? { before } : {}),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { items: page.map(orderSummaryOf), next: rows.length > query.limit && last ? encodeCursor(last.created_at, last.id) : null };
}

async function getOrderRow(db: Db, id: string): Promise<AdminOrderRow> {
  const row = await findAdminOrder(db, id);
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

export async function getOrderDetail(db: Db, id: string): Promise<TAdminOrderDetail> {
  const order = await getOrderRow(db, id);
  const [user, items, payments, refunds, invoices] = await Promise.all([
    findAdminUser(db, order.user_id),
    listOrderItems(db, id),
    listOrderPayments(db, id),
    listOrderRefunds(db, id),
    listOrderInvoices(db, id),
  ]);
  const [notifications, queries] = await Promise.all([listPaymentNotifications(db, payments), listGatewayQueries(db, payments.map((payment) => payment.id))]);
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
    items: items.map((item) => ({ id: item.id, itemType: item.item_type, skuId: item.sku_id, quantity: Number(item.quantity), asSeats: fromDbBool(item.as_seats), amountFen: Number(item.amount_fen) })),
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
      staffUsername: query.staff_username,
      state: query.state as TAdminOrderDetail['gatewayQueries'][number]['state'],
      amountFen: query.amount_fen === null ? null : Number(query.amount_fen),
      gatewayTradeNo: query.gateway_trade_no,
      error: query.error,
      askedAt: query.asked_at,
    })),
    refunds: refunds.map(refundOf),
    invoices: await invoicesWithDocuments(db, invoices),
  };
}

export interface AdminRefundDeps extends RefundDeps {
  kv: KeyValueStore;
  supportRefundLimitFen: number;
  /** The caller's language (request.locale): a refusal names the limit in its form of the renminbi. */
  locale: TLocale;
}

/**
 * A full or partial refund by staff, through payments' refundOrder. SUPPORT may refund at most
 * `supportRefundLimitFen` per refund (ADMIN_REFUND_OVER_LIMIT, 403, nothing written). The same
 * request key refunds once: a repeat while the first is running is ADMIN_REQUEST_REPEATED, a
 * repeat afterwards answers the first one's refund.
 */
export async function refundAsStaff(deps: AdminRefundDeps, actor: StaffActor, orderId: string, request: TAdminRefundRequest, now = new Date()): Promise<TAdminRefund> {
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
    const refund = await refundOrder(deps, orderId, { ...(request.amountFen === undefined ? {} : { amountFen: request.amountFen }), reason }, now, {
      claim: async (trx) => {
        // refundOrder has moved the order to REFUNDING in this transaction: it is ours now.
        const order = await findOrder(trx, orderId);
        if (!order) throw new AppError('ORDER_NOT_FOUND');
        const refunded = Number(order.refunded_fen);
        const amount = request.amountFen ?? Number(order.total_fen) - refunded;
        if (actor.role === 'SUPPORT' && amount > deps.supportRefundLimitFen) {
          throw new AppError('ADMIN_REFUND_OVER_LIMIT', { params: { limit: formatFen(deps.supportRefundLimitFen, localeEntries[deps.locale].iso) } });
        }
        await recordAudit(trx, {
          staffId: actor.staffId,
          action: 'order.refund',
          targetType: 'order',
          targetId: orderId,
          // the status it had: a refundable order's is told by its timestamps
          before: { status: order.completed_at ? 'COMPLETED' : order.fulfilled_at ? 'FULFILLED' : 'PAID', refundedFen: refunded, totalFen: Number(order.total_fen) },
          after: { status: 'REFUNDING', refundAmountFen: amount, full: amount === Number(order.total_fen) - refunded },
          reason,
          ...(actor.ip ? { ip: actor.ip } : {}),
          at: now,
        });
        written = true;
      },
    });
    await deps.kv.set(key, refund.id, REQUEST_KEY_TTL_MS);
    return refundOf(refund);
  } catch (error) {
    // Refused before a refund row existed: the same key may try again. Once a refund exists
    // (failed at the gateway, or still open), the key stays spent.
    if (written) await deps.kv.set(key, 'spent', REQUEST_KEY_TTL_MS);
    else await deps.kv.del(key);
    throw error;
  }
}

/** "Query the gateway now" for an order's open payment attempts; audited with the status before and after. */
export async function queryGatewayNow(deps: RefundDeps, actor: StaffActor, orderId: string, now = new Date()): Promise<TAdminGatewayQueryResult> {
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

export async function listInvoices(db: Db, query: TAdminInvoicesQuery): Promise<TAdminInvoicesPage> {
  const rows = await searchInvoices(db, { ...(query.state ? { state: query.state } : {}), ...(query.before ? { before: query.before } : {}), limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  return { items: await invoicesWithDocuments(db, page), next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
}

async function answerInvoice(
  db: Db,
  actor: StaffActor,
  id: string,
  answer: { state: 'ISSUED'; invoiceNo: string } | { state: 'REJECTED'; reason: string },
  reason: string | undefined,
  now: Date,
): Promise<TAdminInvoice> {
  await db.transaction().execute(async (trx) => {
    const before = await findInvoice(trx, id);
    if (!before) throw new AppError('ADMIN_INVOICE_NOT_FOUND');
    if (!(await closeInvoiceRequest(trx, id, answer, toDbDate(now)))) throw new AppError('ADMIN_INVOICE_NOT_OPEN');
    await recordAudit(trx, {
      staffId: actor.staffId,
      action: answer.state === 'ISSUED' ? 'invoice.issue' : 'invoice.reject',
      targetType: 'invoice',
      targetId: id,
      before: { state: before.state },
      after: answer,
      ...(reason ? { reason } : {}),
      ...(actor.ip ? { ip: actor.ip } : {}),
      at: now,
    });
  });
  return loadInvoice(db, id);
}

async function loadInvoice(db: Db, id: string): Promise<TAdminInvoice> {
  const row = await findInvoice(db, id);
  if (!row) throw new AppError('ADMIN_INVOICE_NOT_FOUND');
  const [invoice] = await invoicesWithDocuments(db, [row]);
  if (!invoice) throw new AppError('ADMIN_INVOICE_NOT_FOUND');
  return invoice;
}

export function issueInvoice(db: Db, actor: StaffActor, id: string, request: TAdminIssueInvoiceRequest, now = new Date()): Promise<TAdminInvoice> {
  return answerInvoice(db, actor, id, { state: 'ISSUED', invoiceNo: request.invoiceNo.trim() }, request.reason?.trim(), now);
}

export function rejectInvoice(db: Db, actor: StaffActor, id: string, reason: string, now = new Date()): Promise<TAdminInvoice> {
  const why = requireReason(reason);
  return answerInvoice(db, actor, id, { state: 'REJECTED', reason: why }, why, now);
}

/**
 * POST /admin/invoices/{id}/reissue: an issued international invoice again with corrected buyer
 * details (ADR 0030): a new number, the old invoice REPLACED, audited with the reason, all in
 * one transaction (of concurrent re-issues one wins; the others answer 80140).
 */
export async function reissueInvoice(db: Db, settings: InvoiceSettings, actor: StaffActor, id: string, request: TAdminReissueInvoiceRequest, now = new Date()): Promise<TAdminInvoice> {
  const reason = requireReason(request.reason);
  const taxId = request.taxId ? checkInvoiceTaxNumber(request.country, request.taxId) : null;
  await db.transaction().execute(async (trx) => {
    const before = await findInvoice(trx, id);
    if (!before) throw new AppError('ADMIN_INVOICE_NOT_FOUND');
    const order = await findOrder(trx, before.order_id);
    if (!order) throw new AppError('ADMIN_INVOICE_NOT_FOUND');
    const input = { title: request.title, address: request.address, country: request.country, taxId: taxId?.ok ? taxId.value : null, reason, number: request.number };
    const { previous, current } = await reissueInTransaction(trx, settings, before, order, input, now);
    await recordAudit(trx, {
      staffId: actor.staffId,
      action: 'invoice.reissue',
      targetType: 'invoice',
      targetId: id,
      before: { number: previous.number, title: before.title, address: before.address, country: before.country, taxId: before.tax_id },
      after: { number: current.number, title: input.title, address: input.address, country: input.country, taxId: input.taxId },
      reason,
      ...(actor.ip ? { ip: actor.ip } : {}),
      at: now,
    });
  });
  return loadInvoice(db, id);
}
