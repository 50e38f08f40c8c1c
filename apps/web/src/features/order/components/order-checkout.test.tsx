import type { TOrderInfo, TOrderStatus, TPayResult } from '@llk/contracts';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/commerce.json';
import zh from '../../../../messages/zh-CN/commerce.json';
import { formatTime } from '@/lib/format';
import { browserZone } from '@/lib/visitor-zone';
import { session } from '@/lib/session';
import type { TTexts } from '@/lib/texts';
import { OrderCheckout, type TOrderOption } from './order-checkout';
// the answer schemas the page loads with its first request, loaded before the clock starts
import '../answer-checks';

// /order's client side with the pay client (lib/api.ts) over a fake fetch: prices come from the
// page's options (the server's), then from the order the API made; Pay Now makes one order with
// an Idempotency-Key, starts the payment, shows the QR and polls until the order is settled.

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  useParams: () => ({ locale: 'en' }),
  usePathname: () => '/en/order',
}));

interface TCall {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  key: string | null;
}

function answer(data: unknown, errcode = 0, errmsg = 'ok') {
  return new Response(JSON.stringify({ errcode, errmsg, data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

function serve(route: (call: TCall) => Response | undefined): TCall[] {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const call: TCall = {
        method: String(init.method),
        path: input.replace(/^\/api/, ''),
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
        key: new Headers(init.headers).get('Idempotency-Key'),
      };
      calls.push(call);
      return route(call) ?? answer(null, 404, 'not found');
    }),
  );
  return calls;
}

const options: TOrderOption[] = [
  { timeUnit: 'MONTH', skuId: 'PRO_MONTH', priceFen: 2999, originalPriceFen: 3999, discountFen: 1000 },
  { timeUnit: 'YEAR', skuId: 'PRO_YEAR', priceFen: 26800, originalPriceFen: 47988, discountFen: 21188 },
];

function order(status: TOrderStatus, overrides: Partial<TOrderInfo> = {}): TOrderInfo {
  return {
    id: 'O2611240001',
    status,
    items: [
      {
        itemType: 'MEMBER',
        skuId: 'PRO_YEAR',
        timeUnit: 'YEAR',
        duration: 1,
        units: 1,
        quantity: 1,
        priceFen: 26800,
        originalPriceFen: 47988,
        discountFen: 21188,
        amountFen: 26800,
      },
    ],
    currency: 'CNY',
    totalFen: 26800,
    originalTotalFen: 47988,
    discountFen: 21188,
    source: 'WEB',
    createdAt: '2026-11-24T02:00:00.000Z',
    expiresAt: '2026-11-24T02:30:00.000Z',
    paidAt: null,
    fulfilledAt: null,
    payMethod: null,
    payClient: null,
    refundedFen: 0,
    ...overrides,
  };
}

const qr: TPayResult = {
  kind: 'qr',
  orderId: 'O2611240001',
  paymentNo: 'P1',
  amountFen: 26800,
  expiresAt: '2026-11-24T02:15:00.000Z',
  codeUrl: 'https://qr.alipay.example/abc',
  sandbox: true,
};

function renderCheckout(props: Partial<Parameters<typeof OrderCheckout>[0]> = {}) {
  const rendered = render(
    <OrderCheckout options={options} initialUnit="YEAR" planName="Pro" locale="en" texts={en.Order as unknown as TTexts} {...props} />,
  );
  // the English page starts on the card (pay-methods.ts); these journeys pay with a wallet's QR code,
  // so the visitor picks Alipay first (inside WeChat the page itself moves to WeChat Pay)
  if (!props.wechatAppId) fireEvent.click(screen.getByTestId('pay-method-ZFB'));
  return rendered;
}

function summary(): Record<string, string> {
  const rows = within(screen.getByTestId('order-summary')).getAllByRole('term');
  return Object.fromEntries(rows.map((term) => [term.textContent!, term.nextElementSibling!.textContent!]));
}

beforeEach(() => {
  document.documentElement.lang = 'en';
  window.history.replaceState(null, '', '/en/order?timeUnit=YEAR');
  session.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: new Date('2026-11-24T02:01:00.000Z') });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('OrderCheckout', () => {
  it('shows the server prices of the chosen term and switches with the term', () => {
    serve(() => undefined);
    renderCheckout();
    expect(summary()).toEqual({ Price: 'CN¥268', 'Original price': 'CN¥479.88', Discount: '−CN¥211.88', 'To pay': 'CN¥268' });
    fireEvent.click(screen.getByTestId('plan-MONTH'));
    expect(summary()).toEqual({ Price: 'CN¥29.99', 'Original price': 'CN¥39.99', Discount: '−CN¥10', 'To pay': 'CN¥29.99' });
    expect(screen.getByRole('link', { name: 'Membership Agreement' }).getAttribute('href')).toBe('/en/legal/membership-agreement');
    // where people decide, whether this can charge them again by itself
    expect(screen.getByTestId('no-auto-charge').textContent).toContain('nothing is ever charged automatically');
  });

  it('shows the prices in Chinese on the Chinese page, and no discount line as ¥0', () => {
    serve(() => undefined);
    renderCheckout({
      locale: 'zh-CN',
      texts: zh.Order as unknown as TTexts,
      options: [{ ...options[0]!, originalPriceFen: 2999, discountFen: 0 }],
      initialUnit: 'MONTH',
    });
    const total = screen.getByTestId('order-total');
    expect(total.textContent).toBe('¥29.99');
    expect(screen.getByTestId('order-summary').querySelector('[data-row="discount"] dd')!.textContent).toBe('¥0');
  });

  it('shows its headings as the page phrase-broke them (the splitter stays on the server)', () => {
    renderCheckout({
      headings: {
        summaryHeading: (
          <>
            ご注文
            <wbr />
            内容
          </>
        ),
      },
    });
    const heading = screen.getAllByRole('heading').find((element) => element.textContent === 'ご注文内容');
    expect(heading?.innerHTML).toBe('ご注文<wbr>内容');
    expect(heading?.classList.contains('break-keep')).toBe(true);
  });

  it('pays: one order with a key, the QR with the amount due, then polling until paid and the new expiry', async () => {
    let status: TOrderStatus = 'PENDING_PAYMENT';
    const calls = serve(({ method, path }) => {
      if (method === 'POST' && path === '/order/createV2') return answer(order('CREATED'));
      if (path === '/pay/payV2') return answer(qr);
      if (path === '/order/info/O2611240001') return answer(order(status));
      if (path === '/user/info')
        return answer({
          id: 'u1',
          username: 'alice_01',
          nickname: 'Alice',
          mobile: null,
          email: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          member: { plan: 'PRO', expiresAt: '2027-11-24T02:00:00.000Z', active: true },
        });
      if (path === '/user/currentMemberLevel') return answer({ plan: 'PRO', expiresAt: '2027-11-24T02:00:00.000Z', active: true });
      return undefined;
    });
    renderCheckout();
    fireEvent.click(screen.getByTestId('pay-now'));
    await vi.waitFor(() => expect(screen.getByTestId('payment-panel')).toBeTruthy());

    expect(calls.slice(0, 2).map(({ method, path, body }) => [method, path, body])).toEqual([
      ['POST', '/order/createV2', { skuId: 'PRO_YEAR' }],
      ['POST', '/pay/payV2', { orderId: 'O2611240001', payMethod: 'ZFB', payClient: 'WEB' }],
    ]);
    expect(calls[0]!.key).toMatch(/^web-[A-Za-z0-9_-]+$/);
    const panel = screen.getByTestId('payment-panel');
    expect(within(panel).getByRole('heading').textContent).toBe('Scan with Alipay to pay');
    expect(screen.getByTestId('amount-due').textContent).toBe('Amount due: CN¥268');
    // the deadline on the visitor's own clock (this machine's zone) with its offset, as the order's page shows it
    const visitorClock = formatTime('2026-11-24T02:15:00.000Z', 'en', browserZone());
    expect(visitorClock).toMatch(/ \(UTC([+-]\d{1,2}(:\d\d)?)?\)$/);
    expect(within(panel).getByText(/^Please pay before/).textContent).toBe(`Please pay before ${visitorClock}`);
    expect(screen.getByTestId('sandbox-link').getAttribute('href')).toBe('https://qr.alipay.example/abc');
    expect(screen.getByRole('img', { name: 'Payment QR code' }).getAttribute('data-qr-value')).toBe('https://qr.alipay.example/abc');
    expect((screen.getByTestId('plan-MONTH') as HTMLInputElement).closest('fieldset')!.disabled).toBe(true);

    await act(async () => vi.advanceTimersByTimeAsync(1500));
    expect(calls.filter((call) => call.path === '/order/info/O2611240001')).toHaveLength(1);
    expect(screen.queryByTestId('order-success')).toBeNull();

    status = 'PAID';
    await act(async () => vi.advanceTimersByTimeAsync(1500));
    await vi.waitFor(() =>
      expect(screen.getByTestId('order-success-detail').textContent).toBe('Your Pro membership is active until November 24, 2027.'),
    );
    expect(screen.getByText('Order number O2611240001')).toBeTruthy();
  });

  it('on a phone outside WeChat: the wallet app’s page instead of a QR code, then back to this page, which follows the order until paid', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let status: TOrderStatus = 'PENDING_PAYMENT';
    const redirect: TPayResult = {
      kind: 'redirect',
      orderId: 'O2611240001',
      paymentNo: 'P1',
      amountFen: 26800,
      expiresAt: '2026-11-24T02:15:00.000Z',
      url: 'https://mclient.alipay.example/cashier?x=1',
    };
    const calls = serve(({ method, path }) => {
      if (method === 'POST' && path === '/order/createV2') return answer(order('CREATED'));
      if (path === '/pay/payV2') return answer(redirect);
      if (path === '/order/info/O2611240001') return answer(order(status, { payMethod: 'ZFB', payClient: 'H5' }));
      if (path === '/user/info')
        return answer({
          id: 'u1',
          username: 'alice_01',
          nickname: 'Alice',
          mobile: null,
          email: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          member: { plan: 'PRO', expiresAt: '2027-11-24T02:00:00.000Z', active: true },
        });
      if (path === '/user/currentMemberLevel') return answer({ plan: 'PRO', expiresAt: '2027-11-24T02:00:00.000Z', active: true });
      return undefined;
    });
    const { unmount } = renderCheckout();
    fireEvent.click(screen.getByTestId('pay-now'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://mclient.alipay.example/cashier?x=1'));
    expect(calls.find((call) => call.path === '/pay/payV2')?.body).toEqual({
      orderId: 'O2611240001',
      payMethod: 'ZFB',
      payClient: 'H5',
      returnPath: '/en/order?timeUnit=YEAR&payReturn=O2611240001',
    });
    unmount();

    // the wallet app sends the payer back: the page follows the same order, no new one is made
    window.history.replaceState(null, '', '/en/order?timeUnit=YEAR&payReturn=O2611240001');
    renderCheckout();
    await vi.waitFor(() => expect(screen.getByTestId('phone-pay-panel')).toBeTruthy());
    expect(window.location.search).toBe('?timeUnit=YEAR');
    expect(screen.getByRole('heading', { name: 'Finish paying in Alipay' })).toBeTruthy();
    expect(screen.getByTestId('phone-pay-again').getAttribute('href')).toBe('https://mclient.alipay.example/cashier?x=1');
    status = 'PAID';
    await act(async () => vi.advanceTimersByTimeAsync(1500));
    await vi.waitFor(() => expect(screen.getByTestId('order-success')).toBeTruthy());
    // in view with focus, not left at the footer
    await act(async () => vi.advanceTimersByTimeAsync(50));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('order-success')));
    expect(calls.filter((call) => call.path === '/order/createV2')).toHaveLength(1);
    assign.mockRestore();
  });

  it('switches to WeChat Pay from the QR panel with a new payment for the same order', async () => {
    const calls = serve(({ path, body }) => {
      if (path === '/order/createV2') return answer(order('CREATED'));
      if (path === '/pay/payV2') return answer({ ...qr, codeUrl: `weixin://pay/${String(body?.payMethod)}`, sandbox: false });
      if (path === '/order/info/O2611240001') return answer(order('PENDING_PAYMENT'));
      return undefined;
    });
    renderCheckout();
    fireEvent.click(screen.getByTestId('pay-now'));
    await vi.waitFor(() => expect(screen.getByTestId('payment-panel')).toBeTruthy());
    expect(screen.queryByTestId('sandbox-link')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay with WeChat Pay instead' }));
    await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'Scan with WeChat to pay' })).toBeTruthy());
    // the payment under way keeps its order: no second order is asked for
    expect(calls.filter((call) => call.path === '/order/createV2')).toHaveLength(1);
    expect(calls.filter((call) => call.path === '/pay/payV2').map((call) => [call.body?.orderId, call.body?.payMethod])).toEqual([
      ['O2611240001', 'ZFB'],
      ['O2611240001', 'WX'],
    ]);
  });

  it('shows the API message when the order cannot be made, and retries with the same key', async () => {
    let fail = true;
    const calls = serve(({ path }) => {
      if (path === '/order/createV2') return fail ? answer(null, 40001, 'This plan is not on sale') : answer(order('CREATED'));
      if (path === '/pay/payV2') return answer(qr);
      if (path === '/order/info/O2611240001') return answer(order('PENDING_PAYMENT'));
      return undefined;
    });
    renderCheckout();
    fireEvent.click(screen.getByTestId('pay-now'));
    const alert = await vi.waitFor(() => screen.getByTestId('payment-failed'));
    expect(alert.textContent).toContain('The payment could not be started');
    expect(alert.textContent).toContain('This plan is not on sale');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(screen.getByTestId('payment-panel')).toBeTruthy());
    const keys = calls.filter((call) => call.path === '/order/createV2').map((call) => call.key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says the order expired and makes a new one, with a new key, when asked', async () => {
    let created = 0;
    const calls = serve(({ path }) => {
      if (path === '/order/createV2') {
        created += 1;
        return answer(order('CREATED', { id: `O${created}` }));
      }
      if (path === '/pay/payV2') return answer(qr);
      if (path.startsWith('/order/info/')) return answer(order('EXPIRED', { id: 'O1' }));
      return undefined;
    });
    renderCheckout();
    fireEvent.click(screen.getByTestId('pay-now'));
    await vi.waitFor(() => expect(screen.getByTestId('payment-panel')).toBeTruthy());
    await act(async () => vi.advanceTimersByTimeAsync(1500));
    const expired = await vi.waitFor(() => screen.getByTestId('payment-expired'));
    expect(expired.textContent).toContain('This order has expired');
    fireEvent.click(within(expired).getByRole('button', { name: 'Create a new order' }));
    fireEvent.click(screen.getByTestId('pay-now'));
    await vi.waitFor(() => expect(calls.filter((call) => call.path === '/order/createV2')).toHaveLength(2));
    const [first, second] = calls.filter((call) => call.path === '/order/createV2');
    expect(second!.key).not.toBe(first!.key);
  });

  it('renews a cloud PC through its device and links to the device list when paid', async () => {
    const calls = serve(({ path }) => {
      if (path === '/cloudPc/devices/pc%201/renew') return answer({ order: order('CREATED') });
      if (path === '/pay/payV2') return answer(qr);
      if (path === '/order/info/O2611240001') return answer(order('FULFILLED'));
      if (path === '/user/info')
        return answer({
          id: 'u1',
          username: null,
          nickname: 'Alice',
          mobile: null,
          email: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          member: { plan: 'FREE', expiresAt: null, active: false },
        });
      if (path === '/user/currentMemberLevel') return answer({ plan: 'FREE', expiresAt: null, active: false });
      return undefined;
    });
    renderCheckout({ product: 'CLOUD_PC', renewDeviceId: 'pc 1', planName: 'Advanced', initialUnit: 'MONTH' });
    expect(screen.getByRole('link', { name: 'Value-Added Services Agreement' }).getAttribute('href')).toBe(
      '/en/legal/value-added-services',
    );
    fireEvent.click(screen.getByTestId('pay-now'));
    await vi.waitFor(() => expect(screen.getByTestId('payment-panel')).toBeTruthy());
    expect(calls[0]!.body).toEqual({ timeUnit: 'MONTH' });
    await act(async () => vi.advanceTimersByTimeAsync(1500));
    await vi.waitFor(() =>
      expect(screen.getByTestId('order-success-detail').textContent).toBe('Your cloud PC (Advanced) has been renewed.'),
    );
    expect(screen.getByTestId('to-cloud-pcs').getAttribute('href')).toBe('/en/cloudPc#cloud-pc-devices');
    // the header's account is refreshed too
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toContain('/user/currentMemberLevel'));
  });
});

