import { getContractMessages, type TCloudPcDevice } from '@llk/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/cloud-pc.json';
import type { TCloudPcTexts } from '../texts';
import { fakeApi, type FakeApi } from '../../../../test/support/fake-api';

vi.mock('next/navigation', () => ({ useParams: () => ({ locale: 'en' }), useRouter: () => ({ push: vi.fn() }) }));
// a browser in China: times are on the reader's clock with its offset (docs/adr/0031)
vi.mock('@/lib/visitor-zone', async (original) => ({ ...(await original<Record<string, unknown>>()), browserZone: () => 'Asia/Shanghai' }));

import DeviceList from './device-list';
import { stubDialogs } from '../../../../test/support/dialog';

const texts = { ...en.CloudPc, validation: getContractMessages('en').validation, network: 'Network error' } as unknown as TCloudPcTexts;
const device: TCloudPcDevice = {
  id: 'pc1',
  name: 'CPC-7K2M9Q',
  planId: 'ADVANCED',
  cores: 24,
  threads: 48,
  memoryGb: 64,
  status: 'RUNNING',
  autoRenew: false,
  timeUnit: 'MONTH',
  createdAt: '2026-11-22T12:00:00.000Z',
  expiresAt: '2026-12-22T12:00:00.000Z',
  releasedAt: null,
  orderId: 'O1',
  refundableUntil: null,
  refundItems: [],
  refundedAt: null,
  refunds: [],
  pendingRenewalOrderId: null,
};

let api: FakeApi;
/** The API's device list and invoices for the page's first load. */
function serve(devices: TCloudPcDevice[], invoices: unknown[] = []) {
  api.reply('GET /cloudPc/devices', { data: { devices } });
  api.reply('GET /cloudPc/invoice', { data: { invoices } });
}

