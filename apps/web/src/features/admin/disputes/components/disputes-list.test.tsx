import type { TAdminDispute } from '@llk/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../../messages-admin/en/refunds.json';
import zh from '../../../../../messages-admin/zh-CN/refunds.json';
import { DisputesList } from './disputes-list';

const dispute: TAdminDispute = {
  id: 'D1',
  gatewayDisputeId: 'dp_1',
  method: 'CARD',
  orderId: 'O2612020001',
  paymentId: 'P1',
  amountFen: 26800,
  currency: 'cny',
  reason: 'fraudulent',
  status: 'needs_response',
  evidenceDueAt: '2026-12-09T02:00:00.000Z',
  supportThreadId: 'T1',
  createdAt: '2026-12-02T02:00:00.000Z',
  updatedAt: '2026-12-02T02:00:00.000Z',
};

const listOf = (items: TAdminDispute[], messages = en, locale = 'en') =>
  render(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Asia/Shanghai">
      <DisputesList items={items} />
    </NextIntlClientProvider>,
  );

afterEach(() => cleanup());

describe('DisputesList', () => {
  it('shows each dispute with its order, amount, status in the staff language and its task', () => {
    listOf([
      dispute,
      { ...dispute, id: 'D2', gatewayDisputeId: 'dp_2', orderId: null, status: 'charge_refunded_new', supportThreadId: null },
    ]);
    const rows = screen.getAllByTestId('admin-dispute-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'O2612020001' }).getAttribute('href')).toBe('/admin/orders/O2612020001');
    expect(first.getByText('CN¥268')).toBeTruthy();
    expect(first.getByText('Needs a response')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Open the task' }).getAttribute('href')).toBe('/admin/support/T1');
    // a status this screen does not know is shown as Stripe wrote it; no order matched is said
    expect(within(rows[1]!).getByText('charge_refunded_new')).toBeTruthy();
    expect(within(rows[1]!).getByText('No order matched')).toBeTruthy();
  });

  it('says when nothing is disputed, in Chinese too', () => {
    listOf([], zh, 'zh-CN');
    expect(screen.getByRole('heading', { name: '银行卡拒付争议' })).toBeTruthy();
    expect(screen.getByText('目前没有被争议的银行卡付款。')).toBeTruthy();
  });
});