describe('OrderCheckout buying seats (/order?seats=N)', () => {
  // The server's order for 3 seats: its own figures (here with a volume price the page could not
  // have guessed), shown as they are; the page never multiplies.
  const seatsOrder = (status: TOrderStatus) =>
    order(status, {
      items: [
        {
          itemType: 'MEMBER',
          skuId: 'PRO_YEAR',
          timeUnit: 'YEAR',
          duration: 1,
          units: 1,
          quantity: 3,
          priceFen: 26800,
          originalPriceFen: 47988,
          discountFen: 63564,
          amountFen: 79000,
        },
      ],
      totalFen: 79000,
      originalTotalFen: 143964,
      discountFen: 64964,
    });

  it('steps the count between 1 and 100, typed or with − and +, and keeps it in the address', () => {
    serve(() => undefined);
    renderCheckout({ seats: { initial: 99, adjusted: false } });
    const count = screen.getByLabelText('Seats') as HTMLInputElement;
    const minus = screen.getByRole('button', { name: 'One seat fewer' }) as HTMLButtonElement;
    const plus = screen.getByRole('button', { name: 'One seat more' }) as HTMLButtonElement;
    expect(count.value).toBe('99');
    fireEvent.click(plus);
    expect(count.value).toBe('100');
    expect(plus.disabled).toBe(true);
    expect(new URLSearchParams(window.location.search).get('seats')).toBe('100');
    expect(screen.getByTestId('order-seats-line').textContent).toBe('100 seats × CN¥268');

    fireEvent.change(count, { target: { value: '101' } });
    expect(screen.getByText('Enter a whole number from 1 to 100.')).toBeTruthy();
    expect(count.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByTestId('pay-now') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(count, { target: { value: '0' } });
    expect((screen.getByTestId('pay-now') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(count, { target: { value: '2.5' } });
    expect((screen.getByTestId('pay-now') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(count, { target: { value: '2' } });
    expect(screen.queryByText('Enter a whole number from 1 to 100.')).toBeNull();
    expect((screen.getByTestId('pay-now') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(minus);
    expect(count.value).toBe('1');
    expect(minus.disabled).toBe(true);
    expect(screen.getByTestId('order-seats-line').textContent).toBe('1 seat × CN¥268');
    expect(new URLSearchParams(window.location.search).get('seats')).toBe('1');
  });

  it('shows the server’s total, list price and discount for the count before Pay Now, asked again on every change', async () => {
    // POST /order/quote's figures: a volume price the page could not have guessed
    const quoteOf = (quantity: number) => ({
      items: [{ ...seatsOrder('CREATED').items[0]!, quantity }],
      currency: 'CNY',
      totalFen: quantity === 3 ? 79000 : 53600,
      originalTotalFen: 47988 * quantity,
      discountFen: 47988 * quantity - (quantity === 3 ? 79000 : 53600),
    });
    const calls = serve(({ path, body }) => (path === '/order/quote' ? answer(quoteOf(Number(body?.quantity))) : undefined));
    renderCheckout({ seats: { initial: 3, adjusted: false } });
    // asking: the total says so, and nothing is made up meanwhile
    expect(summary()).toEqual({ 'Price per seat': 'CN¥268', Seats: '3 seats × CN¥268', 'To pay': 'Calculating…' });
    await vi.waitFor(() => expect(screen.getByTestId('order-total').textContent).toBe('CN¥790'));
    expect(summary()).toEqual({
      'Price per seat': 'CN¥268',
      Seats: '3 seats × CN¥268',
      'Original price': 'CN¥1,439.64',
      Discount: '−CN¥649.64',
      'To pay': 'CN¥790',
    });
    expect(calls.filter((call) => call.path === '/order/quote').map((call) => call.body)).toEqual([
      { skuId: 'PRO_YEAR', asSeats: true, quantity: 3 },
    ]);
    expect(calls.some((call) => call.path === '/order/createV2')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'One seat fewer' }));
    await vi.waitFor(() => expect(screen.getByTestId('order-total').textContent).toBe('CN¥536'));
    expect(summary()).toEqual({
      'Price per seat': 'CN¥268',
      Seats: '2 seats × CN¥268',
      'Original price': 'CN¥959.76',
      Discount: '−CN¥423.76',
      'To pay': 'CN¥536',
    });
    expect(calls.filter((call) => call.path === '/order/quote').at(-1)?.body).toEqual({ skuId: 'PRO_YEAR', asSeats: true, quantity: 2 });

    // no valid count: no figures, and the row says what to do
    fireEvent.change(screen.getByLabelText('Seats'), { target: { value: '0' } });
    expect(summary()['To pay']).toBe('Enter a number of seats to see the total');
    expect(screen.queryByTestId('order-total')).toBeNull();
    expect(screen.queryByTestId('seats-adjusted')).toBeNull();
  });

  it('says the total comes with the order when the quote cannot be had', async () => {
    serve(() => undefined);
    renderCheckout({ seats: { initial: 3, adjusted: false } });
    await vi.waitFor(() => expect(summary()['To pay']).toBe('Calculated when your order is created'));
    expect(screen.queryByTestId('order-total')).toBeNull();
  });

  it('says when the link’s count was replaced by 1', () => {
    serve(() => undefined);
    renderCheckout({ seats: { initial: 1, adjusted: true } });
    expect(screen.getByTestId('seats-adjusted').textContent).toBe(
      'The link asked for a number of seats we can’t sell (1 to 100), so we started you at 1 seat.',
    );
    expect((screen.getByLabelText('Seats') as HTMLInputElement).value).toBe('1');
  });

  it('orders the seats with asSeats and the quantity, shows the order’s totals, and links to the seats page when paid', async () => {
    let status: TOrderStatus = 'PENDING_PAYMENT';
    const calls = serve(({ path }) => {
      if (path === '/order/createV2') return answer(seatsOrder('CREATED'));
      if (path === '/pay/payV2') return answer({ ...qr, amountFen: 79000 });
      if (path === '/order/info/O2611240001') return answer(seatsOrder(status));
      if (path === '/user/info')
        return answer({
          id: 'u1',
          username: 'alice_01',
          nickname: 'Alice',
          mobile: null,
          email: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          member: { plan: 'FREE', expiresAt: null, active: false },
        });
      if (path === '/user/currentMemberLevel') return answer({ plan: 'FREE', expiresAt: null, active: false });
      return undefined;
    });
    renderCheckout({ seats: { initial: 2, adjusted: false } });
    fireEvent.click(screen.getByRole('button', { name: 'One seat more' }));
    fireEvent.click(screen.getByTestId('pay-now'));
    await vi.waitFor(() => expect(screen.getByTestId('payment-panel')).toBeTruthy());

    const create = calls.find((call) => call.path === '/order/createV2')!;
    expect(create.body).toEqual({ skuId: 'PRO_YEAR', asSeats: true, quantity: 3 });
    expect(create.key).toMatch(/^web-[A-Za-z0-9_-]+$/);
    expect(summary()).toEqual({
      'Price per seat': 'CN¥268',
      Seats: '3 seats × CN¥268',
      'Original price': 'CN¥1,439.64',
      Discount: '−CN¥649.64',
      'To pay': 'CN¥790',
    });
    expect(screen.getByTestId('amount-due').textContent).toBe('Amount due: CN¥790');
    expect((screen.getByRole('button', { name: 'One seat more' }) as HTMLButtonElement).disabled).toBe(true);

    status = 'FULFILLED';
    await act(async () => vi.advanceTimersByTimeAsync(1500));
    await vi.waitFor(() =>
      expect(screen.getByTestId('order-success-detail').textContent).toBe(
        'Your Pro seats (3 seats) are ready under Seats in your account, where you can give them to devices or accounts.',
      ),
    );
    expect(screen.getByTestId('to-seats').getAttribute('href')).toBe('/en/account/seats');
  });

  it('buys global channel seats (product CHANNEL) with asSeats under the value-added services agreement', async () => {
    const channelOrder = (status: TOrderStatus) =>
      order(status, {
        items: [
          {
            itemType: 'CHANNEL',
            skuId: 'CHANNEL_YEAR',
            timeUnit: 'YEAR',
            duration: 1,
            units: 1,
            quantity: 2,
            priceFen: 9800,
            originalPriceFen: 9800,
            discountFen: 0,
            amountFen: 19600,
          },
        ],
        totalFen: 19600,
        originalTotalFen: 19600,
        discountFen: 0,
      });
    const calls = serve(({ path }) => {
      if (path === '/order/createV2') return answer(channelOrder('CREATED'));
      if (path === '/pay/payV2') return answer({ ...qr, amountFen: 19600 });
      if (path === '/order/info/O2611240001') return answer(channelOrder('FULFILLED'));
      return undefined;
    });
    const channel = [{ timeUnit: 'YEAR' as const, skuId: 'CHANNEL_YEAR', priceFen: 9800, originalPriceFen: 9800, discountFen: 0 }];
    renderCheckout({ options: channel, planName: 'Global channel', product: 'CHANNEL', seats: { initial: 2, adjusted: false } });
    expect(screen.getByRole('link', { name: 'Value-Added Services Agreement' }).getAttribute('href')).toBe(
      '/en/legal/value-added-services',
    );
    fireEvent.click(screen.getByTestId('pay-now'));
    await vi.waitFor(() => expect(screen.getByTestId('payment-panel')).toBeTruthy());
    expect(calls.find((call) => call.path === '/order/createV2')!.body).toEqual({ skuId: 'CHANNEL_YEAR', asSeats: true, quantity: 2 });
    await act(async () => vi.advanceTimersByTimeAsync(1500));
    await vi.waitFor(() =>
      expect(screen.getByTestId('order-success-detail').textContent).toBe(
        'Your Global channel seats (2 seats) are ready under Seats in your account, where you can give them to devices or accounts.',
      ),
    );
    expect(screen.getByTestId('to-seats').getAttribute('href')).toBe('/en/account/seats');
  });

  it('makes a new order (a new key) for another count after a failed one', async () => {
    const calls = serve(({ path }) => (path === '/order/createV2' ? answer(null, 40001, 'Not now') : undefined));
    renderCheckout({ seats: { initial: 2, adjusted: false } });
    fireEvent.click(screen.getByTestId('pay-now'));
    await vi.waitFor(() => screen.getByTestId('payment-failed'));
    fireEvent.click(screen.getByRole('button', { name: 'One seat more' }));
    fireEvent.click(screen.getByTestId('pay-now'));
    await vi.waitFor(() => expect(calls.filter((call) => call.path === '/order/createV2')).toHaveLength(2));
    const [first, second] = calls.filter((call) => call.path === '/order/createV2');
    expect([first!.body?.quantity, second!.body?.quantity]).toEqual([2, 3]);
    expect(second!.key).not.toBe(first!.key);
  });
});

describe('OrderCheckout inside WeChat (JS_API)', () => {
  const WECHAT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.50';
  let assign: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    window.sessionStorage.clear();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT);
    assign = vi.fn();
  });
  afterEach(() => {
    delete window.WeixinJSBridge;
    vi.restoreAllMocks();
  });

  it('chooses WeChat Pay and first gets the payer through the silent OAuth round trip, without an order yet', async () => {
    const calls = serve(() => undefined);
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      href: 'http://localhost:3000/en/order?plan=YEAR',
      assign,
    } as Location);
    renderCheckout({ wechatAppId: 'wx123' });
    await vi.waitFor(() => expect((screen.getByTestId('pay-method-WX') as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByTestId('pay-method-ZFB'));
    expect(screen.getByTestId('alipay-in-wechat')).toBeTruthy();
    fireEvent.click(screen.getByTestId('pay-method-WX'));
    fireEvent.click(screen.getByTestId('pay-now'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const oauth = new URL(String(assign.mock.calls[0]![0]));
    expect(oauth.origin + oauth.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(oauth.searchParams.get('appid')).toBe('wx123');
    expect(oauth.searchParams.get('redirect_uri')).toBe('http://localhost:3000/en/order?plan=YEAR&wxpay=1');
    expect(calls).toEqual([]);
  });

  it('comes back with the code, learns the openid, resumes and opens the payment sheet, then polls until paid', async () => {
    window.history.replaceState(null, '', '/en/order?plan=YEAR&wxpay=1&code=CODE1&state=llkpay');
    const invoke = vi.fn((_name: string, _params: Record<string, string>, callback: (result: { err_msg?: unknown }) => void) =>
      callback({ err_msg: 'get_brand_wcpay_request:ok' }),
    );
    window.WeixinJSBridge = { invoke };
    let status: TOrderStatus = 'PENDING_PAYMENT';
    const calls = serve(({ path }) => {
      if (path === '/wxMp/openId?code=CODE1') return answer({ openid: 'oPAYER' });
      if (path === '/order/createV2') return answer(order('CREATED'));
      if (path === '/pay/payV2')
        return answer({
          kind: 'jsapi',
          orderId: 'O2611240001',
          paymentNo: 'P1',
          amountFen: 26800,
          expiresAt: '2026-11-24T02:15:00.000Z',
          params: { appId: 'wx123', paySign: 's' },
        });
      if (path === '/order/info/O2611240001') return answer(order(status));
      if (path === '/user/info')
        return answer({
          id: 'u1',
          username: null,
          nickname: 'Alice',
          mobile: null,
          email: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          member: { plan: 'PRO', expiresAt: '2027-11-24T02:00:00.000Z', active: true },
        });
      if (path === '/user/currentMemberLevel') return answer({ plan: 'PRO', expiresAt: '2027-11-24T02:00:00.000Z', active: true });
      return undefined;
    });
    renderCheckout({ wechatAppId: 'wx123' });
    await vi.waitFor(() => expect(screen.getByTestId('wechat-sheet-panel')).toBeTruthy());
    expect(window.location.search).toBe('?plan=YEAR');
    expect(calls.find((call) => call.path === '/pay/payV2')!.body).toEqual({
      orderId: 'O2611240001',
      payMethod: 'WX',
      payClient: 'JS_API',
      openid: 'oPAYER',
    });
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', { appId: 'wx123', paySign: 's' }, expect.any(Function));

    status = 'PAID';
    await act(async () => vi.advanceTimersByTimeAsync(1500));
    await vi.waitFor(() => expect(screen.getByTestId('order-success')).toBeTruthy());
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toContain('/user/currentMemberLevel'));
  });

  it('goes back to the choice when the payer closes the sheet', async () => {
    window.sessionStorage.setItem('llk-wx-openid', 'oPAYER');
    window.WeixinJSBridge = { invoke: (_name, _params, callback) => callback({ err_msg: 'get_brand_wcpay_request:cancel' }) };
    const calls = serve(({ path }) => {
      if (path === '/order/createV2') return answer(order('CREATED'));
      if (path === '/pay/payV2')
        return answer({
          kind: 'jsapi',
          orderId: 'O2611240001',
          paymentNo: 'P1',
          amountFen: 26800,
          expiresAt: '2026-11-24T02:15:00.000Z',
          params: { appId: 'wx123' },
        });
      return undefined;
    });
    renderCheckout({ wechatAppId: 'wx123' });
    await vi.waitFor(() => expect((screen.getByTestId('pay-method-WX') as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByTestId('pay-now'));
    expect(screen.getByTestId('pay-now').textContent).toBe('Creating your order…');
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toContain('/pay/payV2'));
    await vi.waitFor(() => expect(screen.getByTestId('pay-now').textContent).toBe(en.Order.payNow));
    expect(calls.find((call) => call.path === '/pay/payV2')!.body).toMatchObject({ payClient: 'JS_API', openid: 'oPAYER' });
    expect(screen.queryByTestId('wechat-sheet-panel')).toBeNull();
  });
});
