import {
  type TAdminInvoice,
  type TAdminInvoicesPage,
  type TAdminInvoicesQuery,
  type TAdminIssueInvoiceRequest,
  type TAdminReissueInvoiceRequest,
  checkInvoiceTaxNumber,
  type TOrderInvoiceKind,
  type TAdminOrdersPage,
  type TAdminOrdersQuery,
  type TAdminOrderSummary,
} from '@llk/contracts';
import { toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { decodeCursor, encodeCursor, recordAudit, requireReason, type StaffActor } from '../../infrastructure/http/staff';
import { findUserNames } from '../users';
import { listInvoicesOfRequests, type InvoiceRow } from './invoices.repository';
import { reissueInTransaction, type InvoiceSettings } from './invoices.service';
import {
  closeInvoiceRequest,
  findInvoice,
  findOrder,
  listOrderInvoices,
  searchInvoices,
  searchOrderRows,
  type OrderFilter,
  type InvoiceRequestRow,
  type OrderRow,
} from './orders.repository';

// The back office's orders and invoice requests (ADR 0019): the order list, and invoice requests
// answered, rejected and re-issued, each audited in the transaction that changes it. The page of
// one order, with its payments and refunds, is the payments module's (order-money.admin.service).

export function orderSummaryOf(row: OrderRow & { username?: string | null }): TAdminOrderSummary {
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

function invoiceOf(row: InvoiceRequestRow, documents: readonly InvoiceRow[] = []): TAdminInvoice {
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
      .map((doc) => ({
        id: doc.id,
        number: doc.number,
        state: doc.state === 'REPLACED' ? 'REPLACED' : 'ISSUED',
        issuedAt: doc.issued_at,
        replacedAt: doc.replaced_at,
        reason: doc.reason,
      })),
  };
}

/** An order's invoice requests as its staff page shows them, newest first. */
export async function staffInvoicesOfOrder(db: Db, orderId: string): Promise<TAdminInvoice[]> {
  return invoicesWithDocuments(db, await listOrderInvoices(db, orderId));
}

/** Requests with their international invoices (one query for the lot). */
async function invoicesWithDocuments(db: Db, rows: readonly InvoiceRequestRow[]): Promise<TAdminInvoice[]> {
  const documents = await listInvoicesOfRequests(
    db,
    rows.filter((row) => row.kind === 'INTERNATIONAL').map((row) => row.id),
  );
  return rows.map((row) => invoiceOf(row, documents));
}

/** Orders matching every given filter, newest first, with their customer's username (the lists show names, not ids). */
export async function searchOrders(db: Db, filter: OrderFilter): Promise<(OrderRow & { username: string | null })[]> {
  const rows = await searchOrderRows(db, filter);
  const names = new Map((await findUserNames(db, [...new Set(rows.map((row) => row.user_id))])).map((user) => [user.id, user.username]));
  return rows.map((row) => ({ ...row, username: names.get(row.user_id) ?? null }));
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

export async function listInvoices(db: Db, query: TAdminInvoicesQuery): Promise<TAdminInvoicesPage> {
  const rows = await searchInvoices(db, {
    ...(query.state ? { state: query.state } : {}),
    ...(query.before ? { before: query.before } : {}),
    limit: query.limit + 1,
  });
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

export function issueInvoice(
  db: Db,
  actor: StaffActor,
  id: string,
  request: TAdminIssueInvoiceRequest,
  now = new Date(),
): Promise<TAdminInvoice> {
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
export async function reissueInvoice(
  db: Db,
  settings: InvoiceSettings,
  actor: StaffActor,
  id: string,
  request: TAdminReissueInvoiceRequest,
  now = new Date(),
): Promise<TAdminInvoice> {
  const reason = requireReason(request.reason);
  const taxId = request.taxId ? checkInvoiceTaxNumber(request.country, request.taxId) : null;
  await db.transaction().execute(async (trx) => {
    const before = await findInvoice(trx, id);
    if (!before) throw new AppError('ADMIN_INVOICE_NOT_FOUND');
    const order = await findOrder(trx, before.order_id);
    if (!order) throw new AppError('ADMIN_INVOICE_NOT_FOUND');
    const input = {
      title: request.title,
      address: request.address,
      country: request.country,
      taxId: taxId?.ok ? taxId.value : null,
      reason,
      number: request.number,
    };
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
