import type { TLocation, TPayMethod } from '@llk/contracts';
import { payApi as client } from '@/lib/api';

// Which payment methods the order and pay pages offer, in which order (ADR 0029):
// Alipay and WeChat Pay first for visitors in mainland China and on the zh pages, card first
// elsewhere; every method the server offers stays selectable. The server says whether cards
// are on (GET /pay/methods); the country comes from the location service (GET /location/info).

/** The two wallets, always offered. */
export const WALLETS: readonly TPayMethod[] = ['ZFB', 'WX'];
/** What the pages show before the server answered: every method (cards are on by default outside production). */
export const ALL_METHODS: readonly TPayMethod[] = ['ZFB', 'WX', 'CARD'];

/**
 * The method chosen when the page is drawn, from its language alone (the server's answer and the
 * country come later): Alipay on the zh pages, the card elsewhere. The choice moves afterwards
 * only when that method is not offered, or the visitor is in mainland China, and only while the
 * visitor has not picked one.
 */
export function initialPayMethod(tag: string): TPayMethod {
  return orderPayMethods(ALL_METHODS, tag, null)[0] ?? 'ZFB';
}

/** Wallets first on the zh pages or in mainland China, else card first. Pure (unit-tested). */
export function orderPayMethods(offered: readonly TPayMethod[], tag: string, countryCode: string | null): TPayMethod[] {
  const walletsFirst = tag.toLowerCase().startsWith('zh') || countryCode === 'CN';
  const wallets = offered.filter((method) => method !== 'CARD');
  const cards = offered.filter((method) => method === 'CARD');
  return walletsFirst ? [...wallets, ...cards] : [...cards, ...wallets];
}

let loading: Promise<{ offered: TPayMethod[]; countryCode: string | null }> | null = null;

/** The server's methods and the visitor's country, asked once per page load; the wallets alone when either is unknown. */
export function loadPayMethods(): Promise<{ offered: TPayMethod[]; countryCode: string | null }> {
  loading ??= Promise.all([
    client.get('/pay/methods', { silent: true, ignoreUnauthorized: true }).then(
      // the schema comes with the answer (answer-checks.ts brings zod, never the page's first scripts)
      async (data) => (await import('./answer-checks')).ZPayMethods.parse(data).methods,
      () => [...WALLETS],
    ),
    client.get<TLocation>('/location/info', { silent: true, ignoreUnauthorized: true }).then(
      (location) => location.countryCode ?? null,
      () => null,
    ),
  ]).then(([offered, countryCode]) => ({ offered, countryCode }));
  return loading;
}

/** Forgets the answers (tests). */
export function forgetPayMethods(): void {
  loading = null;
}
