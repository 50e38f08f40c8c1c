import type { TCodeOrderResult, TOrderInfo, TOrderItem } from '@llk/contracts';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/commerce.json';
import type { TTexts } from '@/lib/texts';
import { CodeCheckout } from './code-checkout';
// the answer schemas the page loads with its first request, loaded before the clock starts
import '../answer-checks';

// /pay?qrCodeId=…: the desktop app's payment code becomes one order (kept for the tab), which is
// paid with its payToken through the pay client (lib/api.ts) over a fake fetch.

interface TCall {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

function answer(data: unknown, errcode = 0, errmsg = 'ok') {
  return new Response(JSON.stringify({ errcode, errmsg, data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

function serve(route: (call: TCall) => Response | undefined): TCall[] {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const call = {
        method: String(init.method),
        path: input.replace(/^\/api/, ''),
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      };
      calls.push(call);
      return route(call) ?? answer(null, 404, 'not found');
    }),
  );
  return calls;
}

const monitors: TOrderItem = {
  itemType: 'MONITOR',
  skuId: 'MONITOR_1',
  timeUnit: null,
  duration: 1,
  units: 5,
  quantity: 2,
  priceFen: 1500,
  originalPriceFen: 2000,
  discountFen: 1000,
  amountFen: 3000,
};

function order(status: TOrderInfo['status']): TOrderInfo {
  return {
    id: 'Q2611240001',
    status,
    items: [monitors],
    currency: 'CNY',
    totalFen: 3000,
    originalTotalFen: 4000,
    discountFen: 1000,
    source: 'QR_CODE',
    createdAt: '2026-11-24T02:00:00.000Z',
    expiresAt: '2026-11-24T02:30:00.000Z',
    paidAt: null,
    fulfilledAt: null,
    payMethod: null,
    payClient: null,
    refundedFen: 0,
  };
}

const result: TCodeOrderResult = {
  order: order('CREATED'),
  payToken: 'pt_123',
  account: '138****8000',
  nickname: 'Alice',
  item: monitors,
  discountFen: 1000,
};

function renderPay(qrCodeId = 'code_1') {
  return render(
    <CodeCheckout
      qrCodeId={qrCodeId}
      planName="Pro"
      tiers={{ QUALITY_2K: '2K' }}
      locale="en"
      texts={{ Pay: en.Pay as unknown as TTexts, Order: en.Order as unknown as TTexts }}
    />,
  );
}

function details(): Record<string, string> {
  const terms = within(screen.getByTestId('pay-details')).getAllByRole('term');
  return Object.fromEntries(terms.map((term) => [term.textContent!, term.nextElementSibling!.textContent!]));
}

beforeEach(() => {
  document.documentElement.lang = 'en';
  window.sessionStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: new Date('2026-11-24T02:01:00.000Z') });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CodeCheckout', () => {
  it('turns the code into its order once and shows whom it is for, the item and the server amounts', async () => {
    const calls = serve(({ path }) => (path === '/order/createOrderByCodeId?qrCodeId=code_1' ? answer(result) : undefined));
    renderPay();
    expect(screen.getByTestId('pay-loading').textContent).toBe('Loading your order…');
    await vi.waitFor(() => expect(screen.getByTestId('pay-details')).toBeTruthy());
    expect(details()).toEqual({ Account: '138****8000', Nickname: 'Alice', Item: '10 screen walls' });
    expect(screen.getByTestId('order-total').textContent).toBe('CN¥30');
    expect(screen.getByTestId('order-summary').querySelector('[data-row="discount"] dd')!.textContent).toBe('−CN¥10');
    // (besides the page's questions about the payment methods: GET /pay/methods, /location/info)
    expect(calls.filter((call) => call.path.startsWith('/order/')).map((call) => call.method)).toEqual(['POST']);

    // A reload of the tab shows the same order without spending the code again.
    cleanup();
    renderPay();
    await vi.waitFor(() => expect(screen.getByTestId('pay-details')).toBeTruthy());
    expect(calls.filter((call) => call.path.startsWith('/order/'))).toHaveLength(1);
  });

  it('says the code cannot be used, with the API message and what to do', async () => {
    serve(() => answer(null, 40401, 'The payment code has already been used'));
    renderPay('used_code');
    const alert = await vi.waitFor(() => screen.getByTestId('pay-code-failed'));
    expect(alert.textContent).toBe(
      'This payment code cannot be usedThe payment code has already been usedCreate a new QR code in the desktop app and scan it again.',
    );
  });

  it('pays with the payToken and the chosen method, polls with it, and ends on the success text', async () => {
    let status: TOrderInfo['status'] = 'PENDING_PAYMENT';
    const calls = serve(({ path }) => {
      if (path.startsWith('/order/createOrderByCodeId')) return answer(result);
      if (path === '/pay/payV2')
        return answer({
          kind: 'qr',
          orderId: 'Q2611240001',
          paymentNo: 'P1',
          amountFen: 3000,
          expiresAt: '2026-11-24T02:15:00.000Z',
          codeUrl: 'weixin://wxpay/1',
        });
      if (path === '/order/info/Q2611240001?payToken=pt_123') return answer(order(status));
      return undefined;
    });
    renderPay();
    await vi.waitFor(() => expect(screen.getByTestId('pay-submit')).toBeTruthy());
    fireEvent.click(screen.getByTestId('pay-method-WX'));
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'Scan with WeChat to pay' })).toBeTruthy());
    expect(calls.find((call) => call.path === '/pay/payV2')!.body).toEqual({
      orderId: 'Q2611240001',
      payMethod: 'WX',
      payClient: 'WEB',
      payToken: 'pt_123',
    });
    expect(screen.getByTestId('amount-due').textContent).toBe('Amount due: CN¥30');

    status = 'FULFILLED';
    await act(async () => vi.advanceTimersByTimeAsync(1500));
    const done = await vi.waitFor(() => screen.getByTestId('pay-success'));
    expect(done.textContent).toBe(
      'Payment successful10 screen wallsIt has been added to the account 138****8000. You can go back to the desktop app.',
    );
  });

  it('on a phone (the usual case: the desktop app’s code scanned by a phone), pays in the wallet app and follows the order on the way back', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/en/pay?qrCodeId=code_1');
    let status: TOrderInfo['status'] = 'PENDING_PAYMENT';
    const calls = serve(({ path }) => {
      if (path.startsWith('/order/createOrderByCodeId')) return answer(result);
      if (path === '/pay/payV2')
        return answer({
          kind: 'redirect',
          orderId: 'Q2611240001',
          paymentNo: 'P1',
          amountFen: 3000,
          expiresAt: '2026-11-24T02:15:00.000Z',
          url: 'https://wx.tenpay.example/checkmweb?p=1',
        });
      if (path === '/order/info/Q2611240001?payToken=pt_123') return answer(order(status));
      return undefined;
    });
    renderPay();
    await vi.waitFor(() => expect(screen.getByTestId('pay-submit')).toBeTruthy());
    fireEvent.click(screen.getByTestId('pay-method-WX'));
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://wx.tenpay.example/checkmweb?p=1'));
    expect(calls.find((call) => call.path === '/pay/payV2')?.body).toEqual({
      orderId: 'Q2611240001',
      payMethod: 'WX',
      payClient: 'H5',
      returnPath: '/en/pay?qrCodeId=code_1&payReturn=Q2611240001',
      payToken: 'pt_123',
    });
    cleanup();

    // back from WeChat: the code is not spent again, the order is followed with its payToken
    window.history.replaceState(null, '', '/en/pay?qrCodeId=code_1&payReturn=Q2611240001');
    renderPay();
    await vi.waitFor(() => expect(screen.getByTestId('phone-pay-panel')).toBeTruthy());
    status = 'PAID';
    await act(async () => vi.advanceTimersByTimeAsync(1500));
    await vi.waitFor(() => expect(screen.getByTestId('pay-success')).toBeTruthy());
    expect(calls.filter((call) => call.path.startsWith('/order/createOrderByCodeId'))).toHaveLength(1);
    assign.mockRestore();
    window.history.replaceState(null, '', '/');
  });

  it('names membership, channel and quality items with their term', async () => {
    const items: [TOrderItem, string][] = [
      [{ ...monitors, itemType: 'MEMBER', skuId: 'PRO_YEAR', timeUnit: 'YEAR', units: 1, quantity: 1 }, 'Pro membership · 1 year'],
      [{ ...monitors, itemType: 'CHANNEL', skuId: 'CHANNEL_M', timeUnit: 'MONTH', units: 1, quantity: 1 }, 'Global channel · 1 month'],
      [{ ...monitors, itemType: 'QUALITY', skuId: 'QUALITY_2K', timeUnit: null, units: 1, quantity: 1 }, 'Quality tier 2K · permanent'],
    ];
    for (const [item, name] of items) {
      serve(() => answer({ ...result, item, order: { ...result.order, items: [item] } }));
      window.sessionStorage.clear();
      renderPay(`code_${item.itemType}`);
      await vi.waitFor(() => expect(screen.getByTestId('pay-details')).toBeTruthy());
      expect(details().Item).toBe(name);
      cleanup();
    }
  });
});
