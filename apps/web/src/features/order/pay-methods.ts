import { ZPayMethods, type TLocation, type TPayMethod } from '@llk/contracts';
import { payApi as client } from '@/lib/api';

// Which payment methods the order and pay pages offer, in which order (issue 32, ADR 0029):
// Alipay and WeChat Pay first for visitors in mainland China and on the zh pages, card first
// elsewhere; every method the server offers stays selectable. The server says whether cards
// are on (GET /pay/methods); the country comes from the location service (GET /location/info).

/** What the pages show before the server answered: the two wallets, always offered. */
export const WALLETS: readonly TPayMethod[] = ['ZFB', 'WX'];

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
      (data) => ZPayMethods.parse(data).methods,
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
