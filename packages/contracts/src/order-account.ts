import { z } from './zod';
import { ZPaged } from './content';
import { ZOrderId, ZOrderInfo, ZOrderItem, ZOrderStatus, ZPayMethod } from './orders';
import {
  INVOICE_ADDRESS_MAX,
  ORDER_INVOICE_KINDS,
  INVOICE_TAX_NUMBER_MAX,
  checkInvoiceTaxNumber,
  invoiceKindOf,
  isInvoiceCountry,
} from './invoice-rules';
import { TAX_ID_RE } from './rules';
import { V, ZEmail } from './validation';

// The account area's orders: the caller's order list, cancelling an unpaid order,
// the receipt of a paid one and an invoice request for it. Amounts are integer fen; times are
// ISO 8601 UTC strings. Every route is for the order's owner only: anyone else's order is
// 20001 ORDER_NOT_FOUND, never "forbidden".

/** GET /order/list: 1-based page, newest first; pageSize 1–50 (default 10). */
export const ORDER_LIST_PAGE_SIZE = 10;
export const ORDER_LIST_PAGE_SIZE_MAX = 50;
export const ZOrderListQuery = z.object({
  page: z.coerce
    .number({ error: V.invalidValue })
    .int({ error: V.invalidValue })
    .min(1, { error: V.invalidValue })
    .max(100_000, { error: V.invalidValue })
    .default(1),
  pageSize: z.coerce
    .number({ error: V.invalidValue })
    .int({ error: V.invalidValue })
    .min(1, { error: V.invalidValue })
    .max(ORDER_LIST_PAGE_SIZE_MAX, { error: V.invalidValue })
    .default(ORDER_LIST_PAGE_SIZE),
});
export type TOrderListQuery = z.infer<typeof ZOrderListQuery>;

/** One line of the order list: what was bought, for how much, how, in which state, when. */
export const ZOrderSummary = z.object({
  id: z.string(),
  status: ZOrderStatus,
  items: z.array(ZOrderItem),
  /** charged, fen */
  totalFen: z.number().int(),
  /** refunded so far, fen */
  refundedFen: z.number().int(),
  /** the method that paid, or of the latest attempt; null when never tried */
  payMethod: ZPayMethod.nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** unpaid orders expire at this time */
  expiresAt: z.string(),
});
export type TOrderSummary = z.infer<typeof ZOrderSummary>;
export const ZOrderList = ZPaged(ZOrderSummary);
export type TOrderList = z.infer<typeof ZOrderList>;

/** POST /order/cancel: the owner cancels an unpaid order (CREATED or PENDING_PAYMENT). */
export const ZOrderCancelRequest = z.object({ orderId: ZOrderId }).strict();
export type TOrderCancelRequest = z.infer<typeof ZOrderCancelRequest>;
export const ZOrderCancelResult = ZOrderInfo;

/** GET /order/receipt/{id}: what a paid order's receipt shows (the web renders and prints it). */
export const ZOrderReceiptParams = z.object({ id: ZOrderId });
export const ZOrderReceipt = z.object({
  orderId: z.string(),
  status: ZOrderStatus,
  /** whom it was sold to: username, else the masked phone or email */
  account: z.string(),
  items: z.array(ZOrderItem),
  currency: z.literal('CNY'),
  totalFen: z.number().int(),
  originalTotalFen: z.number().int(),
  discountFen: z.number().int(),
  refundedFen: z.number().int(),
  payMethod: ZPayMethod,
  /** our payment number and the gateway's transaction number of the payment that paid */
  paymentNo: z.string(),
  gatewayTradeNo: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string(),
});
export type TOrderReceipt = z.infer<typeof ZOrderReceipt>;

/** Invoice request states: REQUESTED (open, being issued), ISSUED (sent), REJECTED (closed; ask again). */
export const ZOrderInvoiceState = z.enum(['REQUESTED', 'ISSUED', 'REJECTED']);
export type TOrderInvoiceState = z.infer<typeof ZOrderInvoiceState>;
export const INVOICE_TITLE_MAX = 100;

function text(max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? V.required : V.invalidType) })
    .trim()
    .min(1, { error: V.required, abort: true })
    .max(max, { error: V.tooLong, abort: true });
}

/**
 * POST /order/invoice: for the caller's paid order; one open request per order. The country
 * decides the kind (invoice-rules.ts, ADR 0030): none or CN is a fapiao (title, taxpayer id of
 * 15–20 letters and digits or empty, email), any other an international invoice (company name,
 * address, country, VAT or tax number checked by the country's format where jsvat knows it).
 */
export const ZOrderInvoiceRequest = z
  .object({
    orderId: ZOrderId,
    /** company or personal name on the invoice */
    title: text(INVOICE_TITLE_MAX),
    /** fapiao: taxpayer id (统一社会信用代码), 15–20 letters and digits, may be empty for a person; international: the VAT or tax number */
    taxId: z.string({ error: V.invalidType }).trim().max(INVOICE_TAX_NUMBER_MAX, { error: V.tooLong }).optional(),
    email: ZEmail,
    /** the buyer's country, ISO 3166-1 alpha-2; none or CN: a fapiao */
    country: z
      .string({ error: V.invalidType })
      .regex(/^[A-Z]{2}$/, { error: V.invalidValue })
      .refine((value) => isInvoiceCountry(value), { error: V.invalidValue })
      .optional(),
    /** the buyer's address (international invoices: required) */
    address: z.string({ error: V.invalidType }).trim().max(INVOICE_ADDRESS_MAX, { error: V.tooLong }).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const taxId = value.taxId ?? '';
    if (invoiceKindOf(value.country) === 'FAPIAO') {
      if (taxId && !TAX_ID_RE.test(taxId)) ctx.addIssue({ code: 'custom', path: ['taxId'], message: V.invalidValue });
      return;
    }
    if (!value.address) ctx.addIssue({ code: 'custom', path: ['address'], message: V.required });
    if (taxId) {
      const checked = checkInvoiceTaxNumber(value.country ?? '', taxId);
      if (!checked.ok) ctx.addIssue({ code: 'custom', path: ['taxId'], message: checked.key });
    }
  });
export type TOrderInvoiceRequest = z.infer<typeof ZOrderInvoiceRequest>;

export const ZOrderInvoiceKind = z.enum(ORDER_INVOICE_KINDS);

export const ZOrderInvoice = z.object({
  id: z.string(),
  orderId: z.string(),
  /** FAPIAO: issued by the finance team (REQUESTED until then); INTERNATIONAL: issued at once (ISSUED) */
  kind: ZOrderInvoiceKind,
  state: ZOrderInvoiceState,
  title: z.string(),
  taxId: z.string().nullable(),
  email: z.string(),
  /** international: the buyer's country and address */
  country: z.string().nullable(),
  address: z.string().nullable(),
  /** the invoice's number once issued (international: LLK-2026-000001; open it at GET /order/invoice/{orderId}/document) */
  invoiceNo: z.string().nullable(),
  amountFen: z.number().int(),
  requestedAt: z.string(),
  updatedAt: z.string(),
});
export type TOrderInvoice = z.infer<typeof ZOrderInvoice>;

/** GET /order/invoice/{id}: the order's invoice requests, newest first (the first is the current one). */
export const ZOrderInvoiceParams = z.object({ id: ZOrderId });
export const ZOrderInvoices = z.object({ invoices: z.array(ZOrderInvoice) });
export type TOrderInvoices = z.infer<typeof ZOrderInvoices>;
