import { getContractMessages } from '@llk/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/account-home.json';
import { fakeApi } from '../../../../test/support/fake-api';
import { CancelOrder } from './cancel-order';
import { InvoiceForm, type TInvoiceFormTexts } from './invoice-form';

// An order's two actions on its detail page: cancelling an unpaid order (asked once, inline)
// and requesting an invoice for a paid one, the API behind fetch (test/support/fake-api.ts).

const nav = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn(), prefetch: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => nav, useParams: () => ({ locale: 'en' }), usePathname: () => '/en/account/orders/o-1' }));

const orders = en.accountOrders;
const validation = getContractMessages('en').validation as Record<string, string>;
const cancelTexts = { cancel: orders.cancel, confirm: orders.cancelConfirm, yes: orders.cancelYes, keep: orders.cancelKeep, cancelled: orders.cancelled };
const invoiceTexts: TInvoiceFormTexts = {
  title: orders.invoice.title,
  titleHint: orders.invoice.titleHint,
  taxId: orders.invoice.taxId,
  taxIdHint: orders.invoice.taxIdHint,
  email: orders.invoice.email,
  submit: orders.invoice.submit,
  sent: orders.invoice.sent,
  errors: {
    titleRequired: orders.invoice.titleRequired,
    titleTooLong: orders.invoice.titleTooLong,
    taxIdFormat: orders.invoice.taxIdFormat,
    emailRequired: validation.emailRequired!,
    emailInvalid: validation.emailInvalid!,
  },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  nav.refresh.mockReset();
});

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('CancelOrder', () => {
  it('asks once; Keep it changes nothing, Yes cancels and refreshes the page', async () => {
    const api = fakeApi();
    api.reply('POST /order/cancel', { data: null });
    render(<CancelOrder orderId="o-1" texts={cancelTexts} />);
    click('Cancel order');
    expect(screen.getByText(orders.cancelConfirm)).toBeTruthy();
    click('Keep it');
    expect(screen.queryByText(orders.cancelConfirm)).toBeNull();
    expect(api.calls).toEqual([]);

    click('Cancel order');
    click('Yes, cancel it');
    await vi.waitFor(() => expect(nav.refresh).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST /order/cancel').map((call) => call.body)).toEqual([{ orderId: 'o-1' }]);
    expect(api.toasts.success).toHaveBeenCalledWith('Order cancelled');
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
  });

  it('stays asking, without a refresh, when the API refuses', async () => {
    const api = fakeApi();
    api.reply('POST /order/cancel', { data: null, errcode: 20010, errmsg: 'The order is already paid' });
    render(<CancelOrder orderId="o-2" texts={cancelTexts} />);
    click('Cancel order');
    click('Yes, cancel it');
    await vi.waitFor(() => expect(api.toasts.error).toHaveBeenCalledWith('The order is already paid'));
    expect(nav.refresh).not.toHaveBeenCalled();
    expect(screen.getByText(orders.cancelConfirm)).toBeTruthy();
  });
});

describe('InvoiceForm', () => {
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('checks the fields as the API does, focuses the first wrong one, then sends the request trimmed', async () => {
    const api = fakeApi();
    api.reply('POST /order/invoice', { data: { id: 'i-1' } });
    render(<InvoiceForm orderId="o-3" texts={invoiceTexts} defaultEmail="" />);
    type('Taxpayer ID', '12345');
    click('Request invoice');
    expect(screen.getByText(orders.invoice.titleRequired)).toBeTruthy();
    expect(screen.getByText(orders.invoice.taxIdFormat)).toBeTruthy();
    expect(screen.getByText(validation.emailRequired!)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Invoice title'));
    expect(api.calls).toEqual([]);

    // once tried, the errors follow the typing
    type('Invoice title', ' ACME Ltd ');
    expect(screen.queryByText(orders.invoice.titleRequired)).toBeNull();
    type('Taxpayer ID', '');
    type('Email', ' billing@acme.example ');
    click('Request invoice');
    await vi.waitFor(() => expect(nav.refresh).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST /order/invoice').map((call) => call.body)).toEqual([{ orderId: 'o-3', title: 'ACME Ltd', email: 'billing@acme.example' }]);
    expect(api.toasts.success).toHaveBeenCalledWith('Invoice requested');
  });

  it('sends a taxpayer ID when one is given, with the account email filled in', async () => {
    const api = fakeApi();
    api.reply('POST /order/invoice', { data: { id: 'i-2' } });
    render(<InvoiceForm orderId="o-4" texts={invoiceTexts} defaultEmail="me@example.com" />);
    type('Invoice title', 'ACME');
    type('Taxpayer ID', '91110000ABCDEFGH12');
    click('Request invoice');
    await vi.waitFor(() => expect(api.callsTo('POST /order/invoice')).toHaveLength(1));
    expect(api.callsTo('POST /order/invoice')[0]!.body).toEqual({ orderId: 'o-4', title: 'ACME', email: 'me@example.com', taxId: '91110000ABCDEFGH12' });
  });
});
