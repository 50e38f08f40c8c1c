import type { TCodeOrderResult, TOrderItem } from '@llk/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/commerce.json';
import type { TTexts } from '@/lib/texts';

// A reload of /pay with the order remembered for the tab, when the answer checker (a chunk loaded
// by import()) cannot be fetched: the page says so and never posts the used code again.

const walls: TOrderItem = {
  itemType: 'MONITOR',
  skuId: 'MONITOR_1',
  timeUnit: null,
  duration: 1,
  units: 5,
  quantity: 1,
  priceFen: 2000,
  originalPriceFen: 2000,
  discountFen: 0,
  amountFen: 2000,
};
const result: TCodeOrderResult = {
  order: {
    id: 'Q2611240002',
    status: 'CREATED',
    items: [walls],
    currency: 'CNY',
    totalFen: 2000,
    originalTotalFen: 2000,
    discountFen: 0,
    source: 'QR_CODE',
    createdAt: '2026-11-24T02:00:00.000Z',
    expiresAt: '2026-11-24T02:30:00.000Z',
    paidAt: null,
    fulfilledAt: null,
    payMethod: null,
    payClient: null,
    refundedFen: 0,
  },
  payToken: 'pt_456',
  account: '138****8000',
  nickname: 'Alice',
  item: walls,
  discountFen: 0,
};

async function renderPay(qrCodeId: string) {
  const { CodeCheckout } = await import('./code-checkout');
  render(
    <CodeCheckout
      qrCodeId={qrCodeId}
      planName="Pro"
      tiers={{}}
      locale="en"
      texts={{ Pay: en.Pay as unknown as TTexts, Order: en.Order as unknown as TTexts }}
    />,
  );
}

function orderCalls(fetch: { mock: { calls: [string, ...unknown[]][] } }): string[] {
  return fetch.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/order/'));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.doUnmock('../answer-checks');
  vi.resetModules();
  window.sessionStorage.clear();
});

describe('CodeCheckout when its answer checker cannot be loaded', () => {
  it('asks for a reload instead of spending the code a second time', async () => {
    window.sessionStorage.setItem('llk-pay:code_1', JSON.stringify({ order: { id: 'Q2611240001' }, payToken: 'pt_123' }));
    const fetch = vi.fn(async (_input: string) => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    vi.doMock('../answer-checks', () => {
      throw new Error('Loading chunk 512 failed');
    });
    await renderPay('code_1');
    const alert = await vi.waitFor(() => screen.getByTestId('pay-code-incomplete'));
    expect(alert.textContent).toBe(
      'This page did not finish loadingReload the page to see your order again. Your payment code has not been used a second time.',
    );
    expect(orderCalls(fetch)).toEqual([]);
  });

  it('keeps the answer of the code it spent before checking it, so the reload after a failed checker finds the order', async () => {
    const fetch = vi.fn(async (input: string) =>
      String(input).includes('/order/createOrderByCodeId')
        ? new Response(JSON.stringify({ errcode: 0, errmsg: 'ok', data: result }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : new Response(JSON.stringify({ errcode: 404, errmsg: 'not found', data: null }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
    );
    vi.stubGlobal('fetch', fetch);
    vi.doMock('../answer-checks', () => {
      throw new Error('Loading chunk 512 failed');
    });
    await renderPay('code_4');
    await vi.waitFor(() => screen.getByTestId('pay-code-incomplete'));
    expect(orderCalls(fetch)).toHaveLength(1);

    // the reload, with the chunk back
    cleanup();
    vi.doUnmock('../answer-checks');
    vi.resetModules();
    await renderPay('code_4');
    // (the checker and zod load afresh after the module reset: slow on a busy machine)
    await vi.waitFor(() => expect(screen.getByTestId('pay-details')).toBeTruthy(), { timeout: 15_000 });
    expect(orderCalls(fetch)).toHaveLength(1);
  });

  it('without a remembered answer, asks the API for the order (the checker is not needed first)', async () => {
    const { remembered } = await import('../remembered-order');
    vi.doMock('../answer-checks', () => {
      throw new Error('Loading chunk 512 failed');
    });
    await expect(remembered('code_2')).resolves.toBeNull();
  });

  it('with a remembered answer and no checker, refuses rather than answering "nothing remembered"', async () => {
    window.sessionStorage.setItem('llk-pay:code_3', '{"payToken":"pt_1"}');
    vi.doMock('../answer-checks', () => {
      throw new Error('Loading chunk 512 failed');
    });
    const { remembered, CheckerUnavailable } = await import('../remembered-order');
    await expect(remembered('code_3')).rejects.toBeInstanceOf(CheckerUnavailable);
  });
});
