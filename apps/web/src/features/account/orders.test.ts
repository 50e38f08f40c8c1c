import { describe, expect, it } from 'vitest';
import { hasReceipt, invoiceAllowed, isUnpaid, pageCount, parsePage, validateInvoiceForm, wallCount } from './orders';

describe('account orders rules', () => {
  it('reads ?page= leniently', () => {
    expect([undefined, '', '0', '-1', 'x', '1.5', '02', '3', ['4', '5'], '9999999'].map((value) => parsePage(value))).toEqual([1, 1, 1, 1, 1, 1, 1, 3, 4, 1]);
    expect(parsePage('100000')).toBe(100_000);
  });

  it('counts pages, at least one', () => {
    expect([pageCount(0, 10), pageCount(10, 10), pageCount(11, 10), pageCount(1000, 10)]).toEqual([1, 1, 2, 100]);
  });

  it('offers cancel to unpaid orders, receipts to paid and refunded ones, invoices to paid ones', () => {
    expect(['CREATED', 'PENDING_PAYMENT', 'PAID', 'CANCELLED'].map((s) => isUnpaid(s as never))).toEqual([true, true, false, false]);
    expect(['FULFILLED', 'REFUNDED', 'EXPIRED', 'CREATED'].map((s) => hasReceipt(s as never))).toEqual([true, true, false, false]);
    expect(['FULFILLED', 'COMPLETED', 'REFUNDED', 'REFUNDING', 'CREATED'].map((s) => invoiceAllowed(s as never))).toEqual([true, true, false, false, false]);
    expect(wallCount({ units: 10, quantity: 2 })).toBe(20);
  });

  it('checks the invoice form as the API does', () => {
    expect(validateInvoiceForm({ title: ' ', taxId: '', email: '' })).toEqual({ title: 'titleRequired', email: 'emailRequired' });
    expect(validateInvoiceForm({ title: 'x'.repeat(101), taxId: '123', email: 'nope' })).toEqual({ title: 'titleTooLong', taxId: 'taxIdFormat', email: 'emailInvalid' });
    expect(validateInvoiceForm({ title: 'ACME', taxId: '91310000MA1FL0AB2C', email: 'a@example.com' })).toEqual({});
    expect(validateInvoiceForm({ title: '张三', taxId: ' ', email: 'zhang@example.com' })).toEqual({});
  });
});
