import { z } from './zod';
import { ZCustomerRefundState, ZOrderId, ZOrderInfo } from './orders';
import { ZTimeUnit } from './enums';
import { BUSINESS_PHONE_RE, isValidEmail, TAX_ID_RE, V, ZEmail } from './validation';

// Cloud-PC rental. Renting, renewing and refunding run through
// the one order/payment/refund pipeline of the orders module: a cloud-PC SKU has item type
// CLOUD_PC (an addition to the spec's MEMBER, MONITOR, CHANNEL, QUALITY), its fulfilment
// creates or extends a machine. Amounts are integer fen; times are UTC ISO 8601 strings.

/** The CPU tiers on offer: 14 cores / 28 threads up to 52 cores / 104 threads. */
export const ZCloudPcPlanId = z.enum(['STANDARD', 'ADVANCED', 'PROFESSIONAL', 'ULTIMATE']);
export type TCloudPcPlanId = z.infer<typeof ZCloudPcPlanId>;

/** Business constants; the API applies them and the pages state them. */
export const CLOUD_PC_RULES = {
  /** the first cloud-PC order of an account may be refunded this long after payment */
  firstOrderRefundMinutes: 15,
  /** with auto-renew on, the renewal order is created this many days before expiry */
  autoRenewLeadDays: 3,
} as const;

/** One rentable term of a plan (a catalogue SKU of item type CLOUD_PC). */
export const ZCloudPcOffer = z.object({
  skuId: z.string(),
  timeUnit: ZTimeUnit,
  priceFen: z.number().int(),
  originalPriceFen: z.number().int(),
});
export type TCloudPcOffer = z.infer<typeof ZCloudPcOffer>;

/** GET /cloudPc/plans (public): the plans, cheapest first. Texts live in the web's messages. */
export const ZCloudPcPlan = z.object({
  planId: ZCloudPcPlanId,
  cores: z.number().int(),
  threads: z.number().int(),
  memoryGb: z.number().int(),
  storageGb: z.number().int(),
  offers: z.array(ZCloudPcOffer),
});
export type TCloudPcPlan = z.infer<typeof ZCloudPcPlan>;
export const ZCloudPcPlans = z.object({ plans: z.array(ZCloudPcPlan) });
export type TCloudPcPlans = z.infer<typeof ZCloudPcPlans>;

/**
 * A rented machine. RUNNING until expiresAt; RELEASED when the owner cancels or a refund
 * takes it back (at once, no partial refund); EXPIRED when the term ran out unrenewed.
 */
export const ZCloudPcStatus = z.enum(['RUNNING', 'RELEASED', 'EXPIRED']);
export type TCloudPcStatus = z.infer<typeof ZCloudPcStatus>;

/**
 * One order the first-order refund pays back: the rental, and every paid renewal of the
 * machine (the refund returns everything paid for it; see docs/adr/0015-cloud-pc-refunds.md).
 */
export const ZCloudPcRefundItem = z.object({
  orderId: z.string(),
  kind: z.enum(['RENTAL', 'RENEWAL']),
  amountFen: z.number().int(),
});
export type TCloudPcRefundItem = z.infer<typeof ZCloudPcRefundItem>;

/** One refund of an order of the machine (the rental or a renewal). */
export const ZCloudPcRefund = ZCloudPcRefundItem.extend({
  state: ZCustomerRefundState,
  /** when it was asked for */
  requestedAt: z.string(),
  /** when it reached its state (REFUNDED: when the money was confirmed back) */
  updatedAt: z.string(),
});
export type TCloudPcRefund = z.infer<typeof ZCloudPcRefund>;

export const ZCloudPcDevice = z.object({
  id: z.string(),
  /** shown in the device list, e.g. "CPC-7K2M9Q" */
  name: z.string(),
  planId: ZCloudPcPlanId,
  cores: z.number().int(),
  threads: z.number().int(),
  memoryGb: z.number().int(),
  status: ZCloudPcStatus,
  autoRenew: z.boolean(),
  /** the term of the last payment, used for renewals and auto-renew */
  timeUnit: ZTimeUnit,
  createdAt: z.string(),
  expiresAt: z.string(),
  releasedAt: z.string().nullable(),
  /** the order that rented it */
  orderId: z.string(),
  /** set while the first-order refund is still possible (15 minutes after payment) */
  refundableUntil: z.string().nullable(),
  /** while refundable: exactly what the refund pays back, order by order (empty otherwise) */
  refundItems: z.array(ZCloudPcRefundItem),
  /** when the last of its refunds was confirmed back, once every one is REFUNDED; null before (see `refunds`) */
  refundedAt: z.string().nullable(),
  /** the refunds of its orders (rental and renewals), oldest first, each with its state */
  refunds: z.array(ZCloudPcRefund),
  /** an unpaid renewal order, if any (auto-renew or the Renew button) */
  pendingRenewalOrderId: z.string().nullable(),
});
export type TCloudPcDevice = z.infer<typeof ZCloudPcDevice>;

/** GET /cloudPc/devices (logged in): the caller's machines, newest first, released ones too. */
export const ZCloudPcDevices = z.object({ devices: z.array(ZCloudPcDevice) });
export type TCloudPcDevices = z.infer<typeof ZCloudPcDevices>;

