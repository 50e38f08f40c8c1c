import { z } from './zod';
import { ZPaged } from './content';
import { ZOrderId, ZOrderInfo, ZOrderItem, ZOrderStatus, ZPayMethod } from './orders';
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
  page: z.coerce.number({ error: V.invalidValue }).int({ error: V.invalidValue }).min(1, { error: V.invalidValue }).max(100_000, { error: V.invalidValue }).default(1),
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

/** POST /order/invoice: for the caller's paid order; one open request per order. */
export const ZOrderInvoiceRequest = z
  .object({
    orderId: ZOrderId,
    /** company or personal name on the invoice */
    title: text(INVOICE_TITLE_MAX),
    /** taxpayer id (统一社会信用代码), 15–20 letters and digits; may be left empty for a person */
    taxId: z
      .string({ error: V.invalidType })
      .trim()
      .regex(new RegExp(`^$|${TAX_ID_RE.source}`), { error: V.invalidValue })
      .optional(),
    email: ZEmail,
  })
  .strict();
export type TOrderInvoiceRequest = z.infer<typeof ZOrderInvoiceRequest>;

export const ZOrderInvoice = z.object({
  id: z.string(),
  orderId: z.string(),
  state: ZOrderInvoiceState,
  title: z.string(),
  taxId: z.string().nullable(),
  email: z.string(),
  amountFen: z.number().int(),
  requestedAt: z.string(),
  updatedAt: z.string(),
});
export type TOrderInvoice = z.infer<typeof ZOrderInvoice>;

/** GET /order/invoice/{id}: the order's invoice requests, newest first (the first is the current one). */
export const ZOrderInvoiceParams = z.object({ id: ZOrderId });
export const ZOrderInvoices = z.object({ invoices: z.array(ZOrderInvoice) });
export type TOrderInvoices = z.infer<typeof ZOrderInvoices>;
