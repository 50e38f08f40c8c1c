import { z } from './zod';
import { ZOrderItemType, ZTimeUnit } from './enums';
import { ORDER_QUANTITY_MAX } from './order-rules';
import { V } from './validation';

// Schemas and types of the orders and payment calls, shared by web and API (
// DESIGN.md "Money and orders"). Amounts are integer fen (1 yuan = 100 fen) everywhere; the
// client never sends a price: it names what it wants (a SKU, or an item type and time unit)
// and the server looks the price up. Times are UTC ISO 8601 strings.

/**
 * CREATED → PENDING_PAYMENT (a payment attempt was started) → PAID (a verified notification
 * was applied) → FULFILLED (entitlements granted, same transaction as PAID) → COMPLETED
 * (nothing left to do; refundable window over). Also CANCELLED, EXPIRED (unpaid past
 * expiresAt), REFUNDING and REFUNDED.
 */
export const ZOrderStatus = z.enum([
  'CREATED',
  'PENDING_PAYMENT',
  'PAID',
  'FULFILLED',
  'COMPLETED',
  'CANCELLED',
  'EXPIRED',
  'REFUNDING',
  'REFUNDED',
]);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;

// the order constants browser code needs live in the zod-free `@llk/contracts/order-rules`
export { PAID_ORDER_STATUSES, PAYABLE_ORDER_STATUSES } from './order-rules';

/** Payment methods and clients the gateways accept (subsets of the spec's enums). CARD: cards through Stripe Checkout (ADR 0029). */
export const ZPayMethod = z.enum(['ZFB', 'WX', 'CARD']);
export type TPayMethod = z.infer<typeof ZPayMethod>;
/** WEB: a QR code (desktop); H5: the gateway's mobile-web page that opens the wallet app (a phone outside WeChat); JS_API: inside WeChat. */
export const ZPayClient = z.enum(['WEB', 'H5', 'JS_API']);
export type TPayClient = z.infer<typeof ZPayClient>;

export { ORDER_QUANTITY_MAX };

function idString(max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? V.required : V.invalidType) })
    .trim()
    .min(1, { error: V.required, abort: true })
    .max(max, { error: V.tooLong, abort: true });
}

/** Catalogue SKU code, e.g. MEMBER_YEAR (from GET /memberPricing/detail/v2). */
export const ZSkuId = idString(64).regex(/^[A-Z0-9_]+$/, { error: V.invalidValue });
/** Our order id (ULID). */
export const ZOrderId = idString(64).regex(/^[0-9A-Za-z]+$/, { error: V.invalidValue });
/** Id of a desktop-app payment code. */
export const ZQrCodeId = idString(128).regex(/^[0-9A-Za-z_-]+$/, { error: V.invalidValue });

const ZQuantity = z
  .number({ error: V.invalidType })
  .int({ error: V.invalidValue })
  .min(1, { error: V.invalidValue })
  .max(ORDER_QUANTITY_MAX, { error: V.invalidValue });

/**
 * What to buy: either a `skuId`, or an `itemType` with a `timeUnit` (the single active SKU of
 * that type and unit, e.g. MEMBER + YEAR). `quantity` multiplies the SKU (default 1).
 */
const itemSelection = {
  skuId: ZSkuId.optional(),
  itemType: ZOrderItemType.optional(),
  timeUnit: ZTimeUnit.optional(),
  quantity: ZQuantity.optional(),
};
/** requireItem, said in the API document (a refinement does not show there by itself). */
const ITEM_CHOICE = { anyOf: [{ required: ['skuId'] }, { required: ['itemType'] }] };
function requireItem(value: { skuId?: string | undefined; itemType?: unknown; timeUnit?: unknown }, ctx: z.RefinementCtx) {
  if (value.skuId !== undefined) return;
  if (value.itemType === undefined) ctx.addIssue({ code: 'custom', path: ['skuId'], message: V.required });
}

/**
 * POST /order/createV2 (logged in): a web order, typically a membership. Optional header
 * `Idempotency-Key` (1–64 of [A-Za-z0-9_-]): the same key with the same body returns the same
 * order; the same key with a different body is refused (20009).
 */
export const ZCreateOrderRequest = z
  .object({
    ...itemSelection,
    /**
     * MEMBER or CHANNEL only: buy `quantity` seats, each with the SKU's term from payment, to
     * give to other accounts or devices (/seat/assign), instead of extending the buyer's own.
     */
    asSeats: z.boolean({ error: V.invalidType }).optional(),
  })
  .strict()
  .superRefine(requireItem)
  .meta(ITEM_CHOICE);
