import type { TAdminQueuedRefund } from '@llk/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../../messages-admin/en/refunds.json';
import zh from '../../../../../messages-admin/zh-CN/refunds.json';
import { fakeApi, type FakeApi } from '../../../../../test/support/fake-api';
import { RefundsScreen } from './refunds-screen';

const refused: TAdminQueuedRefund = {
  id: 'R1',
  refundNo: 'N1',
  orderId: 'O1',
  userId: 'u1',
  customer: 'alice',
  amountFen: 29900,
  state: 'FAILED',
  kind: 'ORDER',
  method: 'WX',
  reason: 'cloud PC: first order refunded within 15 minutes',
  lastOutcome: 'refused:TRADE_NOT_EXIST',
  gatewayMessage: 'the trade does not exist',
  attempts: 2,
  createdAt: '2026-12-01T02:00:00.000Z',
  updatedAt: '2026-12-01T02:05:00.000Z',
};
const unknown: TAdminQueuedRefund = {
  ...refused,
  id: 'R2',
  orderId: 'O2',
  state: 'UNKNOWN',
  kind: 'DOUBLE_PAYMENT',
  lastOutcome: 'unknown:timeout',
  gatewayMessage: null,
  attempts: 8,
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const screenOf = (messages = en, locale = 'en') =>
  render(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Asia/Shanghai">
      <RefundsScreen queue={{ items: [refused, unknown], total: 2 }} />
    </NextIntlClientProvider>,
  );
const rows = () => screen.getAllByTestId('admin-refund-row');

describe('RefundsScreen', () => {
  it('lists each queued refund with its order, customer, amount, state and what the provider said, and the queue size', () => {
    screenOf();
    expect(screen.getByTestId('admin-refunds-count').textContent).toBe('2 refunds waiting');
    const [first] = rows();
    expect(within(first!).getByRole('link', { name: 'O1' }).getAttribute('href')).toBe('/admin/orders/O1');
    expect(within(first!).getByRole('link', { name: 'alice' }).getAttribute('href')).toBe('/admin/users/u1');
    expect(first!.textContent).toContain('CN¥299');
    expect(within(first!).getByTestId('admin-refund-state').textContent).toBe('Refused');
    expect(within(first!).getByTestId('admin-refund-outcome').textContent).toBe('refused:TRADE_NOT_EXIST');
    expect(first!.textContent).toContain('the trade does not exist');
    expect(within(rows()[1]!).getByTestId('admin-refund-state').textContent).toBe('No final answer');
  });

  it('names the payment method and the reasons the system gives in the staff member’s language, a typed reason as written', () => {
    const typed = { ...refused, id: 'R3', orderId: 'O3', method: 'ZFB', reason: 'customer wrote to support' };
    render(
      <NextIntlClientProvider locale="zh-CN" messages={zh} timeZone="Asia/Shanghai">
        <RefundsScreen queue={{ items: [refused, typed], total: 2 }} />
      </NextIntlClientProvider>,
    );
    expect(rows()[0]!.textContent).toContain('订单退款 · 微信支付');
    expect(rows()[0]!.textContent).toContain('退款原因：云电脑首单 15 分钟内退款');
    expect(rows()[1]!.textContent).toContain('订单退款 · 支付宝');
    expect(rows()[1]!.textContent).toContain('退款原因：customer wrote to support');
  });

  it('shows the order number in the dialog’s text, where a long one can break, not in its heading', () => {
    screenOf();
    fireEvent.click(within(rows()[0]!).getByTestId('admin-refund-retry'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Try this refund once more');
    expect(dialog.textContent).toContain('Order O1 · CN¥299');
  });

  it('retries with a reason and takes the row off the list', async () => {
    api.reply('POST /admin/api/refunds/R1/retry', {
      data: {
        id: 'R9',
        refundNo: 'N9',
        paymentId: 'P1',
        amountFen: 29900,
        reason: 'x',
        state: 'SUCCEEDED',
        attempts: 1,
        lastOutcome: 'refunded',
        createdAt: '',
        completedAt: '',
      },
    });
    screenOf();
    fireEvent.click(within(rows()[0]!).getByTestId('admin-refund-retry'));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'the gateway fixed the trade' } });
    fireEvent.submit(dialog.querySelector('form')!);
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.callsTo('POST /admin/api/refunds/R1/retry').map((call) => call.body)).toEqual([{ reason: 'the gateway fixed the trade' }]);
    expect(screen.getByTestId('admin-refunds-count').textContent).toBe('1 refund waiting');
  });

  it('offers "not owed" only for a refused order refund; a double payment can only be paid back', () => {
    screenOf();
    fireEvent.click(within(rows()[0]!).getByTestId('admin-refund-settle'));
    expect(screen.getByTestId('admin-refund-outcome-NOT_OWED')).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel'));
    fireEvent.click(within(rows()[1]!).getByTestId('admin-refund-settle'));
    expect(screen.queryByTestId('admin-refund-outcome-NOT_OWED')).toBeNull();
    expect(screen.getByTestId('admin-refund-outcome-PAID_BY_HAND')).toBeTruthy();
  });

  it('says it in Chinese', () => {
    screenOf(zh, 'zh-CN');
    expect(screen.getByTestId('admin-refunds-count').textContent).toBe('2 笔退款待处理');
    expect(within(rows()[0]!).getByTestId('admin-refund-state').textContent).toBe('已拒绝');
  });
});
