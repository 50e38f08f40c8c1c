import { createRequire } from 'node:module';
import { type Page, expect, test } from '@playwright/test';
import { SESSION_COOKIE } from '@llk/contracts';
import { type TLocale, locales } from '@llk/contracts/locales';
import { PASSWORD, createUser, localePath, useLocale } from '../support/accounts';
import { buyInSandbox } from '../support/customers';
import { misfits } from '../support/layout';
import { ACCOUNT_PAGES, LOGGED_IN_PUBLIC_PAGES, NOT_FOUND_PAGE, PUBLIC_PAGES, SESSION_PAGES } from '../support/site';

// Kept fixed: every public page and every account page, in all seven languages,
// logged out and logged in (with the longest account name, 20 characters, on the paid plan, whose
// header line is the longest), laid out at 320, 360, 390, 768, 1024, 1280, 1366, 1440 and 1920
// px with the phone menu opened where there is one: the document is never wider than the
// viewport and no header or navigation control is clipped. On each page type in each language,
// axe-core (WCAG 2.x A/AA and best practices) finds no serious or critical violation, logged out
// on every page and logged in on the account pages and the public pages whose content changes
// with a session. The fatal page (404) and an order's own page and receipt are among them. The
// file's tests run in parallel: one walk per language and session, about a minute each.
// The HTML of the same pages is validated in site-html.spec.ts.

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
// axe is added to the page as a script, which the site's Content-Security-Policy forbids
test.use({ bypassCSP: true });

interface TViolation {
  page: string;
  rule: string;
  impact: string;
  targets: string[];
}

async function seriousViolations(page: Page, route: string): Promise<TViolation[]> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addScriptTag({ path: axeSource });
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.slice(0, 3).map((node) => String(node.target.join(' '))),
    }));
  });
  return found
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ page: route, ...violation }));
}

async function visit(page: Page, locale: TLocale, route: string): Promise<void> {
  const response = await page.goto(localePath(locale, route));
  if (route === NOT_FOUND_PAGE) expect(response?.status(), route).toBe(404);
  else expect(response?.status(), route).toBeLessThan(400);
  // /order sends a visitor (no session cookie) on to /login once hydrated (LoginRedirect):
  // lay out where the visitor ends, not a page that navigates away while it is measured
  const visitor = !(await page.context().cookies()).some((cookie) => cookie.name === SESSION_COOKIE);
  if (visitor && /^\/order\b/.test(route)) await page.waitForURL(/\/login(\?|$)/);
  await expect(page.locator('main, [role="main"]').first(), route).toBeVisible();
}

/** Lays every route out at every width (and runs axe where `axe` says): what did not fit, what axe found. */
async function walk(page: Page, locale: TLocale, routes: readonly string[], axe: (route: string) => boolean) {
  const layout: { page: string; fits: Awaited<ReturnType<typeof misfits>> }[] = [];
  const violations: TViolation[] = [];
  for (const route of routes) {
    await visit(page, locale, route);
    const fits = await misfits(page);
    if (fits.length > 0) layout.push({ page: route, fits });
    if (axe(route)) violations.push(...(await seriousViolations(page, route)));
  }
  return { layout, violations };
}

test.describe.configure({ mode: 'parallel' });

