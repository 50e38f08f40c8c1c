import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { localeEntries, type TLocale, type TOrderList, type TOrderQuote } from '@llk/contracts';
import {
  PASSWORD,
  createUser,
  localePath,
  logInThroughRedirect,
  textPattern,
  useLocale,
  whenHydrated,
  writesIn,
} from '../support/accounts';
import { fetchPricing, payInSandbox, rmb } from '../support/commerce';
import { createRedeemCode } from '../support/redeem-codes';

// Screen walls, seats and redemption codes in the account area, one whole journey
// per language: a new user with two devices registered as the desktop app does (POST
// /device/register with the user's token) buys two Pro seats through the order page (the
// seats page's buy link, the seat stepper, Pay Now, the payment sandbox), gives one
// to a device on /account/seats (and then sees when it may move again), redeems a screen-wall
// code and a membership-days code on /account/redeem (made as `npm run codes:create` makes
// them), and builds a two-device wall on /account/walls, arranged on its grid from the keyboard
// and by dragging, the order kept after a reload. zh-CN on a phone, en and ko on a desktop. With ACCOUNT_SHOTS=<dir> each page is also
// saved as a screenshot there.

type TTexts = Record<string, unknown>;
const root = path.resolve(import.meta.dirname, '../..');

function texts(locale: TLocale): { walls: TTexts; seats: TTexts; redeem: TTexts; shell: TTexts; order: TTexts; checkout: TTexts } {
  const read = (file: string) =>
    JSON.parse(readFileSync(path.join(root, 'apps/web/messages', locale, file), 'utf8')) as Record<string, TTexts>;
  const fleet = read('account-fleet.json');
  return {
    walls: fleet.AccountWalls!,
    seats: fleet.AccountSeats!,
    redeem: fleet.AccountRedeem!,
    shell: read('account-home.json').accountShell!,
    order: read('pages.json').OrderPage!,
    checkout: read('commerce.json').Order!,
  };
}

