import type { TOrderItem, TOrderStatus } from '@llk/contracts';
import { INVOICE_ADDRESS_MAX, checkInvoiceTaxNumber, invoiceKindOf } from '@llk/contracts/invoice-rules';
import { TAX_ID_RE, isValidEmail } from '@llk/contracts/rules';

// The account area's order rules as the web needs them: paging, which actions an order offers,
// the invoice form's checks (the API's rules: contracts ZOrderInvoiceRequest). Pure and
// browser-safe.

export const ORDERS_PAGE_SIZE = 10;
const MAX_PAGE = 100_000;

/** ?page=… → a page number (1 when absent or not a plain positive number). */
export function parsePage(value: string | string[] | undefined): number {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || !/^[1-9]\d{0,5}$/.test(raw)) return 1;
  return Math.min(Number(raw), MAX_PAGE);
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Unpaid orders, which their owner may pay or cancel. */
export function isUnpaid(status: TOrderStatus): boolean {
  return status === 'CREATED' || status === 'PENDING_PAYMENT';
}

/** Orders whose money was taken: they have a receipt. */
export function hasReceipt(status: TOrderStatus): boolean {
  return ['PAID', 'FULFILLED', 'COMPLETED', 'REFUNDING', 'REFUNDED'].includes(status);
}

/** Paid, not refunded orders, for which an invoice may be requested. */
export function invoiceAllowed(status: TOrderStatus): boolean {
  return ['PAID', 'FULFILLED', 'COMPLETED'].includes(status);
}

/** Screen walls an item grants (units per unit bought × quantity). */
export function wallCount(item: Pick<TOrderItem, 'units' | 'quantity'>): number {
  return item.units * item.quantity;
}

export interface TInvoiceForm {
  /** ISO 3166 alpha-2; CN (or empty) is a fapiao, anything else an international invoice */
  country: string;
  title: string;
  taxId: string;
  /** international invoices only */
  address: string;
  email: string;
}
export type TInvoiceErrors = Partial<
  Record<
    keyof TInvoiceForm,
    | 'titleRequired'
    | 'titleTooLong'
    | 'taxIdFormat'
    | 'vatNumberInvalid'
    | 'taxNumberFormat'
    | 'addressRequired'
    | 'addressTooLong'
    | 'emailRequired'
    | 'emailInvalid'
  >
>;

/** The API's rules (contracts ZOrderInvoiceRequest, invoice-rules.ts): the kind from the country, jsvat for known VAT numbers. */
export function validateInvoiceForm(form: TInvoiceForm): TInvoiceErrors {
  const errors: TInvoiceErrors = {};
  const international = invoiceKindOf(form.country) === 'INTERNATIONAL';
  const title = form.title.trim();
  if (!title) errors.title = 'titleRequired';
  else if (title.length > 100) errors.title = 'titleTooLong';
  const taxId = form.taxId.trim();
  if (taxId && !international && !TAX_ID_RE.test(taxId)) errors.taxId = 'taxIdFormat';
  if (taxId && international) {
    const checked = checkInvoiceTaxNumber(form.country, taxId);
    if (!checked.ok) errors.taxId = checked.key === 'validation.vatNumberInvalid' ? 'vatNumberInvalid' : 'taxNumberFormat';
  }
  if (international) {
    const address = form.address.trim();
    if (!address) errors.address = 'addressRequired';
    else if (address.length > INVOICE_ADDRESS_MAX) errors.address = 'addressTooLong';
  }
  const email = form.email.trim();
  if (!email) errors.email = 'emailRequired';
  else if (!isValidEmail(email)) errors.email = 'emailInvalid';
  return errors;
}

/** A long order number's short form for a phone: its first six and last four ("01JF3K…7Q2M"); short ones whole. */
export function shortOrderId(id: string): string {
  return id.length <= 12 ? id : `${id.slice(0, 6)}…${id.slice(-4)}`;
}
