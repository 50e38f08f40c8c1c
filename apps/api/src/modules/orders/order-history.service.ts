import {
  PAID_ORDER_STATUSES,
  PAYABLE_ORDER_STATUSES,
  type TOrderInfo,
  checkInvoiceTaxNumber,
  invoiceKindOf,
  type TOrderInvoice,
  type TOrderInvoiceKind,
  type TOrderInvoiceRequest,
  type TOrderInvoiceState,
  type TOrderList,
  type TOrderListQuery,
  type TOrderReceipt,
  type TOrderStatus,
  type TPayMethod,
} from '@llk/contracts';
import { isUniqueViolation, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { findUserById } from '../users';
import {
  countUserOrders,
  findItemsOfOrders,
  findLatestMethods,
  findOrder,
  findPaidPayment,
  insertInvoiceRequest,
  listInvoiceRequests,
  setInvoiceRequestNumber,
  listUserOrders,
  type InvoiceRequestRow,
  type OrderItemRow,
} from './orders.repository';
import { openInvoiceThread } from '../support';
import { issueFirstInvoice, requireSeller, type InvoiceSettings } from './invoices.service';
import { accessibleOrder, accountLabel, loadOrderInfo, orderItemOf } from './orders.service';
import { moveOrder } from './order-life-cycle';

// The account area's orders: the owner's list, cancelling an unpaid order, the
// receipt of a paid one, invoice requests. Every call is for the order's owner: anyone else's
// order answers 20001 ORDER_NOT_FOUND (accessibleOrder).
//
// Cancelling is one conditional update (CREATED/PENDING_PAYMENT → CANCELLED): of any number of
// concurrent calls exactly one moves the order. Money that still arrives for the cancelled order
// (the payer had the QR code open) finds no payable order when it is applied
// (flows/apply-payment.ts): it is recorded, flagged and refunded by the sweep, exactly as a
// late payment of an EXPIRED order; the order's open attempts are closed at their gateways by the
// sweep's closeOrphanedPayments, which looks at EXPIRED and CANCELLED orders alike.

/** Orders whose money was taken: they have a receipt (refunded ones too, with what was returned). */
const RECEIPT_STATUSES: readonly TOrderStatus[] = [...PAID_ORDER_STATUSES, 'REFUNDING', 'REFUNDED'];

/** GET /order/list: one page of the caller's orders, newest first. */
export async function listOrders(db: Db, userId: string, query: TOrderListQuery): Promise<TOrderList> {
  const [total, orders] = await Promise.all([
    countUserOrders(db, userId),
    listUserOrders(db, userId, (query.page - 1) * query.pageSize, query.pageSize),
  ]);
  const ids = orders.map((order) => order.id);
  const unpaid = orders.filter((order) => order.pay_method === null).map((order) => order.id);
  const [items, methods] = await Promise.all([findItemsOfOrders(db, ids), findLatestMethods(db, unpaid)]);
  const itemsOf = new Map<string, OrderItemRow[]>();
  for (const item of items) itemsOf.set(item.order_id, [...(itemsOf.get(item.order_id) ?? []), item]);
  return {
    list: orders.map((order) => ({
      id: order.id,
      status: order.status as TOrderStatus,
      items: (itemsOf.get(order.id) ?? []).map(orderItemOf),
      totalFen: Number(order.total_fen),
      refundedFen: Number(order.refunded_fen),
      payMethod: (order.pay_method ?? methods.get(order.id) ?? null) as TPayMethod | null,
      createdAt: order.created_at,
      paidAt: order.paid_at,
      expiresAt: order.expires_at,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** POST /order/cancel: the owner cancels an unpaid order, once. */
export async function cancelOrder(db: Db, userId: string, orderId: string, now = new Date()): Promise<TOrderInfo> {
  const order = await accessibleOrder(db, orderId, { userId });
  const refuse = (status: string): never => {
    throw new AppError(status === 'CANCELLED' ? 'ORDER_ALREADY_CANCELLED' : 'ORDER_NOT_CANCELLABLE');
  };
  if (!(PAYABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) refuse(order.status);
  const nowText = toDbDate(now);
  const moved = await moveOrder(
    db,
    order.id,
    { change: 'cancel', from: PAYABLE_ORDER_STATUSES, to: 'CANCELLED', by: 'CUSTOMER' },
    { closed_at: nowText, updated_at: nowText },
  );
  const current = await findOrder(db, order.id);
  if (!current) throw new AppError('ORDER_NOT_FOUND');
  if (!moved) refuse(current.status);
  return loadOrderInfo(db, current);
}

/** GET /order/receipt/{id}: a paid order's receipt data. */
export async function getReceipt(db: Db, userId: string, orderId: string): Promise<TOrderReceipt> {
  const order = await accessibleOrder(db, orderId, { userId });
  if (!(RECEIPT_STATUSES as readonly string[]).includes(order.status) || !order.paid_payment_id || !order.paid_at)
    throw new AppError('RECEIPT_NOT_AVAILABLE');
  const [info, payment, user] = await Promise.all([
    loadOrderInfo(db, order),
    findPaidPayment(db, order.paid_payment_id),
    findUserById(db, order.user_id),
  ]);
  if (!payment) throw new AppError('RECEIPT_NOT_AVAILABLE');
  return {
    orderId: info.id,
    status: info.status,
    account: user ? accountLabel(user) : '',
    items: info.items,
    currency: 'CNY',
    totalFen: info.totalFen,
    originalTotalFen: info.originalTotalFen,
    discountFen: info.discountFen,
    refundedFen: info.refundedFen,
    payMethod: payment.method as TPayMethod,
    paymentNo: payment.payment_no,
    gatewayTradeNo: payment.gateway_trade_no,
    createdAt: info.createdAt,
    paidAt: order.paid_at,
  };
}

function invoiceOf(row: InvoiceRequestRow): TOrderInvoice {
  return {
    id: row.id,
    orderId: row.order_id,
    kind: row.kind as TOrderInvoiceKind,
    state: row.state as TOrderInvoiceState,
    title: row.title,
    taxId: row.tax_id,
    email: row.email,
    country: row.country,
    address: row.address,
    invoiceNo: row.invoice_no,
    amountFen: Number(row.amount_fen),
    requestedAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * POST /order/invoice: an invoice request for the caller's paid order; one open per order. A
 * fapiao opens a support thread for the finance team (REQUESTED); an international invoice is
 * numbered and issued in the same transaction (ISSUED, ADR 0030), so of any number of
 * concurrent requests one inserts the request (open_order_id is unique) and takes a number.
 */
export async function requestOrderInvoice(
  db: Db,
  userId: string,
  input: TOrderInvoiceRequest,
  now = new Date(),
  locale = 'zh-CN',
  invoices?: InvoiceSettings,
): Promise<TOrderInvoice> {
  const order = await accessibleOrder(db, input.orderId, { userId });
  if (!(PAID_ORDER_STATUSES as readonly string[]).includes(order.status)) throw new AppError('ORDER_INVOICE_NOT_ALLOWED');
  const amount = Number(order.total_fen) - Number(order.refunded_fen);
  if (amount <= 0) throw new AppError('ORDER_INVOICE_NOT_ALLOWED');
  const kind = invoiceKindOf(input.country);
  const international = kind === 'INTERNATIONAL';
  if (international) requireSeller(invoices ?? { seller: undefined, numberPrefix: 'LLK' });
  const taxId = input.taxId
    ? international
      ? checkInvoiceTaxNumber(input.country ?? '', input.taxId)
      : { ok: true as const, value: input.taxId.toUpperCase() }
    : null;
  const nowText = toDbDate(now);
  const row: InvoiceRequestRow = {
    id: newId(now.getTime()),
    order_id: order.id,
    user_id: userId,
    open_order_id: order.id,
    state: international ? 'ISSUED' : 'REQUESTED',
    title: input.title,
    tax_id: taxId?.ok ? taxId.value : null,
    email: input.email,
    amount_fen: amount,
    created_at: nowText,
    updated_at: nowText,
    invoice_no: null,
    reject_reason: null,
    kind,
    country: input.country ?? null,
    address: international ? (input.address ?? null) : null,
    locale,
  };
  try {
    await db.transaction().execute(async (trx) => {
      await insertInvoiceRequest(trx, row);
      if (international && invoices) {
        const invoice = await issueFirstInvoice(trx, invoices, row, order, now);
        row.invoice_no = invoice.number;
        await setInvoiceRequestNumber(trx, row.id, invoice.number);
      } else {
        // the support inbox shows a fapiao request as a thread, opened with it
        await openInvoiceThread(
          trx,
          { id: row.id, orderId: order.id, userId, email: row.email, title: row.title, taxId: row.tax_id, amountFen: amount },
          locale,
          now,
        );
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ORDER_INVOICE_OPEN', { cause: error });
    throw error;
  }
  return invoiceOf(row);
}

/** GET /order/invoice/{id}: the caller's order's invoice requests, newest first. */
export async function listOrderInvoices(db: Db, userId: string, orderId: string): Promise<TOrderInvoice[]> {
  const order = await accessibleOrder(db, orderId, { userId });
  return (await listInvoiceRequests(db, order.id)).map(invoiceOf);
}