export const ZCloudPcDeviceParams = z.object({
  id: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required, abort: true })
    .max(64, { error: V.tooLong, abort: true })
    .regex(/^[0-9A-Za-z]+$/, { error: V.invalidValue }),
});
export type TCloudPcDeviceParams = z.infer<typeof ZCloudPcDeviceParams>;

/**
 * POST /cloudPc/devices/{id}/renew (owner): creates (or returns the open) renewal order of
 * the device; pay it with POST /pay/payV2 like any order. timeUnit defaults to the device's.
 */
export const ZCloudPcRenewRequest = z.object({ timeUnit: ZTimeUnit.optional() }).strict();
export type TCloudPcRenewRequest = z.infer<typeof ZCloudPcRenewRequest>;
export const ZCloudPcRenewResult = z.object({ order: ZOrderInfo });
export type TCloudPcRenewResult = z.infer<typeof ZCloudPcRenewResult>;

/** POST /cloudPc/devices/{id}/autoRenew (owner). */
export const ZCloudPcAutoRenewRequest = z.object({ enabled: z.boolean({ error: V.invalidType }) }).strict();
export type TCloudPcAutoRenewRequest = z.infer<typeof ZCloudPcAutoRenewRequest>;

/** POST /cloudPc/devices/{id}/cancel (owner): released at once; answers the device. */
export const ZCloudPcDeviceResult = z.object({ device: ZCloudPcDevice });
export type TCloudPcDeviceResult = z.infer<typeof ZCloudPcDeviceResult>;

/**
 * POST /cloudPc/devices/{id}/refund (owner): the account's first cloud-PC order, within 15
 * minutes of its payment, is refunded in full once, with every paid renewal of the machine;
 * an unpaid renewal order is cancelled; the machine is released. `order` is the rental.
 */
export const ZCloudPcRefundResult = z.object({ device: ZCloudPcDevice, order: ZOrderInfo });
export type TCloudPcRefundResult = z.infer<typeof ZCloudPcRefundResult>;

function text(max: number, required = true) {
  const base = z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? V.required : V.invalidType) })
    .trim()
    .max(max, { error: V.tooLong, abort: true });
  return required ? base.min(1, { error: V.required, abort: true }) : base;
}

/** POST /cloudPc/provider (public): a provider (seller) signs up to offer machines. */
export const ZCloudPcProviderRequest = z
  .object({
    company: text(100),
    contactName: text(50),
    /** a phone number or an email address (at least one) */
    phone: text(30, false)
      .regex(new RegExp(`^$|${BUSINESS_PHONE_RE.source}`), { error: V.invalidValue })
      .optional(),
    email: text(254, false)
      .refine((value) => value === '' || isValidEmail(value), { error: V.emailInvalid })
      .optional(),
    region: text(100),
    /** e.g. "AMD EPYC 9654, 48 machines" */
    hardware: text(500),
    machineCount: z
      .number({ error: V.invalidType })
      .int({ error: V.invalidValue })
      .min(1, { error: V.invalidValue })
      .max(100000, { error: V.invalidValue }),
    message: text(2000, false).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.phone && !value.email) ctx.addIssue({ code: 'custom', path: ['phone'], message: V.phoneOrEmailRequired });
  })
  .meta({ anyOf: [{ required: ['phone'] }, { required: ['email'] }] });
export type TCloudPcProviderRequest = z.infer<typeof ZCloudPcProviderRequest>;
export const ZCloudPcProviderResult = z.object({ reference: z.string(), receivedAt: z.string() });
export type TCloudPcProviderResult = z.infer<typeof ZCloudPcProviderResult>;

/** Invoice kinds of Chinese VAT invoices: ordinary (普通发票) or special (专用发票). */
export const ZInvoiceKind = z.enum(['NORMAL', 'SPECIAL']);
export type TInvoiceKind = z.infer<typeof ZInvoiceKind>;

/** POST /cloudPc/invoice (logged in): an invoice request for a paid cloud-PC order, passed to the seller. */
export const ZCloudPcInvoiceRequest = z
  .object({
    orderId: ZOrderId,
    kind: ZInvoiceKind,
    /** company or personal name on the invoice */
    title: text(100),
    /** taxpayer id; required for SPECIAL */
    taxId: text(30, false)
      .regex(new RegExp(`^$|${TAX_ID_RE.source}`), { error: V.invalidValue })
      .optional(),
    email: ZEmail,
    note: text(500, false).optional(),
  })
  .strict();
export type TCloudPcInvoiceRequest = z.infer<typeof ZCloudPcInvoiceRequest>;
export const ZCloudPcInvoice = z.object({
  id: z.string(),
  orderId: z.string(),
  kind: ZInvoiceKind,
  title: z.string(),
  amountFen: z.number().int(),
  status: z.enum(['REQUESTED']),
  requestedAt: z.string(),
});
export type TCloudPcInvoice = z.infer<typeof ZCloudPcInvoice>;
/** GET /cloudPc/invoice (logged in): the caller's requests, newest first. */
export const ZCloudPcInvoices = z.object({ invoices: z.array(ZCloudPcInvoice) });
export type TCloudPcInvoices = z.infer<typeof ZCloudPcInvoices>;
