import type { TCloudPcPlans, TMemberPricing } from '@llk/contracts';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHtml } from './support/next-stubs';
import { cloudPcPlansFromSeed } from '@/features/cloud-pc/seed-fallback';
import { pricingFromSeed } from '@/features/pricing/seed-fallback';

// The order and cloud-PC pages as the server renders them (server components, so to HTML):
// a visitor is sent to /login and back, a logged-in user gets the checkout with the API's
// figures, the page says "unavailable" rather than sell from the seed, and the cloud-PC page
// shows the API's plans and prices. next-intl's server entry is use-intl's translator over the
// app's messages (src/i18n/request.ts); a missing message fails the test.

vi.mock('next-intl/server', async () => (await import('./support/next-stubs')).nextIntlServer());
const cookieJar = vi.hoisted(() => new Map<string, string>());
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (cookieJar.has(name) ? { name, value: cookieJar.get(name) } : undefined) }),
}));
vi.mock('next/navigation', () => ({
  notFound: () => {
    throw new Error('NEXT_NOT_FOUND');
  },
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  useParams: () => ({ locale: 'en' }),
  usePathname: () => '/en/order',
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

const { default: OrderPage } = await import('@/app/[locale]/(marketing)/order/page');
const { default: CloudPcPage } = await import('@/app/[locale]/(marketing)/cloudPc/page');
const { SESSION_COOKIE } = await import('@/features/auth/session-cookies');

const html = (node: ReactNode) => renderHtml(node);

const text = (doc: Document, selector: string) => doc.querySelector(selector)?.textContent ?? null;

function livePricing(): TMemberPricing {
  const pricing = pricingFromSeed('en');
  const pro = pricing.plans.find((plan) => plan.code === 'PRO')!;
  pro.prices = pro.prices.map((price) =>
    price.timeUnit === 'YEAR'
      ? { ...price, priceFen: 19900, originalPriceFen: 35988, discountFen: 16088 }
      : { ...price, priceFen: 2999, originalPriceFen: 3999, discountFen: 1000 },
  );
  return pricing;
}

function livePlans(): TCloudPcPlans {
  const plans = cloudPcPlansFromSeed().plans.map((plan) => ({ ...plan }));
  plans[0] = {
    ...plans[0]!,
    offers: plans[0]!.offers.map((offer) => (offer.timeUnit === 'MONTH' ? { ...offer, priceFen: 12345, originalPriceFen: 15000 } : offer)),
  };
  return { plans };
}

/** API_URL answers pricing and plans, or nothing at all. */
function serve(up: boolean): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(input);
      if (!up) throw new TypeError('fetch failed');
      const data = input.endsWith('/cloudPc/plans') ? livePlans() : livePricing();
      return new Response(JSON.stringify({ errcode: 0, errmsg: 'ok', data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

const order = (locale: string, query: Record<string, string | string[]>) =>
  OrderPage({ params: Promise.resolve({ locale }), searchParams: Promise.resolve(query) });

beforeEach(() => {
  vi.stubEnv('API_URL', 'http://api.test');
  vi.stubEnv('WX_APP_ID', '');
  cookieJar.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('order page', () => {
  it('sends a visitor to /login with the way back to the chosen term', async () => {
    serve(true);
    const doc = await html(await order('en', { plan: 'MONTH' }));
    const prompt = doc.querySelector('[data-testid="login-required"]')!;
    expect(prompt.textContent).toContain('Please log in to order and pay.');
    expect(prompt.querySelector('a')!.getAttribute('href')).toBe('/en/login?redirectUrl=%2Fen%2Forder%3Fplan%3DMONTH');
    expect(doc.querySelector('[data-testid="pay-now"]')).toBeNull();
  });

  it('gives a logged-in user the checkout with the API figures of the chosen term (YEAR when unknown)', async () => {
    cookieJar.set(SESSION_COOKIE, 'token');
    serve(true);
    let doc = await html(await order('en', { plan: 'MONTH' }));
    expect(text(doc, 'h1')).toBe('Order membership');
    expect(text(doc, '[data-testid="order-total"]')).toBe('CN¥29.99');
    expect(doc.querySelector('[data-testid="plan-MONTH"]')!.hasAttribute('checked')).toBe(true);

    doc = await html(await order('zh-CN', { plan: 'DECADE' }));
    expect(text(doc, '[data-testid="order-total"]')).toBe('¥199');
    expect(doc.querySelector('[data-testid="plan-YEAR"]')!.hasAttribute('checked')).toBe(true);
  });

  it('buys seats for ?seats=1–100, starts at 1 seat with a note otherwise, and keeps seats in a visitor’s way back', async () => {
    serve(true);
    let doc = await html(await order('en', { plan: 'YEAR', seats: '7' }));
    expect(doc.querySelector('[data-testid="login-required"] a')!.getAttribute('href')).toBe(
      '/en/login?redirectUrl=%2Fen%2Forder%3Fplan%3DYEAR%26seats%3D7',
    );

    cookieJar.set(SESSION_COOKIE, 'token');
    doc = await html(await order('en', { plan: 'YEAR', seats: '100' }));
    expect(text(doc, 'h1')).toBe('Buy membership seats');
    expect(doc.querySelector<HTMLInputElement>('[data-testid="seats-count"]')!.getAttribute('value')).toBe('100');
    expect(text(doc, '[data-testid="order-seats-line"]')).toBe('100 seats × CN¥199');
    expect(doc.querySelector('[data-testid="order-total"]')).toBeNull();
    expect(doc.querySelector('[data-testid="seats-adjusted"]')).toBeNull();

    for (const bad of ['0', '101', '2.5', 'abc', '']) {
      doc = await html(await order('en', { plan: 'YEAR', seats: bad }));
      expect(doc.querySelector('[data-testid="seats-count"]')!.getAttribute('value'), bad).toBe('1');
      expect(text(doc, '[data-testid="seats-adjusted"]'), bad).toBe(
        'The link asked for a number of seats we can’t sell (1 to 100), so we started you at 1 seat.',
      );
    }

    doc = await html(await order('ko', { plan: 'YEAR', seats: '2' }));
    expect(text(doc, 'h1')).toBe('멤버십 좌석 구매');

    doc = await html(await order('en', { plan: 'YEAR' }));
    expect(doc.querySelector('[data-testid="seats-stepper"]')).toBeNull();
    expect(text(doc, 'h1')).toBe('Order membership');
  });

  it('sells global channel seats for ?item=CHANNEL from the pricing’s add-ons, always as seats', async () => {
    serve(true);
    let doc = await html(await order('en', { item: 'CHANNEL', seats: '3' }));
    expect(doc.querySelector('[data-testid="login-required"] a')!.getAttribute('href')).toBe(
      '/en/login?redirectUrl=%2Fen%2Forder%3Fitem%3DCHANNEL%26plan%3DYEAR%26seats%3D3',
    );

    cookieJar.set(SESSION_COOKIE, 'token');
    const channel = livePricing().addOns.find((sku) => sku.itemType === 'CHANNEL')!;
    doc = await html(await order('en', { item: 'CHANNEL', seats: '3' }));
    expect(text(doc, 'h1')).toBe('Buy global channel seats');
    expect(doc.querySelector<HTMLInputElement>('[data-testid="seats-count"]')!.getAttribute('value')).toBe('3');
    expect(text(doc, '[data-testid="order-seats-line"]')).toBe(`3 seats × CN¥${channel.priceFen / 100}`);
    expect(doc.querySelector('a[href="/en/legal/value-added-services"]')).not.toBeNull();
    // without seats, one seat (a member's own channel is bought in the app)
    doc = await html(await order('zh-CN', { item: 'CHANNEL' }));
    expect(text(doc, 'h1')).toBe('购买全球通道席位');
    expect(doc.querySelector('[data-testid="seats-count"]')!.getAttribute('value')).toBe('1');
    expect(doc.querySelector('[data-testid="seats-adjusted"]')).toBeNull();
  });

  it('says prices are unavailable instead of selling from the seed when the API is down', async () => {
    cookieJar.set(SESSION_COOKIE, 'token');
    serve(false);
    const doc = await html(await order('en', {}));
    expect(text(doc, '[data-testid="order-unavailable"]')).toBe('Prices are unavailable right now. Please try again shortly.');
    expect(doc.querySelector('[data-testid="pay-now"]')).toBeNull();
  });

  it('sells a cloud-PC plan for ?sku=, names it with its configuration, and renews only a well-formed device id', async () => {
    cookieJar.set(SESSION_COOKIE, 'token');
    serve(true);
    const plan = livePlans().plans[0]!;
    const sku = plan.offers.find((offer) => offer.timeUnit === 'MONTH')!.skuId;
    let doc = await html(await order('en', { sku }));
    expect(text(doc, 'h1')).toBe('Rent a cloud PC');
    expect(text(doc, '[data-testid="order-total"]')).toBe('CN¥123.45');
    expect(doc.body.textContent).toContain(`Cloud PC Standard · ${plan.cores} cores / ${plan.threads} threads · ${plan.memoryGb} GB`);
    expect(doc.body.textContent).toContain('Value-Added Services Agreement');

    doc = await html(await order('en', { sku, renew: 'PC42' }));
    expect(text(doc, 'h1')).toBe('Renew your cloud PC');
    doc = await html(await order('en', { sku, renew: '../x' }));
    expect(text(doc, 'h1')).toBe('Rent a cloud PC');
  });

  it('keeps the sku and the device in the way back for a visitor renewing a cloud PC', async () => {
    serve(true);
    const sku = livePlans().plans[0]!.offers[0]!.skuId;
    const doc = await html(await order('en', { sku, renew: 'PC42' }));
    const href = doc.querySelector('[data-testid="login-required"] a')!.getAttribute('href')!;
    const back = new URL(href, 'http://x').searchParams.get('redirectUrl');
    expect(back).toBe(`/en/order?sku=${sku}&renew=PC42`);
  });
});

describe('cloud-PC page', () => {
  it('shows the API plans and prices, rent links to /order?sku=, and the visitor log-in with the way back', async () => {
    serve(true);
    const doc = await html(await CloudPcPage({ params: Promise.resolve({ locale: 'en' }) }));
    const plan = livePlans().plans[0]!;
    const month = plan.offers.find((offer) => offer.timeUnit === 'MONTH')!;
    expect(text(doc, `[data-testid="price-${plan.planId}-MONTH"]`)).toBe('CN¥123.45');
    expect(doc.querySelector(`[data-testid="rent-${month.skuId}"]`)!.getAttribute('href')).toBe(`/en/order?sku=${month.skuId}`);
    expect(doc.querySelectorAll('[data-testid="cloud-pc-plans"] > li')).toHaveLength(livePlans().plans.length);
    expect(doc.querySelector('[data-testid="cloud-pc-login-link"]')!.getAttribute('href')).toBe('/en/login?redirectUrl=%2FcloudPc');
    expect(doc.querySelector('[data-testid="provider-form"]')).not.toBeNull();
  });
});
