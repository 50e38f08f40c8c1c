import { describe, expect, it } from 'vitest';
import { hasReceipt, invoiceAllowed, isUnpaid, pageCount, parsePage, shortOrderId, validateInvoiceForm, wallCount } from './orders';

describe('account orders rules', () => {
  it('shortens a 26-character order number for a phone to its first six and last four', () => {
    expect(shortOrderId('01JF3KQ8ZX4N5V6B7C8D9E7Q2M')).toBe('01JF3K…7Q2M');
    expect(shortOrderId('01JF3KQ8ZX4N5V6B7C8D9E7Q2M')).toHaveLength(11);
    expect(shortOrderId('A1B2C3')).toBe('A1B2C3');
  });

  it('reads ?page= leniently', () => {
    expect([undefined, '', '0', '-1', 'x', '1.5', '02', '3', ['4', '5'], '9999999'].map((value) => parsePage(value))).toEqual([
      1, 1, 1, 1, 1, 1, 1, 3, 4, 1,
    ]);
    expect(parsePage('100000')).toBe(100_000);
  });

  it('counts pages, at least one', () => {
    expect([pageCount(0, 10), pageCount(10, 10), pageCount(11, 10), pageCount(1000, 10)]).toEqual([1, 1, 2, 100]);
  });

  it('offers cancel to unpaid orders, receipts to paid and refunded ones, invoices to paid ones', () => {
    expect(['CREATED', 'PENDING_PAYMENT', 'PAID', 'CANCELLED'].map((s) => isUnpaid(s as never))).toEqual([true, true, false, false]);
    expect(['FULFILLED', 'REFUNDED', 'EXPIRED', 'CREATED'].map((s) => hasReceipt(s as never))).toEqual([true, true, false, false]);
    expect(['FULFILLED', 'COMPLETED', 'REFUNDED', 'REFUNDING', 'CREATED'].map((s) => invoiceAllowed(s as never))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(wallCount({ units: 10, quantity: 2 })).toBe(20);
  });

  it('checks the invoice form as the API does', () => {
    expect(validateInvoiceForm({ country: 'CN', title: ' ', taxId: '', address: '', email: '' })).toEqual({
      title: 'titleRequired',
      email: 'emailRequired',
    });
    expect(validateInvoiceForm({ country: 'CN', title: 'x'.repeat(101), taxId: '123', address: '', email: 'nope' })).toEqual({
      title: 'titleTooLong',
      taxId: 'taxIdFormat',
      email: 'emailInvalid',
    });
    expect(validateInvoiceForm({ country: 'CN', title: 'ACME', taxId: '91310000MA1FL0AB2C', address: '', email: 'a@example.com' })).toEqual(
      {},
    );
    expect(validateInvoiceForm({ country: 'CN', title: '张三', taxId: ' ', address: '', email: 'zhang@example.com' })).toEqual({});
  });

  it('checks an international invoice by its country: an address, and jsvat for the VAT numbers it knows', () => {
    const spain = { country: 'ES', title: 'Ejemplo S.L.', taxId: 'B12345674', address: 'Calle Mayor 1, Madrid', email: 'f@ejemplo.es' };
    expect(validateInvoiceForm(spain)).toEqual({});
    expect(validateInvoiceForm({ ...spain, taxId: 'ESA12345674' })).toEqual({});
    expect(validateInvoiceForm({ ...spain, taxId: 'B12345678', address: ' ' })).toEqual({
      taxId: 'vatNumberInvalid',
      address: 'addressRequired',
    });
    expect(validateInvoiceForm({ ...spain, address: 'x'.repeat(301) })).toEqual({ address: 'addressTooLong' });
    // a 15–20 character Chinese taxpayer id means nothing in Spain
    expect(validateInvoiceForm({ ...spain, taxId: '91310000MA1FL0AB2C' })).toEqual({ taxId: 'vatNumberInvalid' });
    // where jsvat knows nothing, free text within bounds
    expect(validateInvoiceForm({ ...spain, country: 'US', taxId: '12-3456789' })).toEqual({});
    expect(validateInvoiceForm({ ...spain, country: 'JP', taxId: '<>' })).toEqual({ taxId: 'taxNumberFormat' });
  });
});
