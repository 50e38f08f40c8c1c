import type { TCloudPcDevice, TCloudPcInvoiceRequest, TCloudPcProviderRequest, TInvoiceKind } from '@llk/contracts';
import { BUSINESS_PHONE_RE, EMAIL_MAX, EMAIL_RE, TAX_ID_RE, type TValidationKey } from '@llk/contracts/rules';
import type { TProviderForm } from './provider-fields';

// Pure rules of the cloud-PC page (no React, no network): the inline validation of the provider
// sign-up and the invoice request, with the contracts' message keys and limits
// (ZCloudPcProviderRequest, ZCloudPcInvoiceRequest, which the API applies again; rules.test.ts
// checks that what passes here passes there), and which actions a device offers.
// The patterns come from the zod-free `@llk/contracts/rules` (README, JS budget).

export type TFieldErrors = Partial<Record<string, TValidationKey>>;

const MACHINES_MAX = 100_000;

function text(value: string, max: number, required: boolean): TValidationKey | undefined {
  const trimmed = value.trim();
  if (!trimmed) return required ? 'validation.required' : undefined;
  return trimmed.length > max ? 'validation.tooLong' : undefined;
}

/** Optional e-mail (provider: over EMAIL_MAX is tooLong) or required one (invoice, ZEmail: emailInvalid). */
function emailRule(value: string, required: boolean): TValidationKey | undefined {
  const trimmed = value.trim();
  if (!trimmed) return required ? 'validation.emailRequired' : undefined;
  if (trimmed.length > EMAIL_MAX) return required ? 'validation.emailInvalid' : 'validation.tooLong';
  return EMAIL_RE.test(trimmed) ? undefined : 'validation.emailInvalid';
}

function withoutEmpty(errors: Record<string, TValidationKey | undefined>): TFieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, key]) => key !== undefined)) as TFieldErrors;
}

export { EMPTY_PROVIDER_FORM, type TProviderForm } from './provider-fields';

/** Field → message key for the provider sign-up; empty when it can be sent. */
export function validateProvider(form: TProviderForm): TFieldErrors {
  const phone = form.phone.trim();
  const email = form.email.trim();
  const count = form.machineCount.trim();
  const neither = !phone && !email;
  return withoutEmpty({
    company: text(form.company, 100, true),
    contactName: text(form.contactName, 50, true),
    phone: neither
      ? 'validation.phoneOrEmailRequired'
      : phone.length > 30
        ? 'validation.tooLong'
        : phone && !BUSINESS_PHONE_RE.test(phone)
          ? 'validation.invalidValue'
          : undefined,
    email: neither ? undefined : emailRule(email, false),
    region: text(form.region, 100, true),
    hardware: text(form.hardware, 500, true),
    machineCount: !count
      ? 'validation.required'
      : /^\d+$/.test(count) && Number(count) >= 1 && Number(count) <= MACHINES_MAX
        ? undefined
        : 'validation.invalidValue',
    message: text(form.message, 2000, false),
  });
}

/** The request body of a valid form: trimmed, empty optional fields left out. */
export function providerRequest(form: TProviderForm): TCloudPcProviderRequest {
  const optional = (value: string) => (value.trim() ? value.trim() : undefined);
  const body: TCloudPcProviderRequest = {
    company: form.company.trim(),
    contactName: form.contactName.trim(),
    region: form.region.trim(),
    hardware: form.hardware.trim(),
    machineCount: Number(form.machineCount.trim()),
  };
  const phone = optional(form.phone);
  const email = optional(form.email);
  const message = optional(form.message);
  if (phone) body.phone = phone;
  if (email) body.email = email;
  if (message) body.message = message;
  return body;
}

export interface TInvoiceForm {
  kind: TInvoiceKind;
  title: string;
  taxId: string;
  email: string;
  note: string;
}

export const EMPTY_INVOICE_FORM: TInvoiceForm = { kind: 'NORMAL', title: '', taxId: '', email: '', note: '' };

/** Field → message key for an invoice request (the taxpayer id is required for SPECIAL). */
export function validateInvoice(form: TInvoiceForm): TFieldErrors {
  return withoutEmpty({
    title: text(form.title, 100, true),
    taxId:
      text(form.taxId, 30, form.kind === 'SPECIAL') ??
      (form.taxId.trim() && !TAX_ID_RE.test(form.taxId.trim()) ? 'validation.invalidValue' : undefined),
    email: emailRule(form.email, true),
    note: text(form.note, 500, false),
  });
}

export function invoiceRequest(orderId: string, form: TInvoiceForm): TCloudPcInvoiceRequest {
  const body: TCloudPcInvoiceRequest = { orderId, kind: form.kind, title: form.title.trim(), email: form.email.trim() };
  if (form.taxId.trim()) body.taxId = form.taxId.trim();
  if (form.note.trim()) body.note = form.note.trim();
  return body;
}

interface TDeviceActions {
  renew: boolean;
  cancel: boolean;
  autoRenew: boolean;
  refund: boolean;
}

/**
 * What the owner can do with a machine now: a running one can be renewed, cancelled and have
 * auto-renew switched; the refund only while refundableUntil (the first order's 15 minutes
 * after payment, set by the API) is in the future. Released and expired machines offer nothing.
 */
export function deviceActions(device: Pick<TCloudPcDevice, 'status' | 'refundableUntil'>, now: number): TDeviceActions {
  const running = device.status === 'RUNNING';
  const until = device.refundableUntil ? Date.parse(device.refundableUntil) : Number.NaN;
  return { renew: running, cancel: running, autoRenew: running, refund: running && Number.isFinite(until) && until > now };
}

/** Days before expiry from which a machine with auto-renew on shows its renewal as due (CLOUD_PC_RULES.autoRenewLeadDays). */
export const RENEWAL_LEAD_DAYS = 3;

/**
 * Auto-renew on a running machine: from RENEWAL_LEAD_DAYS before expiry the device list says
 * the renewal is due and Renew pays it in one step. Nothing is charged without the payer until
 * recurring-payment agreements exist (ADR 0010); an unpaid machine is released at expiry.
 */
export function renewalDue(device: Pick<TCloudPcDevice, 'status' | 'autoRenew' | 'expiresAt'>, now: number): boolean {
  const expires = Date.parse(device.expiresAt);
  return (
    device.status === 'RUNNING' &&
    device.autoRenew &&
    Number.isFinite(expires) &&
    expires > now &&
    expires - now <= RENEWAL_LEAD_DAYS * 86_400_000
  );
}

/** Milliseconds until the refund window closes (0 when closed or absent), for a re-render timer. */
export function refundTimeLeft(device: Pick<TCloudPcDevice, 'refundableUntil'>, now: number): number {
  const until = device.refundableUntil ? Date.parse(device.refundableUntil) : Number.NaN;
  return Number.isFinite(until) ? Math.max(0, until - now) : 0;
}
