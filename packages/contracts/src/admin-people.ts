import { z } from './zod';
import { ZOrderItemType } from './enums';
import { INVOICE_ADDRESS_MAX, INVOICE_TAX_NUMBER_MAX, checkInvoiceTaxNumber, isInvoiceCountry } from './invoice-rules';
import { INVOICE_TITLE_MAX, ZOrderInvoiceKind, ZOrderInvoiceState } from './order-account';
import { ZOrderStatus } from './orders';
import { PHONE_COUNTRIES } from './phone-countries';
import { V } from './rules';

// The back office's users, orders, refunds and invoice requests (ADR 0019, step 2). Lists are
// keyset pages: a page's `next` is the `before` of the following one. Times are UTC ISO text,
// money integer fen.

/** Keyset cursor of the users and orders lists: the last row's created_at and id. */
export const ADMIN_PAGE_CURSOR_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9A-Za-z]{1,64}$/;

const printable = (value: string) => [...value].every((char) => char >= ' ' && char !== '\u007f');
export const ZAdminText = (min: number, max: number) =>
  z.string().trim().min(min).max(max, { error: V.tooLong }).refine(printable, { error: V.invalidValue });
export const ZAdminId = z.string().regex(/^[0-9A-Za-z]{1,64}$/, { error: V.invalidValue });
const ZCursor = z.string().regex(ADMIN_PAGE_CURSOR_RE, { error: V.invalidValue });
const ZLimit = z.coerce.number().int().min(1).max(100).default(50);
const ZIsoTime = z.iso.datetime({ offset: false, error: V.invalidValue });

/** The reason every mutating back-office action requires (recorded in the audit log). */
export const ZAdminReason = ZAdminText(1, 500).meta({ description: 'why (required; recorded in the audit log)' });

export const ZAdminIdParams = z.object({ id: ZAdminId });
export const ZAdminSessionParams = z.object({ id: ZAdminId, sessionId: ZAdminId });

// ---- Users ---------------------------------------------------------------------------------

export const ZAdminUsersQuery = z
  .object({
    /** exact id, or a prefix of the username, phone or email */
    q: ZAdminText(1, 100).optional(),
    /** the country a phone typed without its calling code is read in (ISO 3166-1 alpha-2, one of PHONE_COUNTRIES); CN when absent */
    region: z
      .enum(PHONE_COUNTRIES.map((country) => country.region) as [string, ...string[]], { error: V.invalidValue })
      .optional()
      .meta({ description: 'the country a phone number typed without its calling code is read in (ISO 3166-1 alpha-2); CN when absent' }),
    before: ZCursor.optional(),
    limit: ZLimit,
  })
  .strict();
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