for (const locale of locales) {
  test(`${locale}, logged out: every public page fits 320–1920 px and has no serious axe violation`, async ({ page, context }) => {
    test.setTimeout(180_000);
    await useLocale(context, locale);
    const found = await walk(page, locale, [...PUBLIC_PAGES, NOT_FOUND_PAGE], () => true);
    expect(found.layout).toEqual([]);
    expect(found.violations).toEqual([]);
  });

  test(`${locale}, logged in with a 20-character name on the paid plan: every public and account page fits 320–1920 px, and the account pages and the session's public pages have no serious axe violation`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(360_000);
    await useLocale(context, locale);
    // wide letters: W, M, Q and O; the last eight random so that parallel runs do not meet
    const wide = Array.from({ length: 8 }, () => 'WMQO'[Math.floor(Math.random() * 4)]).join('');
    const user = await createUser(page.request, { username: `W${'M'.repeat(11)}${wide}` });
    expect(user.username).toHaveLength(20);
    const login = await page.request.post('/api/h5Login', { data: { loginType: 'account', account: user.username, password: PASSWORD } });
    const session = (await login.json()) as { errcode: number; data: { access_token: string } };
    expect(session.errcode).toBe(0);
    // a year of membership, paid in the sandbox: the header shows the plan and its last day
    const me = (await (await request.get('/api/user/info', { headers: { authorization: session.data.access_token } })).json()).data as {
      id: string;
    };
    const order = await buyInSandbox(
      context,
      request,
      { token: session.data.access_token, id: me.id, username: user.username },
      'MEMBER_YEAR',
    );
    const routes = [...LOGGED_IN_PUBLIC_PAGES, ...ACCOUNT_PAGES, `/account/orders/${order.id}`, `/account/orders/${order.id}/receipt`];
    // axe logged in: the account pages, an order's, and the public pages whose content changes
    const found = await walk(page, locale, routes, (route) => !LOGGED_IN_PUBLIC_PAGES.includes(route) || SESSION_PAGES.includes(route));
    // and where the logged-in header first overflowed (es and fr from 1180 px)
    await page.goto(localePath(locale, '/notice'));
    await expect(page.locator('header [data-account-name]')).toHaveText(user.username);
    found.layout.push(...(await misfits(page, [1152, 1180])).map((fit) => ({ page: '/notice', fits: [fit] })));
    expect(found.layout).toEqual([]);
    expect(found.violations).toEqual([]);
  });
}

// The security and privacy page, reached from every page's footer, says what
// the product does (its sections, the retention table) and never shows a seal or a logo; the
// release history comes from the API's release notes. Laid out and checked by axe in the walks above.
test('the footer leads to /security, which states the practices, the retention and the release history', async ({ page, context }) => {
  await useLocale(context, 'fr');
  await page.goto(localePath('fr', '/pricing'));
  await page.locator('footer').getByRole('link', { name: 'Sécurité et confidentialité' }).click();
  await expect(page).toHaveURL(/\/fr\/security$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sécurité et confidentialité');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    'Comment votre compte est protégé',
    'Où vos données sont conservées, et combien de temps',
    'Effacer votre compte',
    'Historique des versions',
  ]);
  await expect(page.getByTestId('retention').locator('dt')).toHaveCount(6);
  await expect(page.getByTestId('no-claims')).toBeVisible();
  await expect(page.getByRole('main').locator('img')).toHaveCount(0);
  // a static page regenerated from the API: the cadence appears once the API's release notes are in
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('release-cadence')).toHaveText(/^\d+\u00a0versions sur l’ensemble des plateformes entre le /, {
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
});

// only when asked (E2E_SHOTS=1): the pictures to look at when the brand identity (ADR 0033) changes
if (process.env.E2E_SHOTS) {
  test('screenshots of the pages the brand identity changed (E2E_SHOTS)', async ({ browser }) => {
    test.setTimeout(180_000);
    const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    for (const locale of ['zh-CN', 'fr'] as const) {
      for (const width of [390, 1280]) {
        const mobile = width === 390;
        const context = await browser.newContext({
          viewport: { width, height: mobile ? 844 : 800 },
          ...(mobile ? { userAgent: phone, isMobile: true, hasTouch: true } : {}),
        });
        await useLocale(context, locale);
        const page = await context.newPage();
        for (const [name, route] of [
          ['404', NOT_FOUND_PAGE],
          ['security', '/security'],
          ['download', '/download'],
          ['pricing', '/pricing'],
          ['news', '/news-1'],
        ] as const) {
          await page.goto(localePath(locale, route));
          await page.screenshot({ path: `/tmp/shots/h6-${name}-${locale}-${width}.png`, fullPage: name !== 'pricing' });
        }
        await context.close();
      }
    }
  });
}