export type TCreateOrderRequest = z.infer<typeof ZCreateOrderRequest>;

export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_-]{1,64}$/;

/** One line of an order. Prices are per unit; amountFen = priceFen × quantity. */
export const ZOrderItem = z.object({
  itemType: ZOrderItemType,
  skuId: z.string(),
  /** MONTH | YEAR, or null for one-off items (screen walls) */
  timeUnit: ZTimeUnit.nullable(),
  /** time units granted per unit bought (1 month, 1 year) */
  duration: z.number().int(),
  /** units granted per unit bought (screen walls for MONITOR, else 1) */
  units: z.number().int(),
  quantity: z.number().int(),
  /** charged per unit, fen */
  priceFen: z.number().int(),
  /** list price per unit before discount, fen */
  originalPriceFen: z.number().int(),
  /** (originalPriceFen - priceFen) × quantity, fen */
  discountFen: z.number().int(),
  /** priceFen × quantity, fen */
  amountFen: z.number().int(),
});
export type TOrderItem = z.infer<typeof ZOrderItem>;

/** GET /order/info/{id} and the answer of every call that creates an order. */
/**
 * Where a refund stands, as the customer is told (ADR 0015, "Refund states and the staff
 * queue"): asked for, at the gateway, confirmed back, or refused (support is on it). Never
 * REFUNDED before the gateway (or staff who paid it back) confirmed it.
 */
export const ZCustomerRefundState = z.enum(['REQUESTED', 'PENDING', 'REFUNDED', 'REFUSED']);
export type TCustomerRefundState = z.infer<typeof ZCustomerRefundState>;

/** One refund of an order, as its owner sees it. */
export const ZOrderRefund = z.object({
  amountFen: z.number().int(),
  state: ZCustomerRefundState,
  /** when it was asked for */
  requestedAt: z.string(),
  /** when it reached its state (REFUNDED: when the money was confirmed back) */
  updatedAt: z.string(),
});
export type TOrderRefund = z.infer<typeof ZOrderRefund>;

export const ZOrderInfo = z.object({
  id: z.string(),
  status: ZOrderStatus,
  items: z.array(ZOrderItem),
  currency: z.literal('CNY'),
  /** what is charged, fen */
  totalFen: z.number().int(),
  /** sum of list prices, fen */
  originalTotalFen: z.number().int(),
  /** originalTotalFen - totalFen, fen */
  discountFen: z.number().int(),
  /** how the order was made: WEB (createV2) or QR_CODE (desktop-app code) */
  source: z.enum(['WEB', 'QR_CODE']),
  createdAt: z.string(),
  /** unpaid orders expire at this time */
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  fulfilledAt: z.string().nullable(),
  /** method and client of the payment that paid the order, or of the latest attempt */
  payMethod: ZPayMethod.nullable(),
  payClient: ZPayClient.nullable(),
  /** refunded so far, fen */
  refundedFen: z.number().int(),
  /** the order's refunds with where each stands, oldest first (GET /order/{id} for its owner, when it has any) */
  refunds: z.array(ZOrderRefund).optional(),
});
export type TOrderInfo = z.infer<typeof ZOrderInfo>;

/**
 * POST /order/quote: what POST /order/createV2 with the same body would charge, before the
 * customer commits. The same catalogue lookup and arithmetic as the order.
 */
export const ZOrderQuoteRequest = ZCreateOrderRequest;
export type TOrderQuoteRequest = TCreateOrderRequest;

export const ZOrderQuote = z.object({
  items: z.array(ZOrderItem),
  currency: z.literal('CNY'),
  /** what the order would charge, fen */
  totalFen: z.number().int(),
  /** sum of list prices, fen */
  originalTotalFen: z.number().int(),
  /** originalTotalFen - totalFen, fen */
  discountFen: z.number().int(),
});
export type TOrderQuote = z.infer<typeof ZOrderQuote>;

export const ZOrderInfoParams = z.object({ id: ZOrderId });
export type TOrderInfoParams = z.infer<typeof ZOrderInfoParams>;

/**
 * GET /order/info/{id}: the owner (Authorization) sees the order; so does whoever holds the
 * order's `payToken` from POST /order/createOrderByCodeId (the /pay page on a phone). Anyone
 * else gets 20001 (not found), never "forbidden".
 */
export const ZOrderInfoQuery = z.object({ payToken: idString(128).optional() });
export type TOrderInfoQuery = z.infer<typeof ZOrderInfoQuery>;

