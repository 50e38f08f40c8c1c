import { CLOUD_PC_RULES, ZCloudPcInvoiceRequest, ZCloudPcProviderRequest } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_INVOICE_FORM,
  EMPTY_PROVIDER_FORM,
  deviceActions,
  invoiceRequest,
  renewalDue,
  RENEWAL_LEAD_DAYS,
  providerRequest,
  refundTimeLeft,
  validateInvoice,
  validateProvider,
  type TInvoiceForm,
  type TProviderForm,
} from './rules';

const provider: TProviderForm = {
  company: ' Hangzhou Compute Co., Ltd. ',
  contactName: 'Li Wei',
  phone: '0571-8888 6666',
  email: '',
  region: 'Zhejiang, Hangzhou',
  hardware: 'AMD EPYC 9654, 48 machines',
  machineCount: '48',
  message: '',
};

/** The schema's first message per field (what the API would answer). */
function schemaIssues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('provider sign-up rules', () => {
  it('accepts a complete form and builds a body the contracts accept', () => {
    expect(validateProvider(provider)).toEqual({});
    const body = providerRequest(provider);
    expect(body).toEqual({
      company: 'Hangzhou Compute Co., Ltd.',
      contactName: 'Li Wei',
      phone: '0571-8888 6666',
      region: 'Zhejiang, Hangzhou',
      hardware: 'AMD EPYC 9654, 48 machines',
      machineCount: 48,
    });
    expect(ZCloudPcProviderRequest.safeParse(body).success).toBe(true);
  });

  it('asks for the required fields with the schema’s keys', () => {
    const errors = validateProvider(EMPTY_PROVIDER_FORM);
    expect(errors).toEqual({
      company: 'validation.required',
      contactName: 'validation.required',
      phone: 'validation.phoneOrEmailRequired',
      region: 'validation.required',
      hardware: 'validation.required',
      machineCount: 'validation.required',
    });
    const schema = schemaIssues(
      ZCloudPcProviderRequest.safeParse({ company: '', contactName: '', region: '', hardware: '', machineCount: 1 }),
    );
    for (const field of ['company', 'contactName', 'region', 'hardware']) expect(errors[field]).toBe(schema[field]);
  });

  it('checks phone, email, machine count and lengths like the schema', () => {
    expect(validateProvider({ ...provider, phone: '', email: 'ops@compute.example.cn' })).toEqual({});
    expect(validateProvider({ ...provider, phone: '', email: 'ops@' }).email).toBe('validation.emailInvalid');
    expect(validateProvider({ ...provider, phone: 'call me' }).phone).toBe('validation.invalidValue');
    expect(schemaIssues(ZCloudPcProviderRequest.safeParse({ ...providerRequest(provider), phone: 'call me' })).phone).toBe(
      'validation.invalidValue',
    );
    expect(schemaIssues(ZCloudPcProviderRequest.safeParse({ ...providerRequest(provider), phone: undefined })).phone).toBe(
      'validation.phoneOrEmailRequired',
    );
    for (const phone of ['12345', '+', '13800138000x']) {
      expect(validateProvider({ ...provider, phone }).phone).toBe('validation.invalidValue');
      expect(ZCloudPcProviderRequest.safeParse({ ...providerRequest(provider), phone }).success).toBe(false);
    }
    expect(validateProvider({ ...provider, phone: '+86 138 0013 8000' })).toEqual({});
    for (const count of ['0', '-1', '1.5', 'ten', '100001'])
      expect(validateProvider({ ...provider, machineCount: count }).machineCount).toBe('validation.invalidValue');
    expect(validateProvider({ ...provider, machineCount: '100000' })).toEqual({});
    const long = {
      ...provider,
      company: 'x'.repeat(101),
      contactName: 'x'.repeat(51),
      hardware: 'x'.repeat(501),
      message: 'x'.repeat(2001),
    };
    const errors = validateProvider(long);
    const schema = schemaIssues(ZCloudPcProviderRequest.safeParse({ ...providerRequest(long), message: long.message }));
    for (const field of ['company', 'contactName', 'hardware', 'message']) {
      expect(errors[field]).toBe('validation.tooLong');
      expect(schema[field]).toBe('validation.tooLong');
    }
    // exactly at the limits: both accept
    const edge = {
      ...provider,
      company: 'x'.repeat(100),
      contactName: 'x'.repeat(50),
      hardware: 'x'.repeat(500),
      message: 'x'.repeat(2000),
    };
    expect(validateProvider(edge)).toEqual({});
    expect(ZCloudPcProviderRequest.safeParse(providerRequest(edge)).success).toBe(true);
  });
});