export const ZAdminUserSummary = z.object({
  id: z.string(),
  username: z.string().nullable(),
  nickname: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  memberPlan: z.string(),
  memberExpiresAt: z.string().nullable(),
  lockedAt: z.string().nullable(),
  erasedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminUserSummary = z.infer<typeof ZAdminUserSummary>;

/** Users one search reads per field (username, phone, email) before it answers `capped`. */
export const ADMIN_USER_SEARCH_CANDIDATES = 200;

export const ZAdminUsersPage = z.object({
  items: z.array(ZAdminUserSummary),
  next: ZCursor.nullable(),
  /** a prefix matched more users than one search reads (200 per field): older matches may be missing; search with more characters */
  capped: z.boolean(),
});
export type TAdminUsersPage = z.infer<typeof ZAdminUsersPage>;

export const ZAdminUserProfile = ZAdminUserSummary.extend({
  monitorCount: z.number().int(),
  qualityTier: z.string(),
  qualityExpiresAt: z.string().nullable(),
  channelEnabled: z.boolean(),
  channelExpiresAt: z.string().nullable(),
  cancelRequestedAt: z.string().nullable(),
  eraseAt: z.string().nullable(),
  /** two-step verification (TOTP) is on */
  twoStep: z.boolean(),
});
export type TAdminUserProfile = z.infer<typeof ZAdminUserProfile>;

export const ZAdminOrderSummary = z.object({
  id: z.string(),
  userId: z.string(),
  /** the customer's username (null: the account is gone or has none), what staff read in lists */
  username: z.string().nullable(),
  status: z.string(),
  subject: z.string(),
  totalFen: z.number().int(),
  refundedFen: z.number().int(),
  payMethod: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type TAdminOrderSummary = z.infer<typeof ZAdminOrderSummary>;

export const ZAdminUserDetail = z.object({
  profile: ZAdminUserProfile,
  /** the newest orders (up to 20; the orders list filters by user for more) */
  orders: z.array(ZAdminOrderSummary),
  /** open sessions, newest first */
  sessions: z.array(
    z.object({
      id: z.string(),
      loginType: z.string(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  /** owned devices, newest first (up to 50) */
  devices: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      clientType: z.string(),
      appVersion: z.string().nullable(),
      lastSeenAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  referral: z.object({
    /** who referred this user, when bound at sign-up */
    referredBy: z.object({ ambassadorUserId: z.string(), referralCode: z.string(), boundAt: z.string(), expiresAt: z.string() }).nullable(),
    /** this user as an ambassador */
    ambassador: z.object({ referralCode: z.string(), joinedAt: z.string(), referredCount: z.number().int() }).nullable(),
  }),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

export const ZAdminGrantDaysRequest = z.object({ days: z.number().int().min(1).max(3660), reason: ZAdminReason }).strict();
export type TAdminGrantDaysRequest = z.infer<typeof ZAdminGrantDaysRequest>;
export const ZAdminGrantWallsRequest = z.object({ walls: z.number().int().min(1).max(100), reason: ZAdminReason }).strict();
export type TAdminGrantWallsRequest = z.infer<typeof ZAdminGrantWallsRequest>;
export const ZAdminRequiredReasonRequest = z.object({ reason: ZAdminReason }).strict();
export type TAdminRequiredReasonRequest = z.infer<typeof ZAdminRequiredReasonRequest>;
export const ZAdminResetTwoStepRequest = z
  .object({
    reason: ZAdminReason,
    /** how the customer's identity was checked (required; recorded in the audit log) */
    identityCheck: ZAdminText(1, 500),
  })
  .strict();
export type TAdminResetTwoStepRequest = z.infer<typeof ZAdminResetTwoStepRequest>;

// ---- Orders --------------------------------------------------------------------------------

export const ZAdminOrdersQuery = z
  .object({
    /** an order number (exact) */
    q: ZAdminId.optional(),
    userId: ZAdminId.optional(),
    status: ZOrderStatus.optional(),
    itemType: ZOrderItemType.optional(),
    /** created at or after (UTC ISO) */
    from: ZIsoTime.optional(),
    /** created before (UTC ISO) */
    to: ZIsoTime.optional(),
    before: ZCursor.optional(),
    limit: ZLimit,
  })
  .strict();
export type TAdminOrdersQuery = z.infer<typeof ZAdminOrdersQuery>;

export const ZAdminOrdersPage = z.object({ items: z.array(ZAdminOrderSummary), next: ZCursor.nullable() });
export type TAdminOrdersPage = z.infer<typeof ZAdminOrdersPage>;

export const ZAdminRefund = z.object({
  id: z.string(),
  refundNo: z.string(),
  paymentId: z.string(),
  amountFen: z.number().int(),
  reason: z.string(),
  state: z.string(),
  attempts: z.number().int(),
  lastOutcome: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TAdminRefund = z.infer<typeof ZAdminRefund>;

export const ZAdminInvoice = z.object({
  id: z.string(),
  orderId: z.string(),
  userId: z.string(),
  state: ZOrderInvoiceState,
  title: z.string(),
  taxId: z.string().nullable(),
  email: z.string(),
  amountFen: z.number().int(),
  invoiceNo: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** FAPIAO: finance issues or rejects it; INTERNATIONAL: issued by the product, re-issued here (ADR 0030) */
  kind: ZOrderInvoiceKind,
  country: z.string().nullable(),
  address: z.string().nullable(),
  /** the language the customer asked in (the invoice is written in it) */
  locale: z.string().nullable(),
  /** international: every invoice issued for the request, newest first (the first ISSUED one is current) */
  documents: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      state: z.enum(['ISSUED', 'REPLACED']),
      issuedAt: z.string(),
      replacedAt: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
});
export type TAdminInvoice = z.infer<typeof ZAdminInvoice>;

/** Who asked a gateway about a payment: the reconciliation job, the orders sweep, or staff. */
export const ADMIN_GATEWAY_QUERY_SOURCES = ['RECONCILE', 'SWEEP', 'STAFF'] as const;
export type TAdminGatewayQuerySource = (typeof ADMIN_GATEWAY_QUERY_SOURCES)[number];

export const ZAdminOrderDetail = z.object({
  order: ZAdminOrderSummary.extend({
    originalTotalFen: z.number().int(),
    source: z.string(),
    expiresAt: z.string(),
    fulfilledAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    closedAt: z.string().nullable(),
  }),
  user: z.object({ id: z.string(), username: z.string().nullable() }).nullable(),
  items: z.array(
    z.object({
      id: z.string(),
      itemType: z.string(),
      skuId: z.string(),
      quantity: z.number().int(),
      asSeats: z.boolean(),
      amountFen: z.number().int(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      paymentNo: z.string(),
      method: z.string(),
      client: z.string(),
      amountFen: z.number().int(),
      state: z.string(),
      gatewayTradeNo: z.string().nullable(),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
  /** the verified notifications the gateways sent about these attempts, as received */
  notifications: z.array(
    z.object({
      id: z.string(),
      method: z.string(),
      paymentNo: z.string(),
      gatewayTradeNo: z.string(),
      amountFen: z.number().int(),
      success: z.boolean(),
      outcome: z.string(),
      receivedAt: z.string(),
    }),
  ),
  /** what the reconciliation job, the sweep and staff asked the gateways about these attempts, newest first (the latest 50) */
  gatewayQueries: z.array(
    z.object({
      id: z.string(),
      method: z.string(),
      paymentNo: z.string(),
      source: z.enum(ADMIN_GATEWAY_QUERY_SOURCES),
      /** the staff member who asked (source STAFF) */
      staffUsername: z.string().nullable(),
      /** ERROR when the gateway did not answer */
      state: z.enum(['PAID', 'PENDING', 'CLOSED', 'NOT_FOUND', 'ERROR']),
      amountFen: z.number().int().nullable(),
      gatewayTradeNo: z.string().nullable(),
      error: z.string().nullable(),
      askedAt: z.string(),
    }),
  ),
  refunds: z.array(ZAdminRefund),
  invoices: z.array(ZAdminInvoice),
});
export type TAdminOrderDetail = z.infer<typeof ZAdminOrderDetail>;

/** A key the refund dialog makes when it opens: the same key refunds at most once. */
export const ADMIN_REQUEST_KEY_RE = /^[A-Za-z0-9_-]{16,64}$/;

export const ZAdminRefundRequest = z
  .object({
    /** default: everything not refunded yet */
    amountFen: z.number().int().min(1).max(100_000_000).optional(),
    reason: ZAdminReason,
    requestKey: z.string().regex(ADMIN_REQUEST_KEY_RE, { error: V.invalidValue }),
  })
  .strict();
export type TAdminRefundRequest = z.infer<typeof ZAdminRefundRequest>;

export const ZAdminGatewayQueryResult = z.object({
  /** open payment attempts asked */
  asked: z.number().int(),
  /** of them, found paid and applied now */
  applied: z.number().int(),
  status: z.string(),
});
export type TAdminGatewayQueryResult = z.infer<typeof ZAdminGatewayQueryResult>;

// ---- Invoice requests ----------------------------------------------------------------------

export const ZAdminInvoicesQuery = z
  .object({
    state: ZOrderInvoiceState.optional(),
    /** the last id of the previous page */
    before: ZAdminId.optional(),
    limit: ZLimit,
  })
  .strict();
export type TAdminInvoicesQuery = z.infer<typeof ZAdminInvoicesQuery>;

export const ZAdminInvoicesPage = z.object({ items: z.array(ZAdminInvoice), next: z.string().nullable() });
export type TAdminInvoicesPage = z.infer<typeof ZAdminInvoicesPage>;

export const ZAdminIssueInvoiceRequest = z.object({ invoiceNo: ZAdminText(1, 64), reason: ZAdminReason.optional() }).strict();
export type TAdminIssueInvoiceRequest = z.infer<typeof ZAdminIssueInvoiceRequest>;

/**
 * POST /admin/invoices/{id}/reissue: an issued international invoice again with corrected buyer
 * details: a new number, the old invoice marked REPLACED (ADR 0030). The country stays outside
 * mainland China (a fapiao is the finance team's); the tax number is checked as the customer's is.
 */
export const ZAdminReissueInvoiceRequest = z
  .object({
    title: ZAdminText(1, INVOICE_TITLE_MAX),
    address: z.string().trim().min(1, { error: V.required }).max(INVOICE_ADDRESS_MAX, { error: V.tooLong }),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, { error: V.invalidValue })
      .refine((value) => isInvoiceCountry(value) && value !== 'CN', { error: V.invalidValue }),
    taxId: z.string().trim().max(INVOICE_TAX_NUMBER_MAX, { error: V.tooLong }).optional(),
    /** the number being replaced, as staff saw it: a second click (or a colleague's re-issue) finds it replaced already and is refused */
    number: z.string().regex(/^[A-Z]{2,8}-\d{4}-\d{6,}$/, { error: V.invalidValue }),
    reason: ZAdminReason,
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.taxId) return;
    const checked = checkInvoiceTaxNumber(value.country, value.taxId);
    if (!checked.ok) ctx.addIssue({ code: 'custom', path: ['taxId'], message: checked.key });
  });
export type TAdminReissueInvoiceRequest = z.infer<typeof ZAdminReissueInvoiceRequest>;