function at(tree: TTexts, key: string): string {
  let node: unknown = tree;
  for (const part of key.split('.')) node = (node as TTexts | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no message ${key}`);
  return node;
}

/** A message with its {count, plural, …} parts resolved for `count` (the only plural syntax the messages use). */
function plural(template: string, count: number, locale: TLocale): string {
  return template.replace(/\{count, plural, ((?:[=\w]+ \{[^{}]*\}\s*)+)\}/g, (_, branches: string) => {
    const forms = Object.fromEntries([...branches.matchAll(/([=\w]+) \{([^{}]*)\}/g)].map(([, form, text]) => [form, text ?? '']));
    const text = forms[`=${count}`] ?? forms[new Intl.PluralRules(localeEntries[locale].iso).select(count)] ?? forms.other ?? '';
    return text.replaceAll('#', String(count));
  });
}

/** {name} placeholders filled. */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The API as the desktop app and the order journeys call it: the user's token in Authorization. */
async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const response =
    method === 'GET'
      ? await request.get(`/api${url}`, { headers: { Authorization: token } })
      : await request.post(`/api${url}`, { data, headers: { Authorization: token } });
  const body = (await response.json()) as { errcode: number; errmsg: string; data: T };
  expect(body.errcode, `${url}: ${body.errmsg}`).toBe(0);
  return body.data;
}

const shots = process.env.ACCOUNT_SHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

async function noOverflow(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

const JOURNEYS = [
  { locale: 'zh-CN', size: { width: 390, height: 844 } },
  { locale: 'en', size: { width: 1280, height: 800 } },
  { locale: 'ko', size: { width: 1280, height: 800 } },
] as const satisfies ReadonlyArray<{ locale: TLocale; size: { width: number; height: number } }>;

for (const { locale, size } of JOURNEYS) {
  test(
    `${locale} ${size.width}: seats bought and given to a device, codes redeemed, a screen wall built`,
    writesIn(locale, 'ko'),
    async ({ page, context, request }) => {
      // sign-up, a sandbox payment, two CLI runs and three pages: slow on a loaded 2-core machine
      test.setTimeout(180_000);
      const t = texts(locale);
      const iso = localeEntries[locale].iso;
      await page.setViewportSize(size);
      await useLocale(context, locale);

      // the codes are printed by the CLI while the user signs up
      const codes = Promise.all([createRedeemCode('MONITOR', 2), createRedeemCode('MEMBER_DAYS', 30)]);
      const user = await createUser(request);
      const login = await request.post('/api/h5Login', { data: { loginType: 'account', account: user.username, password: PASSWORD } });
      const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
      expect(token).toBeTruthy();

      // two devices, registered the way the desktop app registers itself
      const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
      const office = (
        await call<{ device: { id: string; name: string } }>(request, token, 'POST', '/device/register', {
          deviceId: `e2e-office-${suffix}`,
          name: 'Office PC',
          clientType: 'WIN',
        })
      ).device;
      const studio = (
        await call<{ device: { id: string; name: string } }>(request, token, 'POST', '/device/register', {
          deviceId: `e2e-studio-${suffix}`,
          name: 'Studio Mac',
          clientType: 'MAC',
        })
      ).device;

      // /account/seats: log in on the way; no seats yet, and the link to buy them
      await page.goto(localePath(locale, '/account/seats'));
      await logInThroughRedirect(page, user, locale);
      await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/account/seats'));
      await expect(page.getByTestId('seats-empty')).toBeVisible();
      await page.getByTestId('seats-buy').click();

      // /order?plan=YEAR&seats=1: two Pro seats of a month each, paid in the sandbox
      await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/order') && url.searchParams.get('seats') === '1');
      await expect(page.getByRole('heading', { level: 1, name: at(t.order, 'seatsHeading') })).toBeVisible();
      await (await whenHydrated(page.getByTestId('seats-plus'))).click();
      await expect(page.getByTestId('seats-count')).toHaveValue('2');
      await page.getByTestId('plan-MONTH').check();
      // before Pay Now: the total, list price and discount for two seats, the server's (POST
      // /order/quote, the order's own pricing), never "calculated when the order is created"
      const month = (await fetchPricing(request, locale)).plans
        .find((plan) => plan.code === 'PRO')!
        .prices.find((price) => price.timeUnit === 'MONTH')!;
      const quoted = await call<TOrderQuote>(request, token, 'POST', '/order/quote', { skuId: month.skuId, asSeats: true, quantity: 2 });
      const summary = page.getByTestId('order-summary');
      await expect(page.getByTestId('order-total')).toHaveText(rmb(quoted.totalFen, locale));
      await expect(summary.locator('[data-row="original"] dd')).toHaveText(rmb(quoted.originalTotalFen, locale));
      await expect(summary.locator('[data-row="discount"] dd')).toContainText(rmb(quoted.discountFen, locale));
      await expect(page.getByTestId('order-total-pending')).toHaveCount(0);
      if (process.env.E2E_SHOTS) await page.screenshot({ path: `/tmp/shots/h2-quote-${locale}-${size.width}.png`, fullPage: true });
      // the QR journey (outside the zh pages the card comes first, ADR 0029)
      await page.getByTestId('pay-method-ZFB').check();
      await page.getByTestId('pay-now').click();
      await payInSandbox(page);
      await expect(page.getByTestId('order-success')).toBeVisible({ timeout: 20_000 });
      await noOverflow(page);
      await shot(page, `fleet-${locale}-${size.width}-order-seats`);
      // the order charged what the page showed
      const [bought] = (await call<TOrderList>(request, token, 'GET', '/order/list')).list;
      expect({ totalFen: bought?.totalFen, items: bought?.items }).toEqual({ totalFen: quoted.totalFen, items: quoted.items });
      // the seats exist once the order is fulfilled (the success shows from "paid")
      await expect
        .poll(async () => (await call<{ seats: unknown[] }>(request, token, 'GET', '/seat/list')).seats.length, { timeout: 20_000 })
        .toBe(2);
      await page.getByTestId('to-seats').click();

      // back on /account/seats: two free seats under the 7-day rule
      await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/account/seats'));
      await expect(page.getByRole('heading', { level: 1, name: at(t.shell, 'titles.seats') })).toBeVisible();
      await expect(page.getByTestId('seats-rule')).toContainText(fill(at(t.seats, 'rule'), { days: 7 }));
      const seats = page.getByTestId('seat');
      await expect(seats).toHaveCount(2);
      for (const seat of await seats.all()) {
        await expect(seat.getByTestId('seat-product')).toHaveText(at(t.seats, 'products.MEMBER'));
        await expect(seat.getByTestId('seat-holder')).toHaveText(at(t.seats, 'unassigned'));
      }
      await expect(page.getByTestId('account-nav').locator('[aria-current="page"]')).toHaveAttribute('data-section', 'seats');
      await noOverflow(page);
      await shot(page, `fleet-${locale}-${size.width}-seats`);
      // global channel seats are sold the same way, from the second link
      await page.getByTestId('seats-buy-channel').click();
      await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/order') && url.searchParams.get('item') === 'CHANNEL');
      await expect(page.getByRole('heading', { level: 1, name: at(t.order, 'channelSeatsHeading') })).toBeVisible();
      await expect(page.getByTestId('seats-count')).toHaveValue('1');
      // the hint says what a channel seat is, not a membership
      await expect(page.getByTestId('seats-stepper')).toContainText(fill(at(t.checkout, 'channelSeatsHint'), { max: 100 }));
      await noOverflow(page);
      await page.goBack();
      await expect(seats).toHaveCount(2);

      // the first seat goes to the studio Mac; it may move again in 7 days
      const first = seats.first();
      await first.getByRole('combobox', { name: at(t.seats, 'deviceLabel') }).selectOption(studio.id);
      await first.getByTestId('seat-assign-submit').click();
      await expect(first.getByTestId('seat-holder')).toHaveText(fill(at(t.seats, 'heldByDevice'), { name: studio.name }));
      // the exact moment (its last assignment + 7 days) on the reader's clock, with the offset: the
      // day of that moment, never the day after
      const [assigned] = (await call<{ seats: Array<{ movableFrom: string | null }> }>(request, token, 'GET', '/seat/list')).seats.filter(
        (seat) => seat.movableFrom,
      );
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      const movableDay = new Intl.DateTimeFormat(iso, { dateStyle: 'medium', timeZone: zone }).format(new Date(assigned!.movableFrom!));
      const [before, after] = at(t.seats, 'movableFrom').split('{date}');
      await expect(first.getByTestId('seat-move-limit')).toHaveText(
        new RegExp(
          `^${before!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${movableDay.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*\\d:\\d\\d.*UTC.*${fill(after!, { days: 7 }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
        ),
      );
      await expect(first.getByTestId('seat-assign')).toHaveCount(0);
      await expect(seats.nth(1).getByTestId('seat-holder')).toHaveText(at(t.seats, 'unassigned'));
      const listed = await call<{ seats: Array<{ assignee: { type: string; deviceId?: string } | null }> }>(
        request,
        token,
        'GET',
        '/seat/list',
      );
      expect(listed.seats.filter((seat) => seat.assignee?.type === 'DEVICE' && seat.assignee.deviceId === studio.id)).toHaveLength(1);
      await shot(page, `fleet-${locale}-${size.width}-seats-assigned`);

      // /account/walls before any wall is owned: it says so, where walls are sold, and links to the app's download
      await page.getByTestId('account-nav').locator('[data-section="walls"]').click();
      await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/account/walls'));
      await expect(page.getByTestId('walls-none')).toContainText(at(t.walls, 'noneTitle'));
      // sold in the desktop app only: the page says so and links to its download
      await expect(page.getByTestId('walls-buy')).toHaveAttribute('href', localePath(locale, '/download'));
      await expect(page.getByTestId('walls-none')).toContainText(at(t.walls, 'noneBody'));
      await shot(page, `fleet-${locale}-${size.width}-walls-none`);

      // /account/redeem: the screen-wall code typed in lower case without dashes is formatted as typed
      const [wallCode, daysCode] = await codes;
      await page.goto(localePath(locale, '/account/redeem'));
      await expect(page.getByRole('heading', { level: 1, name: at(t.shell, 'titles.redeem') })).toBeVisible();
      const field = page.getByLabel(at(t.redeem, 'codeLabel'));
      await field.pressSequentially(wallCode.replaceAll('-', '').toLowerCase());
      await expect(field).toHaveValue(wallCode);
      await page.getByTestId('redeem-submit').click();
      await expect(page.getByTestId('redeem-result')).toHaveAttribute('data-kind', 'MONITOR');
      await expect(page.getByTestId('redeem-result-text')).toHaveText(
        fill(plural(at(t.redeem, 'results.MONITOR'), 2, locale), { count: 2, total: 2 }),
      );
      await expect(field).toHaveValue('');

      // the membership-days code, pasted with dashes
      await field.fill(daysCode);
      await expect(field).toHaveValue(daysCode);
      await page.getByTestId('redeem-submit').click();
      await expect(page.getByTestId('redeem-result')).toHaveAttribute('data-kind', 'MEMBER_DAYS');
      await expect(page.getByTestId('redeem-result-text')).toHaveText(
        textPattern(plural(at(t.redeem, 'results.MEMBER_DAYS'), 30, locale).replace('{count}', '30')),
      );
      await noOverflow(page);
      await shot(page, `fleet-${locale}-${size.width}-redeem`);
      // the same code again: the API's refusal, in the page's language
      await field.fill(daysCode);
      await page.getByTestId('redeem-submit').click();
      await expect(page.getByTestId('redeem-error')).toBeVisible();
      expect((await page.getByTestId('redeem-error').innerText()).length).toBeGreaterThan(3);

      // /account/walls: two places; a wall of both devices, the studio Mac moved first
      await page.goto(localePath(locale, '/account/walls'));
      await expect(page.getByTestId('walls-usage')).toHaveText(fill(at(t.walls, 'usage'), { used: 0, owned: 2 }));
      await page.getByTestId('wall-new').click();
      await page.getByLabel(at(t.walls, 'nameLabel')).fill('Front desk');
      await page.getByRole('button', { name: fill(at(t.walls, 'addDevice'), { name: office.name }) }).click();
      await page.getByRole('button', { name: fill(at(t.walls, 'addDevice'), { name: studio.name }) }).click();
      await expect(page.getByTestId('wall-full')).toHaveText(fill(at(t.walls, 'full'), { owned: 2 }));
      await expect(page.getByTestId('walls-usage')).toHaveText(fill(at(t.walls, 'usage'), { used: 2, owned: 2 }));
      const order1 = page.getByTestId('wall-order').getByTestId('wall-device-name');
      await expect(order1).toHaveText([office.name, studio.name]);
      // the wall as its grid: two places side by side
      const tile = (id: string) => page.getByTestId('wall-order').locator(`[data-wall-device="${id}"] [data-tile]`);
      const [officeBox, studioBox] = [await tile(office.id).boundingBox(), await tile(studio.id).boundingBox()];
      expect(Math.abs(officeBox!.y - studioBox!.y)).toBeLessThan(2);
      expect(studioBox!.x).toBeGreaterThan(officeBox!.x + officeBox!.width - 1);
      // from the keyboard: select the Mac, move it left, put it down; each step is announced
      await tile(studio.id).focus();
      await page.keyboard.press('Enter');
      await expect(tile(studio.id)).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('ArrowLeft');
      await expect(order1).toHaveText([studio.name, office.name]);
      await expect(page.getByTestId('wall-announce')).toHaveText(
        fill(at(t.walls, 'movedTo'), { name: studio.name, position: 1, count: 2 }),
      );
      await expect(tile(studio.id)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(tile(studio.id)).toHaveAttribute('aria-pressed', 'false');
      if (process.env.E2E_SHOTS) await page.screenshot({ path: `/tmp/shots/h4-wall-${locale}-${size.width}.png`, fullPage: true });
      await noOverflow(page);
      await shot(page, `fleet-${locale}-${size.width}-wall-editor`);
      await page.getByTestId('wall-save').click();
      await expect(page.getByTestId('wall-editor')).toHaveCount(0);
      await expect(page.getByTestId('wall-name')).toHaveText('Front desk');
      await expect(page.getByTestId('wall-devices').locator('li')).toHaveText([studio.name, office.name]);
      const walls = await call<{ walls: Array<{ name: string; deviceIds: string[] }>; owned: number; used: number }>(
        request,
        token,
        'GET',
        '/monitorWall/list',
      );
      expect(walls).toMatchObject({ owned: 2, used: 2, walls: [{ name: 'Front desk', deviceIds: [studio.id, office.id] }] });
      await page.reload();
      await expect(page.getByTestId('walls-usage')).toHaveText(fill(at(t.walls, 'usage'), { used: 2, owned: 2 }));
      await expect(page.getByTestId('wall-devices').locator('li')).toHaveText([studio.name, office.name]);
      await noOverflow(page);
      await shot(page, `fleet-${locale}-${size.width}-walls`);
      // by dragging: the office PC dropped on the Mac's place, saved, and still so after a reload
      await (await whenHydrated(page.getByTestId('wall-edit'))).click();
      await expect(order1).toHaveText([studio.name, office.name]);
      await tile(office.id).dragTo(tile(studio.id));
      await expect(order1).toHaveText([office.name, studio.name]);
      await page.getByTestId('wall-save').click();
      await expect(page.getByTestId('wall-editor')).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId('wall-devices').locator('li')).toHaveText([office.name, studio.name]);
      expect(
        (await call<{ walls: Array<{ deviceIds: string[] }> }>(request, token, 'GET', '/monitorWall/list')).walls[0]!.deviceIds,
      ).toEqual([office.id, studio.id]);
    },
  );
}