describe('invoice request rules', () => {
  const normal: TInvoiceForm = {
    kind: 'NORMAL',
    title: 'Hangzhou Compute Co., Ltd.',
    taxId: '',
    email: 'finance@compute.example.cn',
    note: '',
  };

  it('accepts an ordinary invoice without a taxpayer id', () => {
    expect(validateInvoice(normal)).toEqual({});
    const body = invoiceRequest('O123', normal);
    expect(body).toEqual({ orderId: 'O123', kind: 'NORMAL', title: 'Hangzhou Compute Co., Ltd.', email: 'finance@compute.example.cn' });
    expect(ZCloudPcInvoiceRequest.safeParse(body).success).toBe(true);
  });

  it('requires the taxpayer id for a special invoice', () => {
    expect(validateInvoice({ ...normal, kind: 'SPECIAL' })).toEqual({ taxId: 'validation.required' });
    const special = { ...normal, kind: 'SPECIAL' as const, taxId: ' 91330100MA2XXXXX1X ', note: 'Dept. 3' };
    expect(validateInvoice(special)).toEqual({});
    const body = invoiceRequest('O123', special);
    expect(body).toMatchObject({ taxId: '91330100MA2XXXXX1X', note: 'Dept. 3' });
    expect(ZCloudPcInvoiceRequest.safeParse(body).success).toBe(true);
  });

  it('checks title, email and lengths with the schema’s keys', () => {
    expect(validateInvoice(EMPTY_INVOICE_FORM)).toEqual({ title: 'validation.required', email: 'validation.emailRequired' });
    expect(validateInvoice({ ...normal, email: 'finance' }).email).toBe('validation.emailInvalid');
    expect(validateInvoice({ ...normal, taxId: '123-456' }).taxId).toBe('validation.invalidValue');
    expect(schemaIssues(ZCloudPcInvoiceRequest.safeParse(invoiceRequest('O1', { ...normal, taxId: '123-456' }))).taxId).toBe(
      'validation.invalidValue',
    );
    const longEmail = `${'a'.repeat(250)}@example.com`;
    expect(validateInvoice({ ...normal, email: longEmail }).email).toBe('validation.emailInvalid');
    expect(schemaIssues(ZCloudPcInvoiceRequest.safeParse(invoiceRequest('O1', { ...normal, email: longEmail }))).email).toBe(
      'validation.emailInvalid',
    );
    const long = { ...normal, title: 'x'.repeat(101), taxId: 'x'.repeat(31), note: 'x'.repeat(501) };
    expect(validateInvoice(long)).toEqual({ title: 'validation.tooLong', taxId: 'validation.tooLong', note: 'validation.tooLong' });
    const schema = schemaIssues(
      ZCloudPcInvoiceRequest.safeParse({
        orderId: 'O1',
        kind: 'NORMAL',
        title: long.title,
        taxId: long.taxId,
        note: long.note,
        email: normal.email,
      }),
    );
    expect(schema).toEqual({ title: 'validation.tooLong', taxId: 'validation.tooLong', note: 'validation.tooLong' });
  });
});

describe('device actions', () => {
  const now = Date.parse('2026-11-22T12:00:00.000Z');

  it('offers renew, cancel and auto-renew on a running machine, refund only inside the window', () => {
    expect(deviceActions({ status: 'RUNNING', refundableUntil: null }, now)).toEqual({
      renew: true,
      cancel: true,
      autoRenew: true,
      refund: false,
    });
    expect(deviceActions({ status: 'RUNNING', refundableUntil: '2026-11-22T12:10:00.000Z' }, now).refund).toBe(true);
    expect(deviceActions({ status: 'RUNNING', refundableUntil: '2026-11-22T12:00:00.000Z' }, now).refund).toBe(false);
    expect(deviceActions({ status: 'RUNNING', refundableUntil: 'garbage' }, now).refund).toBe(false);
  });

  it('marks the renewal due from three days before expiry, with auto-renew on, on a running machine', () => {
    const at = Date.parse('2026-11-22T12:00:00.000Z');
    const expiresIn = (ms: number) => new Date(at + ms).toISOString();
    const day = 86_400_000;
    expect(renewalDue({ status: 'RUNNING', autoRenew: true, expiresAt: expiresIn(3 * day) }, at)).toBe(true);
    expect(renewalDue({ status: 'RUNNING', autoRenew: true, expiresAt: expiresIn(3 * day + 1) }, at)).toBe(false);
    expect(renewalDue({ status: 'RUNNING', autoRenew: false, expiresAt: expiresIn(day) }, at)).toBe(false);
    expect(renewalDue({ status: 'RELEASED', autoRenew: true, expiresAt: expiresIn(day) }, at)).toBe(false);
    expect(renewalDue({ status: 'RUNNING', autoRenew: true, expiresAt: expiresIn(-1) }, at)).toBe(false);
    expect(RENEWAL_LEAD_DAYS).toBe(3);
    expect(CLOUD_PC_RULES.autoRenewLeadDays).toBe(3);
  });

  it('offers nothing on released or expired machines', () => {
    for (const status of ['RELEASED', 'EXPIRED'] as const) {
      expect(deviceActions({ status, refundableUntil: '2026-11-22T12:10:00.000Z' }, now)).toEqual({
        renew: false,
        cancel: false,
        autoRenew: false,
        refund: false,
      });
    }
  });

  it('tells how long the refund window stays open', () => {
    expect(refundTimeLeft({ refundableUntil: '2026-11-22T12:10:00.000Z' }, now)).toBe(600_000);
    expect(refundTimeLeft({ refundableUntil: '2026-11-22T11:00:00.000Z' }, now)).toBe(0);
    expect(refundTimeLeft({ refundableUntil: null }, now)).toBe(0);
  });
});
