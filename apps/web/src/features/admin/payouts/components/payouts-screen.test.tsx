import type { TAdminAmbassadorsPage, TAdminPayoutBatch } from '@llk/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../../messages-admin/en/payouts.json';
import { fakeApi, type FakeApi } from '../../../../../test/support/fake-api';
const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh, push: vi.fn() }) }));

import { PayoutsScreen, yuanInputToFen } from './payouts-screen';

const open: TAdminPayoutBatch = {
  id: '01JBATCH',
  state: 'OPEN',
  payoutCount: 2,
  totalFen: 1234567,
  thresholdFen: 10000,
  createdAt: '2026-11-25T02:00:00.000Z',
  closedAt: null,
  reference: null,
};
const ambassadors: TAdminAmbassadorsPage = {
  items: [
    {
      userId: 'u1',
      username: 'lilei',
      nickname: 'Li Lei',
      referralCode: 'AB12CD34',
      joinedAt: '2026-10-01T02:00:00.000Z',
      bannedAt: null,
      banReason: null,
      payeeAccount: null,
      payeeName: null,
      balances: { pendingFen: 600, owedFen: -360, inBatchFen: 0, paidFen: 5360, reversedFen: 0 },
    },
  ],
  next: null,
  thresholdFen: 10000,
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const screenOf = (batches: TAdminPayoutBatch[] = [open]) =>
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Shanghai">
      <PayoutsScreen settings={{ thresholdFen: 10000 }} batches={batches} ambassadors={ambassadors} q="" nextHref={null} onFirst />
    </NextIntlClientProvider>,
  );

describe('yuanInputToFen', () => {
  it('reads yuan as typed into whole fen, without floating point', () => {
    expect(yuanInputToFen('100')).toBe(10000);
    expect(yuanInputToFen(' 0.1 ')).toBe(10);
    expect(yuanInputToFen('19.99')).toBe(1999);
    for (const bad of ['', '0', '0.00', '1.999', '-5', '1e3', '12,5']) expect(yuanInputToFen(bad)).toBeNull();
  });
});

describe('PayoutsScreen', () => {
  it('lists balances (a negative one in red) and offers an open batch its CSV, mark paid and cancel', () => {
    screenOf();
    const row = within(screen.getByTestId('payout-ambassadors')).getAllByRole('row')[1]!;
    const cells = Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent);
    expect(cells).toEqual(['lileiAB12CD34', 'CN¥6', '-CN¥3.60', 'CN¥0', 'CN¥53.60', 'No payee account', 'Active']);
    expect(row.querySelectorAll('td')[2]?.className).toContain('text-red-700');
    const batch = screen.getByTestId('payout-batch-01JBATCH');
    expect(within(batch).getByRole('link', { name: 'Alipay CSV' }).getAttribute('href')).toBe('/admin/api/payouts/batches/01JBATCH/export');
    expect(within(batch).getByRole('button', { name: 'Mark paid' })).toBeTruthy();
    expect(within(batch).getByText('CN¥12,345.67')).toBeTruthy();
  });

  it('marks a batch paid with the reference and the reason, and shows it paid', async () => {
    api.reply('POST /admin/api/payouts/batches/01JBATCH/paid', {
      data: { ...open, state: 'PAID', reference: '2026112500001', closedAt: '2026-11-25T03:00:00.000Z' },
    });
    screenOf();
    fireEvent.click(within(screen.getByTestId('payout-batch-01JBATCH')).getByRole('button', { name: 'Mark paid' }));
    fireEvent.change(screen.getByLabelText('Alipay batch number'), { target: { value: '2026112500001' } });
    fireEvent.change(screen.getByLabelText('Reason (recorded in the audit log)', { selector: 'textarea' }), {
      target: { value: 'transferred' },
    });
    fireEvent.submit(screen.getByLabelText('Alipay batch number').closest('form')!);
    await vi.waitFor(() => expect(api.toasts.success).toHaveBeenCalledWith('Batch marked paid and posted to the ledger.'));
    expect(api.callsTo('POST /admin/api/payouts/batches/01JBATCH/paid').map((call) => call.body)).toEqual([
      { reference: '2026112500001', reason: 'transferred' },
    ]);
    const batch = screen.getByTestId('payout-batch-01JBATCH');
    expect(within(batch).getByText('Paid')).toBeTruthy();
    expect(within(batch).queryByRole('button', { name: 'Mark paid' })).toBeNull();
    expect(refresh).toHaveBeenCalledTimes(1); // the balances are read again
  });

  it('says so when nobody is due, and refuses a threshold that is not an amount before calling', async () => {
    api.reply('POST /admin/api/payouts/batches', {
      data: null,
      errcode: 80250,
      errmsg: 'No ambassador is owed the payout threshold with a payee account set: nothing to pay.',
      status: 409,
    });
    screenOf([]);
    fireEvent.click(screen.getByRole('button', { name: 'Make a batch' }));
    fireEvent.change(screen.getByLabelText('Reason (recorded in the audit log)', { selector: 'textarea' }), {
      target: { value: 'month end' },
    });
    fireEvent.submit(screen.getByLabelText('Reason (recorded in the audit log)', { selector: 'textarea' }).closest('form')!);
    await vi.waitFor(() =>
      expect(api.toasts.error).toHaveBeenCalledWith('No ambassador is owed the payout threshold with a payee account set: nothing to pay.'),
    );
    expect(screen.getByText('No batches yet.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.change(screen.getByLabelText('Threshold (yuan)'), { target: { value: '1.999' } });
    fireEvent.submit(screen.getByLabelText('Threshold (yuan)').closest('form')!);
    expect(api.callsTo('PUT /admin/api/payouts/settings')).toEqual([]);
  });
});
