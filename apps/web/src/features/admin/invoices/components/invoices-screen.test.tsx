import type { TAdminInvoice } from '@llk/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../../messages-admin/en/invoices.json';
import { fakeApi, type FakeApi } from '../../../../../test/support/fake-api';
import { InvoicesScreen } from './invoices-screen';

const requested: TAdminInvoice = {
  id: 'I1',
  orderId: 'O1',
  userId: 'u1',
  state: 'REQUESTED',
  title: 'Hangzhou Remote Co., Ltd.',
  taxId: '91330100MA2AAAAA1X',
  email: 'finance@example.com',
  amountFen: 3000,
  invoiceNo: null,
  rejectReason: null,
  createdAt: '2026-11-25T02:00:00.000Z',
  updatedAt: '2026-11-25T02:00:00.000Z',
  kind: 'FAPIAO',
  country: null,
  address: null,
  locale: 'zh-CN',
  documents: [],
};

const international: TAdminInvoice = {
  ...requested,
  id: 'I2',
  orderId: 'O2',
  state: 'ISSUED',
  kind: 'INTERNATIONAL',
  title: 'Ejemplo Solucione S.L.',
  taxId: 'ESB12345674',
  country: 'ES',
  address: 'Calle Mayor 1\n28013 Madrid',
  locale: 'es',
  invoiceNo: 'LLK-2026-000007',
  documents: [
    { id: 'D1', number: 'LLK-2026-000007', state: 'ISSUED', issuedAt: '2026-11-25T02:00:00.000Z', replacedAt: null, reason: null },
  ],
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const screenOf = (items: TAdminInvoice[] = [requested]) =>
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Shanghai">
      <InvoicesScreen filter="REQUESTED" page={{ items, next: null }} />
    </NextIntlClientProvider>,
  );
const row = () => screen.getByTestId('admin-invoice-row');

describe('InvoicesScreen', () => {
  it('lists a request with its order link and amount, and offers issue and reject while open', () => {
    screenOf();
    expect(within(row()).getByRole('link', { name: 'O1' }).getAttribute('href')).toBe('/admin/orders/O1');
    expect(row().textContent).toContain('CN¥30');
    expect(within(row()).getByTestId('admin-invoice-state').textContent).toBe('Requested');
    expect(screen.getByRole('link', { name: 'Requested' }).getAttribute('aria-current')).toBe('page');
  });

  it('issues with the invoice number (the note optional) and shows the row issued', async () => {
    api.reply('POST /admin/api/invoices/I1/issue', { data: { ...requested, state: 'ISSUED', invoiceNo: 'No123' } });
    screenOf();
    fireEvent.click(within(row()).getByRole('button', { name: 'Issue' }));
    fireEvent.change(screen.getByLabelText('Invoice number'), { target: { value: ' No123 ' } });
    fireEvent.submit(screen.getByLabelText('Invoice number').closest('form')!);
    await vi.waitFor(() => expect(api.toasts.success).toHaveBeenCalledWith('Invoice No123 recorded as issued.'));
    expect(api.callsTo('POST /admin/api/invoices/I1/issue').map((call) => call.body)).toEqual([{ invoiceNo: 'No123' }]);
    expect(within(row()).getByTestId('admin-invoice-state').textContent).toBe('Issued');
    expect(row().textContent).toContain('No. No123');
    expect(within(row()).queryByRole('button', { name: 'Issue' })).toBeNull();
  });

  it('rejects with the reason; an error from the API toasts and leaves the row open', async () => {
    api.reply('POST /admin/api/invoices/I1/reject', [
      { data: null, errcode: 80105, errmsg: 'This invoice request is no longer open.', status: 409 },
      { data: { ...requested, state: 'REJECTED', rejectReason: 'wrong title' } },
    ]);
    screenOf();
    fireEvent.click(within(row()).getByRole('button', { name: 'Reject' }));
    const reason = screen.getByLabelText('Reason (required, kept in the audit log)', { selector: 'textarea' });
    fireEvent.change(reason, { target: { value: 'wrong title' } });
    fireEvent.submit(reason.closest('form')!);
    await vi.waitFor(() => expect(api.toasts.error).toHaveBeenCalledWith('This invoice request is no longer open.'));
    expect(within(row()).getByTestId('admin-invoice-state').textContent).toBe('Requested');
    fireEvent.submit(reason.closest('form')!);
    await vi.waitFor(() => expect(within(row()).getByTestId('admin-invoice-state').textContent).toBe('Rejected'));
    expect(api.callsTo('POST /admin/api/invoices/I1/reject').map((call) => call.body)).toEqual([
      { reason: 'wrong title' },
      { reason: 'wrong title' },
    ]);
    expect(row().textContent).toContain('wrong title');
  });

  it('shows an international invoice with its page and re-issues it with corrected details under a new number', async () => {
    const reissued: TAdminInvoice = {
      ...international,
      title: 'Ejemplo Soluciones S.L.',
      invoiceNo: 'LLK-2026-000008',
      documents: [
        { id: 'D2', number: 'LLK-2026-000008', state: 'ISSUED', issuedAt: '2026-11-26T02:00:00.000Z', replacedAt: null, reason: 'typo' },
        {
          id: 'D1',
          number: 'LLK-2026-000007',
          state: 'REPLACED',
          issuedAt: '2026-11-25T02:00:00.000Z',
          replacedAt: '2026-11-26T02:00:00.000Z',
          reason: null,
        },
      ],
    };
    api.reply('POST /admin/api/invoices/I2/reissue', { data: reissued });
    screenOf([international]);
    expect(within(row()).getByTestId('admin-invoice-kind').textContent).toBe('International');
    expect(within(row()).getByTestId('admin-invoice-open').getAttribute('href')).toBe('/admin/api/invoices/I2/document');
    expect(within(row()).queryByRole('button', { name: 'Issue' })).toBeNull();
    fireEvent.click(within(row()).getByTestId('admin-invoice-reissue'));
    expect(screen.getByText('The invoice gets a new number; LLK-2026-000007 is kept, marked as replaced.')).toBeTruthy();
    const title = screen.getByLabelText('Invoice title') as HTMLInputElement;
    expect(title.value).toBe('Ejemplo Solucione S.L.');
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('ES');
    fireEvent.change(title, { target: { value: 'Ejemplo Soluciones S.L.' } });
    const reason = screen.getByLabelText('Reason (required, kept in the audit log)', { selector: 'textarea' });
    fireEvent.change(reason, { target: { value: 'typo' } });
    fireEvent.submit(reason.closest('form')!);
    await vi.waitFor(() => expect(api.toasts.success).toHaveBeenCalledWith('Invoice LLK-2026-000008 issued in place of the old one.'));
    expect(api.callsTo('POST /admin/api/invoices/I2/reissue').map((call) => call.body)).toEqual([
      {
        title: 'Ejemplo Soluciones S.L.',
        address: 'Calle Mayor 1\n28013 Madrid',
        country: 'ES',
        taxId: 'ESB12345674',
        number: 'LLK-2026-000007',
        reason: 'typo',
      },
    ]);
    expect(row().textContent).toContain('No. LLK-2026-000008');
    expect(within(row()).getByRole('link', { name: 'LLK-2026-000007 (replaced)' }).getAttribute('href')).toBe(
      '/admin/api/invoices/I2/document?number=LLK-2026-000007',
    );
  });
});
