import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, request as requests, test } from '@playwright/test';
import { LOCALE_COOKIE } from '@llk/contracts';
import { type TLocale, localeEntries, locales } from '@llk/contracts/locales';
import { PASSWORD, createUser, localePath } from '../support/accounts';
import { ACCOUNT_PAGES, NOT_FOUND_PAGE, PUBLIC_PAGES } from '../support/site';

// Every page answers 200 (the fatal page 404) in every language with its <html lang> and a title,
// and (so it stays fixed) the HTML of every page type in every language validates with the
// Nu Html Checker (npm's vnu-jar, run with the machine's Java; scripts/ensure-system-deps.sh
// installs one): 0 errors. The public pages as a visitor gets them, the account pages (an order's
// own page and receipt among them) and account switching as their owner does. Warnings (e.g. a redundant role) are not errors and do not fail.

const run = promisify(execFile);
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface TVnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

test('every page type in every language is valid HTML (Nu Html Checker: 0 errors)', async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'llk-vnu-'));
  // the account pages' owner, in a context of their own: `request` stays a visitor
  const owner = await requests.newContext({ baseURL });
  try {
    const user = await createUser(owner);
    const login = await owner.post('/api/h5Login', { data: { loginType: 'account', account: user.username, password: PASSWORD } });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    // a paid order (the sandbox's confirm page, posted as the payer's phone would) for its own page and receipt
    const created = (await (
      await owner.post('/api/order/createV2', { headers: { authorization: token }, data: { skuId: 'MEMBER_MONTH' } })
    ).json()) as { data: { id: string } };
    const pay = (await (
      await owner.post('/api/pay/payV2', {
        headers: { authorization: token },
        data: { orderId: created.data.id, payMethod: 'ZFB', payClient: 'WEB' },
      })
    ).json()) as { data: { codeUrl: string } };
    const confirm = new URL(pay.data.codeUrl);
    expect(
      (await owner.post(`${confirm.pathname}${confirm.search}`, { form: { t: confirm.searchParams.get('t') ?? '', lang: 'en' } })).status(),
    ).toBe(200);
    await expect
      .poll(
        async () =>
          (
            (await (await owner.get(`/api/order/info/${created.data.id}`, { headers: { authorization: token } })).json()) as {
              data: { status: string };
            }
          ).data.status,
      )
      .toBe('FULFILLED');
    const ownerPages = [
      ...ACCOUNT_PAGES,
      '/switchAccount',
      `/account/orders/${created.data.id}`,
      `/account/orders/${created.data.id}/receipt`,
    ];
    // a cookie header replaces the context's cookies: the session goes in it with the language
    const session = (await owner.storageState()).cookies.map((cookie) => `${cookie.name}=${cookie.value}; `).join('');

    const pages: { locale: string; route: string; as: APIRequestContext; cookie: string }[] = locales.flatMap((locale) => [
      ...[...PUBLIC_PAGES, NOT_FOUND_PAGE].map((route) => ({ locale, route, as: request, cookie: '' })),
      ...ownerPages.map((route) => ({ locale, route, as: owner, cookie: session })),
    ]);
    const files = new Map<string, string>();
    for (let i = 0; i < pages.length; i += 8) {
      await Promise.all(
        pages.slice(i, i + 8).map(async ({ locale, route, as, cookie }) => {
          const url = localePath(locale as TLocale, route);
          const response = await as.get(url, { headers: { cookie: `${cookie}${LOCALE_COOKIE}=${locale}` }, maxRedirects: 0 });
          expect(response.status(), url).toBe(route === NOT_FOUND_PAGE ? 404 : 200);
          const html = await response.text();
          expect(html, url).toMatch(new RegExp(`<html[^>]* lang="${localeEntries[locale as TLocale].iso}"`));
          expect(html, url).toMatch(/<title>[^<]+<\/title>/);
          const file = path.join(dir, `${locale}${route.replace(/[^a-z0-9]+/gi, '_')}.html`);
          writeFileSync(file, html);
          files.set(path.basename(file), `${locale} ${route}`);
        }),
      );
    }
    expect(files.size).toBe(locales.length * (PUBLIC_PAGES.length + 1 + ownerPages.length));

    const { stdout, stderr } = await run(
      'java',
      ['-Xss4m', '-jar', vnuJar, '--errors-only', '--format', 'json', '--exit-zero-always', dir],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(stderr || stdout) as { messages: TVnuMessage[] };
    const errors = report.messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .map((message) => ({
        page: files.get(path.basename(new URL(message.url).pathname)) ?? message.url,
        line: message.lastLine,
        message: message.message,
        extract: message.extract?.slice(0, 120),
      }));
    expect(errors).toEqual([]);
  } finally {
    await owner.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
});