// ---- Desktop-app payment codes -------------------------------------------------------------

/** POST /order/createQRCodeId (logged in, desktop app): a single-use code for one item. */
export const ZCreateQrCodeRequest = z
  .object({ ...itemSelection })
  .strict()
  .superRefine(requireItem)
  .meta(ITEM_CHOICE);
export type TCreateQrCodeRequest = z.infer<typeof ZCreateQrCodeRequest>;

export const ZQrCodeResult = z.object({
  qrCodeId: z.string(),
  expiresAt: z.string(),
  /** web path to encode: /pay?qrCodeId=… */
  path: z.string(),
  /** the same as an absolute URL on the web origin */
  url: z.string(),
});
export type TQrCodeResult = z.infer<typeof ZQrCodeResult>;

/** POST /order/createOrderByCodeId?qrCodeId=… (no login): turns a code into an order, once. */
export const ZCreateOrderByCodeQuery = z.object({ qrCodeId: ZQrCodeId });
export type TCreateOrderByCodeQuery = z.infer<typeof ZCreateOrderByCodeQuery>;

export const ZCodeOrderResult = z.object({
  order: ZOrderInfo,
  /** lets this caller (not logged in) pay the order and read its status */
  payToken: z.string(),
  /** whom the order is for: username, or the masked phone/email */
  account: z.string(),
  nickname: z.string(),
  /** the first (only) item, for the page's summary */
  item: ZOrderItem,
  /** total discount, fen */
  discountFen: z.number().int(),
});
export type TCodeOrderResult = z.infer<typeof ZCodeOrderResult>;

// ---- Payment -------------------------------------------------------------------------------

/**
 * POST /pay/payV2: starts a payment attempt for an order in CREATED or PENDING_PAYMENT.
 * Allowed for the order's owner (Authorization) or with the order's payToken. JS_API (inside
 * WeChat) is WX only and needs the payer's openid from GET /wxMp/openId.
 */
/** GET /pay/methods: the methods this server offers (CARD only when cards are switched on, ADR 0029). */
export const ZPayMethods = z.object({ methods: z.array(ZPayMethod) });
export type TPayMethods = z.infer<typeof ZPayMethods>;

export const ZPayRequest = z
  .object({
    orderId: ZOrderId,
    payMethod: ZPayMethod,
    payClient: ZPayClient.default('WEB'),
    openid: idString(128).optional(),
    payToken: idString(128).optional(),
    /** H5: the page of our site the gateway sends the payer back to (a path: /zh-CN/order?…) */
    returnPath: z
      .string({ error: V.invalidType })
      .max(512, { error: V.tooLong })
      .regex(/^\/(?![/\\])[\x21-\x7e]*$/, { error: V.invalidValue })
      .optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    // Stripe Checkout sends the payer back on every client (ADR 0029)
    if ((value.payClient === 'H5' || value.payMethod === 'CARD') && value.returnPath === undefined)
      ctx.addIssue({ code: 'custom', path: ['returnPath'], message: V.required });
    if (value.payClient === 'JS_API') {
      if (value.payMethod !== 'WX') ctx.addIssue({ code: 'custom', path: ['payClient'], message: V.invalidValue });
      if (value.openid === undefined) ctx.addIssue({ code: 'custom', path: ['openid'], message: V.required });
    }
  });
export type TPayRequest = z.input<typeof ZPayRequest>;

const payResultBase = {
  orderId: z.string(),
  /** our id of this payment attempt */
  paymentNo: z.string(),
  amountFen: z.number().int(),
  /** the gateway refuses payment after this time */
  expiresAt: z.string(),
};

export const ZPayResult = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('qr'),
    ...payResultBase,
    /** text to show as a QR code (Alipay qr_code, WeChat code_url, or the sandbox confirm page) */
    codeUrl: z.string(),
    /** true when the built-in sandbox gateway serves this payment: codeUrl opens its confirm page */
    sandbox: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('redirect'),
    ...payResultBase,
    /** H5: open this address in the same tab (Alipay's WAP cashier, WeChat Pay's H5 page, or the sandbox confirm page); it sends the payer back to returnPath */
    url: z.string(),
    sandbox: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('jsapi'),
    ...payResultBase,
    /** parameters for WeixinJSBridge getBrandWCPayRequest */
    params: z.record(z.string(), z.string()),
  }),
]);
export type TPayResult = z.infer<typeof ZPayResult>;
