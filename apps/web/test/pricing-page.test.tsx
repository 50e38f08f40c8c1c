import type { TMemberPricing } from '@llk/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pricingFromSeed } from '@/features/pricing/seed-fallback';

// The pricing page as the server renders it: every amount is the API's (GET
// /memberPricing/detail/v2 over a fake fetch at API_URL), formatted by lib/format.ts in the
// page's language; nothing is computed on the page. next-intl's server entry is replaced by
// use-intl's translator over the app's real messages (src/i18n/request.ts), as Next would give.

vi.mock('next-intl/server', async () => (await import('./support/next-stubs')).nextIntlServer());
vi.mock('next/navigation', () => ({
  notFound: () => {
    throw new Error('NEXT_NOT_FOUND');
  },
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  useParams: () => ({ locale: 'en' }),
  usePathname: () => '/en/pricing',
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

const { default: PricingPage } = await import('@/app/[locale]/(marketing)/pricing/page');

/** The seed's catalogue with amounts no formula gives, so what the page shows can only be the API's. */
function livePricing(): TMemberPricing {
  const pricing = pricingFromSeed('en');
  const pro = pricing.plans.find((plan) => plan.code === 'PRO')!;
  pro.prices = pro.prices.map((price) =>
    price.timeUnit === 'YEAR'
      ? {
          ...price,
          priceFen: 19900,
          originalPriceFen: 35988,
          discountFen: 16088,
          discountPercent: 45,
          monthlyPriceFen: 1658,
          savingFen: 16088,
          savingPercent: 44,
        }
      : {
          ...price,
          priceFen: 2999,
          originalPriceFen: 2999,
          discountFen: 0,
          discountPercent: 0,
          monthlyPriceFen: 2999,
          savingFen: 0,
          savingPercent: 0,
        },
  );
  return pricing;
}

function serve(pricing: TMemberPricing | null): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      asked.push(`${input} ${new Headers(init.headers).get('Accept-Language')}`);
      if (!pricing) throw new TypeError('fetch failed');
      return new Response(JSON.stringify({ errcode: 0, errmsg: 'ok', data: pricing }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

async function renderPage(locale: string) {
  render(await PricingPage({ params: Promise.resolve({ locale }) }));
}

beforeEach(() => {
  vi.stubEnv('API_URL', 'http://api.test');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('pricing page', () => {
  it('shows the API prices, discount and saving as given, annual selected first', async () => {
    const asked = serve(livePricing());
    await renderPage('en');
    expect(asked).toEqual(['http://api.test/memberPricing/detail/v2 en']);

    const annualTab = screen.getByRole('tab', { selected: true });
    // the tab shows the same discount as the card (one definition: list price against price)
    expect(annualTab.textContent).toBe('Annual45% off');
    const annual = screen.getByTestId('billing-panel-YEAR');
    expect(annual.hidden).toBe(false);
    const pro = annual.querySelector('[data-plan="PRO"]') as HTMLElement;
    expect(within(pro).getByTestId('plan-price').textContent).toBe('CN¥199');
    expect(within(pro).getByTestId('plan-original').textContent).toBe('CN¥359.88');
    expect(pro.textContent).toContain('45% off');
    expect(pro.textContent).toContain('CN¥16.58 a month, CN¥160.88 less than paying monthly');
    expect(within(pro).getByRole('link', { name: 'Buy annual membership' }).getAttribute('href')).toBe('/en/order?plan=YEAR');

    fireEvent.click(screen.getByRole('tab', { name: 'Monthly' }));
    const monthly = screen.getByTestId('billing-panel-MONTH');
    expect(monthly.hidden).toBe(false);
    const proMonthly = monthly.querySelector('[data-plan="PRO"]') as HTMLElement;
    expect(within(proMonthly).getByTestId('plan-price').textContent).toBe('CN¥29.99');
    expect(within(proMonthly).queryByTestId('plan-original')).toBeNull();
    expect(proMonthly.textContent).toContain('Pay month by month, switch to annual any time');
  });

  it('writes money in the page language (¥ in Chinese) and lists the add-ons with their terms', async () => {
    serve(livePricing());
    await renderPage('zh-CN');
    const pro = screen.getByTestId('billing-panel-YEAR').querySelector('[data-plan="PRO"]') as HTMLElement;
    expect(within(pro).getByTestId('plan-price').textContent).toBe('¥199');
    const addOns = within(screen.getByTestId('pricing-addons')).getAllByRole('listitem');
    const wall = addOns.find((item) => item.getAttribute('data-sku') === 'MONITOR_10')!;
    expect(wall.textContent).toContain('¥158');
    expect(wall.querySelector('s')!.textContent).toBe('¥180');
  });

  it('marks in the feature matrix what each plan includes, for screen readers too', async () => {
    serve(livePricing());
    await renderPage('en');
    const matrix = screen.getByRole('table', { name: 'Features of the free plan and of the membership, by group' });
    const cells = Array.from(matrix.querySelectorAll('td[data-included]'));
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells)
      expect(cell.textContent).toContain(cell.getAttribute('data-included') === 'true' ? 'Included' : 'Not included');
  });

  it('falls back to the seed catalogue when the API is down', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve(null);
    await renderPage('en');
    const seedYear = pricingFromSeed('en')
      .plans.find((plan) => plan.code === 'PRO')!
      .prices.find((price) => price.timeUnit === 'YEAR')!;
    expect(seedYear.priceFen).toBe(26800);
    const pro = screen.getByTestId('billing-panel-YEAR').querySelector('[data-plan="PRO"]') as HTMLElement;
    expect(within(pro).getByTestId('plan-price').textContent).toBe('CN¥268');
  });

  it('answers an unknown locale with not-found', async () => {
    serve(livePricing());
    await expect(PricingPage({ params: Promise.resolve({ locale: 'wp-login.php' }) })).rejects.toThrow('NEXT_NOT_FOUND');
  });
});
