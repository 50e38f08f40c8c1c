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
vi.mock('next/navigation', () => ({
  useRouter: () => nav,
  useParams: () => ({ locale: 'en' }),
  usePathname: () => '/en/account/orders/o-1',
}));

const orders = en.accountOrders;
const validation = getContractMessages('en').validation as Record<string, string>;
const cancelTexts = {
  cancel: orders.cancel,
  confirm: orders.cancelConfirm,
  yes: orders.cancelYes,
  keep: orders.cancelKeep,
  cancelled: orders.cancelled,
};
const invoiceTexts: TInvoiceFormTexts = {
  country: orders.invoice.country,
  kindFapiao: orders.invoice.kindFapiao,
  kindInternational: orders.invoice.kindInternational,
  nextFapiao: orders.invoice.nextFapiao,
  nextInternational: orders.invoice.nextInternational,
  title: orders.invoice.title,
  titleHint: orders.invoice.titleHint,
  companyName: orders.invoice.companyName,
  companyHint: orders.invoice.companyHint,
  taxId: orders.invoice.taxId,
  taxIdHint: orders.invoice.taxIdHint,
  vatNumber: orders.invoice.vatNumber,
  vatHint: orders.invoice.vatHint,
  taxNumber: orders.invoice.taxNumber,
  taxNumberHint: orders.invoice.taxNumberHint,
  address: orders.invoice.address,
  addressHint: orders.invoice.addressHint,
  email: orders.invoice.email,
  submit: orders.invoice.submit,
  sent: orders.invoice.sent,
  errors: {
    titleRequired: orders.invoice.titleRequired,
    titleTooLong: orders.invoice.titleTooLong,
    taxIdFormat: orders.invoice.taxIdFormat,
    vatNumberInvalid: validation.vatNumberInvalid!,
    taxNumberFormat: validation.taxNumberFormat!,
    addressRequired: orders.invoice.addressRequired,
    addressTooLong: orders.invoice.addressTooLong,
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
    // the question closes in the render after the refresh was asked for (setAsking, then refresh)
    expect(await screen.findByRole('button', { name: 'Cancel order' })).toBeTruthy();
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
    render(<InvoiceForm orderId="o-3" texts={invoiceTexts} locale="zh-CN" languageTag="en" defaultEmail="" />);
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
    expect(api.callsTo('POST /order/invoice').map((call) => call.body)).toEqual([
      { orderId: 'o-3', country: 'CN', title: 'ACME Ltd', email: 'billing@acme.example' },
    ]);
    expect(api.toasts.success).toHaveBeenCalledWith('Invoice requested');
  });

  it('sends a taxpayer ID when one is given, with the account email filled in', async () => {
    const api = fakeApi();
    api.reply('POST /order/invoice', { data: { id: 'i-2' } });
    render(<InvoiceForm orderId="o-4" texts={invoiceTexts} locale="zh-CN" languageTag="en" defaultEmail="me@example.com" />);
    type('Invoice title', 'ACME');
    type('Taxpayer ID', '91110000ABCDEFGH12');
    click('Request invoice');
    await vi.waitFor(() => expect(api.callsTo('POST /order/invoice')).toHaveLength(1));
    expect(api.callsTo('POST /order/invoice')[0]!.body).toEqual({
      orderId: 'o-4',
      country: 'CN',
      title: 'ACME',
      email: 'me@example.com',
      taxId: '91110000ABCDEFGH12',
    });
  });

  it("starts from the language's country and says what each kind of invoice is; mainland China keeps the fapiao fields", () => {
    render(<InvoiceForm orderId="o-5" texts={invoiceTexts} locale="es" languageTag="en" />);
    const country = screen.getByLabelText('Country or region') as HTMLSelectElement;
    expect(country.value).toBe('ES');
    // names from Intl in the page's language, sorted by them
    expect(screen.getByRole('option', { name: 'Spain' })).toBeTruthy();
    expect(country.options.length).toBe(249);
    expect(screen.getByTestId('invoice-kind').textContent).toBe(orders.invoice.kindInternational);
    expect(screen.getByLabelText('Company name')).toBeTruthy();
    expect(screen.getByLabelText('Billing address')).toBeTruthy();
    expect(screen.getByText('Starts with ES; leave empty if you have none')).toBeTruthy();
    fireEvent.change(country, { target: { value: 'CN' } });
    expect(screen.getByTestId('invoice-kind').textContent).toBe(orders.invoice.kindFapiao);
    expect(screen.getByLabelText('Invoice title')).toBeTruthy();
    expect(screen.queryByLabelText('Billing address')).toBeNull();
    expect(screen.getByLabelText('Taxpayer ID')).toBeTruthy();
    fireEvent.change(country, { target: { value: 'US' } });
    expect(screen.getByLabelText('Tax number')).toBeTruthy();
  });

  it('says what the customer gets, when and where, for a fapiao and for an international invoice', () => {
    render(<InvoiceForm orderId="o-6" texts={invoiceTexts} locale="en" languageTag="en" />);
    const country = screen.getByLabelText('Country or region') as HTMLSelectElement;
    fireEvent.change(country, { target: { value: 'CN' } });
    expect(screen.getByTestId('invoice-kind').textContent).toBe(
      'Mainland China: our finance team issues a VAT invoice (fapiao) and sends it to your email.',
    );
    expect(screen.getByTestId('invoice-next').textContent).toBe(
      'Until it is issued, this order shows it as requested; once issued, the fapiao is sent to the email address below. There is nothing to download here.',
    );
    fireEvent.change(country, { target: { value: 'DE' } });
    expect(screen.getByTestId('invoice-next').textContent).toBe(
      'It is issued as soon as you send this form, for the amount paid. Find it on this order under “Open invoice”, then print it or save it as a PDF from your browser; it is not sent by email.',
    );
    // the button it names is the one the order shows once the invoice is issued
    expect(screen.getByTestId('invoice-next').textContent).toContain(`“${orders.invoice.open}”`);
  });

  it('checks a Spanish VAT number digit by digit (B12345678 is wrong, B12345674 right) and sends the international request', async () => {
    const api = fakeApi();
    api.reply('POST /order/invoice', { data: { id: 'i-6' } });
    render(<InvoiceForm orderId="o-6" texts={invoiceTexts} locale="es" languageTag="en" defaultEmail="facturas@ejemplo.es" />);
    type('Company name', 'Ejemplo Soluciones S.L.');
    type('VAT number', 'B12345678');
    click('Request invoice');
    expect(screen.getByText(validation.vatNumberInvalid!)).toBeTruthy();
    expect(screen.getByText(orders.invoice.addressRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Billing address'));
    expect(api.calls).toEqual([]);
    type('Billing address', ' Calle Mayor 1\n28013 Madrid ');
    type('VAT number', 'B12345674');
    expect(screen.queryByText(validation.vatNumberInvalid!)).toBeNull();
    click('Request invoice');
    await vi.waitFor(() => expect(nav.refresh).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST /order/invoice').map((call) => call.body)).toEqual([
      {
        orderId: 'o-6',
        country: 'ES',
        title: 'Ejemplo Soluciones S.L.',
        email: 'facturas@ejemplo.es',
        taxId: 'B12345674',
        address: 'Calle Mayor 1\n28013 Madrid',
      },
    ]);
  });
});
