import { type TOrderItem } from '@llk/contracts';
import { isUniqueViolation, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { type InvoicesConfig } from '../../composition/config';
import { AppError } from '../../infrastructure/http/app-error';
import { invoiceLocale, renderInvoiceDocument, type InvoiceSellerSnapshot } from './invoice-document';
import {
  findCurrentInvoice,
  findCurrentInvoiceOfOrder,
  findInvoiceById,
  findInvoiceByNumber,
  findReplacedBy,
  insertInvoice,
  replaceCurrentInvoice,
  takeInvoiceNumber,
  updateRequestBuyer,
  type InvoiceRow,
} from './invoices.repository';
import { findOrderItems, type InvoiceRequestRow, type OrderRow } from './orders.repository';
import { orderItemOf } from './orders.service';

// International invoices (ADR 0030): issued by the product in the transaction that records the
// request, numbered gaplessly per year (Beijing time: the seller's books), re-issued by staff
// with corrected buyer details under a new number (the old one REPLACED, never deleted or
// renumbered), rendered as one printable HTML page in the customer's language.

/** What the invoicing needs from the configuration (config.invoices). */
export type InvoiceSettings = InvoicesConfig;

/** The year of a moment on the seller's calendar (Asia/Shanghai, UTC+8 all year). */
export function invoiceYear(now: Date): string {
  return String(new Date(now.getTime() + 8 * 3_600_000).getUTCFullYear());
}

export function formatInvoiceNumber(prefix: string, year: string, n: number): string {
  return `${prefix}-${year}-${String(n).padStart(6, '0')}`;
}

/** Refuses an international invoice when production has no seller configured (20210). */
export function requireSeller(settings: InvoiceSettings): InvoiceSellerSnapshot {
  const seller = settings.seller;
  if (!seller) throw new AppError('ORDER_INVOICE_UNAVAILABLE');
  return { name: seller.name, address: seller.address, taxId: seller.taxId, email: seller.email ?? null, sample: seller.sample };
}

interface Buyer {
  name: string;
  address: string;
  country: string;
  taxId: string | null;
  email: string;
}

/**
 * Numbers and inserts the current invoice of a request, in the caller's transaction (which must
 * also hold whatever makes the request one of a kind: the request's insert, or the replacement
 * of its current invoice). Returns the new row.
 */
async function issueInTransaction(
  trx: Db,
  settings: InvoiceSettings,
  request: InvoiceRequestRow,
  order: OrderRow,
  buyer: Buyer,
  options: { now: Date; reason: string | null; id?: string },
): Promise<InvoiceRow> {
  const seller = requireSeller(settings);
  const items = (await findOrderItems(trx, order.id)).map(orderItemOf);
  const year = invoiceYear(options.now);
  const number = formatInvoiceNumber(settings.numberPrefix, year, await takeInvoiceNumber(trx, year));
  const nowText = toDbDate(options.now);
  const row: InvoiceRow = {
    id: options.id ?? newId(options.now.getTime()),
    number,
    request_id: request.id,
    order_id: order.id,
    user_id: request.user_id,
    current_request_id: request.id,
    state: 'ISSUED',
    replaced_by: null,
    buyer_name: buyer.name,
    buyer_address: buyer.address,
    buyer_country: buyer.country,
    buyer_tax_id: buyer.taxId,
    buyer_email: buyer.email,
    seller: JSON.stringify(seller),
    lines: JSON.stringify(items),
    total_fen: Number(request.amount_fen),
    pay_method: order.pay_method ?? '',
    paid_at: order.paid_at ?? nowText,
    locale: invoiceLocale(request.locale ?? 'en'),
    reason: options.reason,
    issued_at: nowText,
    replaced_at: null,
  };
  await insertInvoice(trx, row);
  return row;
}

/** The first invoice of a new international request (POST /order/invoice), in its transaction. */
export function issueFirstInvoice(
  trx: Db,
  settings: InvoiceSettings,
  request: InvoiceRequestRow,
  order: OrderRow,
  now: Date,
): Promise<InvoiceRow> {
  return issueInTransaction(
    trx,
    settings,
    request,
    order,
    { name: request.title, address: request.address ?? '', country: request.country ?? '', taxId: request.tax_id, email: request.email },
    { now, reason: null },
  );
}

export interface ReissueInput {
  title: string;
  address: string;
  country: string;
  /** canonical (checkInvoiceTaxNumber) or null */
  taxId: string | null;
  reason: string;
  /** the number staff saw as current: anything else is refused (80140) */
  number: string;
}

/**
 * A new invoice for an issued international request with corrected buyer details: the current
 * one is REPLACED (conditional: of concurrent re-issues exactly one wins, the others are
 * refused with 80140), a new number is taken, the request shows the new details and number.
 * Runs in the caller's transaction (the back office adds its audit record there).
 */
export async function reissueInTransaction(
  trx: Db,
  settings: InvoiceSettings,
  request: InvoiceRequestRow,
  order: OrderRow,
  input: ReissueInput,
  now: Date,
): Promise<{ previous: InvoiceRow; current: InvoiceRow }> {
  if (request.kind !== 'INTERNATIONAL' || request.state !== 'ISSUED') throw new AppError('ADMIN_INVOICE_NOT_REISSUABLE');
  const previous = await findCurrentInvoice(trx, request.id);
  if (!previous || previous.number !== input.number) throw new AppError('ADMIN_INVOICE_NOT_REISSUABLE');
  const id = newId(now.getTime());
  if (!(await replaceCurrentInvoice(trx, previous.id, id, toDbDate(now)))) throw new AppError('ADMIN_INVOICE_NOT_REISSUABLE');
  let current: InvoiceRow;
  try {
    current = await issueInTransaction(
      trx,
      settings,
      request,
      order,
      { name: input.title, address: input.address, country: input.country, taxId: input.taxId, email: request.email },
      { now, reason: input.reason, id },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ADMIN_INVOICE_NOT_REISSUABLE', { cause: error });
    throw error;
  }
  await updateRequestBuyer(trx, request.id, {
    title: input.title,
    address: input.address,
    country: input.country,
    tax_id: input.taxId,
    invoice_no: current.number,
    updated_at: toDbDate(now),
  });
  return { previous, current };
}

/** The page of one invoice, with what it replaced and what replaced it. */
export async function renderInvoice(db: Db, row: InvoiceRow): Promise<string> {
  const [replaced, replacement] = await Promise.all([
    findReplacedBy(db, row.id),
    row.replaced_by ? findInvoiceById(db, row.replaced_by) : undefined,
  ]);
  return renderInvoiceDocument({
    number: row.number,
    state: row.state === 'REPLACED' ? 'REPLACED' : 'ISSUED',
    locale: row.locale,
    issuedAt: row.issued_at,
    orderId: row.order_id,
    paidAt: row.paid_at,
    payMethod: row.pay_method,
    seller: JSON.parse(row.seller) as InvoiceSellerSnapshot,
    buyer: {
      name: row.buyer_name,
      address: row.buyer_address,
      country: row.buyer_country,
      taxId: row.buyer_tax_id,
      email: row.buyer_email,
    },
    lines: JSON.parse(row.lines) as TOrderItem[],
    totalFen: Number(row.total_fen),
    replaces: replaced?.number ?? null,
    replacedBy: replacement && row.replaced_at ? { number: replacement.number, at: row.replaced_at } : null,
  });
}

/** GET /order/invoice/{orderId}/document: the owner's current invoice of the order (20211 when none). */
export async function ownerInvoicePage(db: Db, order: OrderRow): Promise<string> {
  const row = await findCurrentInvoiceOfOrder(db, order.id);
  if (!row) throw new AppError('ORDER_INVOICE_NOT_ISSUED');
  return renderInvoice(db, row);
}

/** The back office's page of a request's invoice: the current one, or the one with this number. */
export async function staffInvoicePage(db: Db, requestId: string, number: string | undefined): Promise<string> {
  const row = number ? await findInvoiceByNumber(db, requestId, number) : await findCurrentInvoice(db, requestId);
  if (!row) throw new AppError('ORDER_INVOICE_NOT_ISSUED');
  return renderInvoice(db, row);
}