beforeEach(() => {
  api = fakeApi();
  stubDialogs();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DeviceList', () => {
  it('says the renewal is due within three days of expiry when auto-renew is on, and not before', async () => {
    const soon = { ...device, id: 'pc2', autoRenew: true, expiresAt: new Date(Date.now() + 2 * 86_400_000).toISOString() };
    const later = { ...device, id: 'pc3', autoRenew: true, expiresAt: new Date(Date.now() + 10 * 86_400_000).toISOString() };
    serve([soon, later]);
    render(<DeviceList texts={texts} tag="en" />);
    const items = await screen.findAllByTestId('cloud-pc-device');
    expect(within(items[0]!).getByTestId('device-renewal-due').textContent).toMatch(
      /^Auto-renew is on and the renewal is due: select Renew and pay before .+, or the cloud PC is released when it expires\.$/,
    );
    expect(within(items[1]!).queryByTestId('device-renewal-due')).toBeNull();
  });

  it('lists a machine with plan, cores/threads, status and the renewal link', async () => {
    serve([device]);
    render(<DeviceList texts={texts} tag="en" />);
    const item = await screen.findByTestId('cloud-pc-device');
    expect(within(item).getByTestId('device-plan').textContent).toBe('Advanced');
    expect(within(item).getByTestId('device-spec').textContent).toBe('24 cores / 48 threads · 64 GB');
    expect(within(item).getByTestId('device-status').textContent).toBe('Running');
    expect(within(item).getByTestId('device-expiry').textContent).toBe('Dec 22, 2026, 8:00 PM (UTC+8)');
    expect(within(item).getByTestId('device-renew').getAttribute('href')).toBe('/en/order?sku=CLOUD_PC_ADVANCED_MONTH&renew=pc1');
    expect(within(item).queryByTestId('device-refund')).toBeNull();
  });

  it('switches auto-renew with the server’s answer', async () => {
    serve([device]);
    api.reply('POST /cloudPc/devices/pc1/autoRenew', { data: { device: { ...device, autoRenew: true } } });
    render(<DeviceList texts={texts} tag="en" />);
    const toggle = await screen.findByRole('switch', { name: 'Auto-renew' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await vi.waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(api.callsTo('POST /cloudPc/devices/pc1/autoRenew').map((call) => call.body)).toEqual([{ enabled: true }]);
    expect(api.toasts.success).toHaveBeenCalledWith('Auto-renew is on.');
  });

  it('cancels only after the confirmation, then shows the machine released', async () => {
    serve([device]);
    api.reply('POST /cloudPc/devices/pc1/cancel', {
      data: { device: { ...device, status: 'RELEASED', releasedAt: '2026-11-22T12:05:00.000Z' } },
    });
    render(<DeviceList texts={texts} tag="en" />);
    fireEvent.click(await screen.findByTestId('device-cancel'));
    const dialog = screen.getByTestId('cloud-pc-confirm');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.textContent).toContain('Cancel CPC-7K2M9Q?');
    expect(dialog.textContent).toContain('Billing cannot be paused');
    expect(api.callsTo('POST /cloudPc/devices/pc1/cancel')).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('cloud-pc-confirm-yes'));
    // the status and the closed dialog may land in different renders on a busy machine
    await vi.waitFor(() => {
      expect(screen.getByTestId('device-status').textContent).toBe('Released');
      expect(dialog.hasAttribute('open')).toBe(false);
    });
    expect(api.callsTo('POST /cloudPc/devices/pc1/cancel')).toHaveLength(1);
    expect(screen.queryByTestId('device-cancel')).toBeNull();
    expect(screen.queryByTestId('device-renew')).toBeNull();
    expect(api.toasts.success).toHaveBeenCalledWith('CPC-7K2M9Q has been released.');
  });

  it('offers the refund while refundableUntil is ahead', async () => {
    const until = new Date(Date.now() + 10 * 60_000).toISOString();
    serve([{ ...device, refundableUntil: until }]);
    render(<DeviceList texts={texts} tag="en" />);
    expect(await screen.findByTestId('device-refund')).toBeTruthy();
  });

  it('shows in the refund dialog, before confirming, each order the refund pays back and the total', async () => {
    const until = new Date(Date.now() + 10 * 60_000).toISOString();
    const refundable = {
      ...device,
      refundableUntil: until,
      pendingRenewalOrderId: 'O3',
      refundItems: [
        { orderId: 'O1', kind: 'RENTAL' as const, amountFen: 29900 },
        { orderId: 'O2', kind: 'RENEWAL' as const, amountFen: 29950 },
      ],
    };
    serve([refundable]);
    api.reply('POST /cloudPc/devices/pc1/refund', {
      data: { device: { ...refundable, status: 'RELEASED', refundableUntil: null, refundItems: [] }, order: {} },
    });
    render(<DeviceList texts={texts} tag="en" />);
    fireEvent.click(await screen.findByTestId('device-refund'));
    const dialog = screen.getByTestId('cloud-pc-confirm');
    expect(dialog.textContent).toContain('every paid renewal of this machine');
    expect(
      within(dialog)
        .getAllByTestId('cloud-pc-refund-item')
        .map((item) => item.textContent),
    ).toEqual(['Rental (order O1)CN¥299', 'Renewal (order O2)CN¥299.50']);
    expect(within(dialog).getByTestId('cloud-pc-refund-total').textContent).toBe('Total refundCN¥598.50');
    expect(within(dialog).getByTestId('cloud-pc-refund-cancels-pending').textContent).toBe(
      'The unpaid renewal order is cancelled; nothing has been charged for it.',
    );
    expect(api.callsTo('POST /cloudPc/devices/pc1/refund')).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('cloud-pc-confirm-yes'));
    await vi.waitFor(() => expect(screen.getByTestId('device-status').textContent).toBe('Released'));
    expect(api.callsTo('POST /cloudPc/devices/pc1/refund')).toHaveLength(1);
  });

  it('warns in the cancel dialog that cancelling gives up an open refund, and only then', async () => {
    const until = new Date(Date.now() + 10 * 60_000).toISOString();
    serve([
      { ...device, refundableUntil: until },
      { ...device, id: 'pc2', orderId: 'O2' },
    ]);
    render(<DeviceList texts={texts} tag="en" />);
    const [refundable, other] = await screen.findAllByTestId('cloud-pc-device');
    fireEvent.click(within(refundable!).getByTestId('device-cancel'));
    const hint = screen.getByTestId('cloud-pc-confirm-refund-hint');
    expect(hint.textContent).toMatch(/^You can still get a full refund until .+\. Cancelling gives that up: choose Refund instead/);
    fireEvent.click(screen.getByText('Keep it'));
    fireEvent.click(within(other!).getByTestId('device-cancel'));
    expect(screen.queryByTestId('cloud-pc-confirm-refund-hint')).toBeNull();
  });

  it('says when a machine was refunded and offers no invoice for it', async () => {
    const refunded = {
      ...device,
      status: 'RELEASED' as const,
      releasedAt: '2026-11-22T12:05:00.000Z',
      refundedAt: '2026-11-22T12:05:00.000Z',
    };
    serve([refunded, { ...device, id: 'pc2', orderId: 'O2' }]);
    render(<DeviceList texts={texts} tag="en" />);
    const [first, second] = await screen.findAllByTestId('cloud-pc-device');
    expect(within(first!).getByTestId('device-refunded').textContent).toBe(
      'Refunded on Nov 22, 2026, 8:05 PM (UTC+8). The money goes back to the original payment method; a refunded order has no invoice.',
    );
    expect(within(first!).queryByTestId('invoice-open')).toBeNull();
    expect(within(second!).getByTestId('invoice-open')).toBeTruthy();
    expect(within(second!).queryByTestId('device-refunded')).toBeNull();
  });

  it('shows each refund with where it stands and never says refunded before the money is confirmed back', async () => {
    const released = { ...device, status: 'RELEASED' as const, releasedAt: '2026-11-22T12:05:00.000Z' };
    const refund = {
      orderId: 'O1',
      kind: 'RENTAL' as const,
      amountFen: 29900,
      requestedAt: '2026-11-22T12:05:00.000Z',
      updatedAt: '2026-11-22T12:06:00.000Z',
    };
    serve([
      {
        ...released,
        id: 'pc1',
        refunds: [
          { ...refund, state: 'PENDING' as const },
          { ...refund, orderId: 'O9', kind: 'RENEWAL' as const, state: 'REFUNDED' as const },
        ],
      },
      { ...released, id: 'pc2', orderId: 'O2', refunds: [{ ...refund, orderId: 'O2', state: 'REFUSED' as const }] },
      { ...released, id: 'pc3', orderId: 'O3', refunds: [{ ...refund, orderId: 'O3', state: 'REQUESTED' as const }] },
    ]);
    render(<DeviceList texts={texts} tag="en" />);
    const [pending, refused, requested] = await screen.findAllByTestId('cloud-pc-device');
    expect(
      within(pending!)
        .getAllByTestId('device-refund-state')
        .map((row) => row.textContent),
    ).toEqual(['Rental (order O1)With the payment providerCN¥299', 'Renewal (order O9)RefundedCN¥299']);
    expect(within(pending!).queryByTestId('device-refunded')).toBeNull();
    expect(within(pending!).getByTestId('device-refund-open').textContent).toMatch(
      /^The machine has been released\. A refund shows as refunded only once/,
    );
    expect(within(pending!).queryByTestId('invoice-open')).toBeNull();
    expect(within(refused!).getByTestId('device-refund-state').textContent).toMatch(/RefusedCN¥\d+$/);
    expect(within(refused!).getByTestId('device-refund-open').textContent).toMatch(
      /^The payment provider refused a refund\. Our support team has been told/,
    );
    expect(within(requested!).getByTestId('device-refund-state').getAttribute('data-state')).toBe('REQUESTED');
    expect(within(requested!).getByTestId('device-refund-state').textContent).toContain('Requested');
  });

  it('checks an invoice request inline and records it', async () => {
    serve([device]);
    api.reply('POST /cloudPc/invoice', {
      data: {
        id: 'INV1',
        orderId: 'O1',
        kind: 'SPECIAL',
        title: 'ACME',
        amountFen: 49900,
        status: 'REQUESTED',
        requestedAt: '2026-11-22T12:10:00.000Z',
      },
    });
    render(<DeviceList texts={texts} tag="en" />);
    fireEvent.click(await screen.findByTestId('invoice-open'));
    const form = screen.getByTestId('invoice-form');
    fireEvent.click(within(form).getByTestId('invoice-kind-SPECIAL'));
    fireEvent.change(form.querySelector('input[name="title"]')!, { target: { value: 'ACME' } });
    fireEvent.change(form.querySelector('input[name="email"]')!, { target: { value: 'finance@example.com' } });
    fireEvent.submit(form);
    expect(form.querySelector('input[name="taxId"]')!.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /cloudPc/invoice')).toEqual([]);
    fireEvent.change(form.querySelector('input[name="taxId"]')!, { target: { value: '91330100MA2AAAAA1X' } });
    fireEvent.submit(form);
    const done = await screen.findByTestId('invoice-requested');
    expect(api.callsTo('POST /cloudPc/invoice').map((call) => call.body)).toEqual([
      { orderId: 'O1', kind: 'SPECIAL', title: 'ACME', taxId: '91330100MA2AAAAA1X', email: 'finance@example.com' },
    ]);
    expect(done.textContent).toContain('Special VAT invoice requested on');
    expect(done.textContent).toContain('INV1');
  });

  it('shows the empty state', async () => {
    serve([]);
    render(<DeviceList texts={texts} tag="en" />);
    expect((await screen.findByTestId('cloud-pc-empty')).textContent).toContain('You haven’t rented a cloud PC yet.');
  });
});
