import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { getContractMessages, localeEntries, type TConnectCheckResult } from '@llk/contracts';
import { DEVICE_CSV_TEXTS } from '../../apps/api/src/modules/devices/device-csv';
import { logIn, registerSimulatedDevices } from '../../apps/api/tools/devices-simulate';
import { PASSWORD, type TUser, apiBase, createUser, localePath, useLocale, writesIn } from '../support/accounts';
import { type TLocale } from '../support/site';

// The devices page: devices registered through the API the way
// `npm run devices:simulate` does (its own code), listed with their online state; more devices
// appear by the page's own refresh and bring the 80 % warning of the free plan's 10; a group is
// created and two devices moved into it; a device is shared with a second account, which sees
// it marked as shared with its permission; a device set to "Signed out" (LOGIN_OUT) is refused
// by POST /device/connectCheck with the policy reason; the CSV export downloads, and the other
// account leaves the share. One journey per language: zh-CN at phone size, en and ko on the
// desktop: each device's id first and copyable, the filters folded on a
// phone so the first device is on the first screen, an empty group that says so, one form of
// counts, a recipient told what they may do, the CSV in the page's language and the browser's zone.
// With E2E_SHOTS set, screenshots go to /tmp/shots/h4-devices-<locale>-<width>.png.

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
/** The zone each journey's browser is in: the CSV's times are on its clock, with its offset (ADR 0031). */
const ZONES: Partial<Record<TLocale, { id: string; offset: string }>> = {
  'zh-CN': { id: 'Asia/Shanghai', offset: 'UTC+8' },
  en: { id: 'Europe/Paris', offset: 'UTC+1' },
  ko: { id: 'Asia/Seoul', offset: 'UTC+9' },
  fr: { id: 'Europe/Paris', offset: 'UTC+1' },
};
const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `/tmp/shots/h4-${name}.png`, fullPage: true });
};

const root = path.resolve(import.meta.dirname, '../..');
type TTree = { [key: string]: string | TTree };
function devicesTexts(locale: TLocale) {
  const file = JSON.parse(readFileSync(path.join(root, 'apps/web/messages', locale, 'account-devices.json'), 'utf8')) as {
    AccountDevices: TTree;
  };
  const page = file.AccountDevices;
  return (key: string, values: Record<string, string | number> = {}): string => {
    let node: string | TTree | undefined = page;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`no text ${key} in ${locale}`);
    // the one plural form the messages use: {count, plural, one {…} other {…}} (# is the number)
    const plural = node.replace(/\{(\w+), plural, ((?:[=\w]+ \{[^{}]*\}\s*)+)\}/g, (whole, name: string, branches: string) => {
      const forms = Object.fromEntries([...branches.matchAll(/([=\w]+) \{([^{}]*)\}/g)].map(([, form, text]) => [form, text]));
      const count = Number(values[name]);
      return (forms[`=${count}`] ?? (count === 1 && forms.one !== undefined ? forms.one : (forms.other ?? whole))).replaceAll(
        '#',
        String(count),
      );
    });
    return plural.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const journeys: { locale: TLocale; viewport: typeof PHONE }[] = [
  { locale: 'zh-CN', viewport: PHONE },
  { locale: 'en', viewport: DESKTOP },
  { locale: 'ko', viewport: DESKTOP },
];

async function openDevices(browser: Browser, user: TUser, locale: TLocale, viewport: typeof PHONE): Promise<Page> {
  const phone = viewport.width < 600 ? { isMobile: true, hasTouch: true, userAgent: PHONE_UA } : {};
  const zone = ZONES[locale];
  const context = await browser.newContext({ viewport, acceptDownloads: true, ...phone, ...(zone ? { timezoneId: zone.id } : {}) });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await useLocale(context, locale);
  const page = await context.newPage();
  const login = await page.request.post('/api/h5Login', { data: { loginType: 'account', account: user.username, password: PASSWORD } });
  expect((await login.json()).errcode).toBe(0);
  await page.goto(localePath(locale, '/account/devices'));
  await page.waitForLoadState('load');
  return page;
}

/** The device names on the page, sorted (the list is newest first; devices registered in one go may share a timestamp). */
const names = async (page: Page) => (await page.getByTestId('device-name').allTextContents()).sort();
const row = (page: Page, name: string) =>
  page.getByTestId('device').filter({ has: page.getByTestId('device-name').getByText(name, { exact: true }) });

for (const { locale, viewport } of journeys) {
  test(
    `${locale} ${viewport.width}×${viewport.height}: devices listed online, grouped, shared, and a signed-out device refused`,
    writesIn(locale, 'en'),
    async ({ browser, request }) => {
      test.setTimeout(150_000);
      const t = devicesTexts(locale);
      const [owner, friend] = await Promise.all([createUser(request), createUser(request)]);
      const token = await logIn(apiBase, owner.username, PASSWORD);
      const simulation = { baseUrl: apiBase, token, prefix: `e2e-${locale}` };
      const devices = await registerSimulatedDevices({ ...simulation, count: 3 });
      // named by the simulator after their client types, in the contracts' order
      const [phone, tablet, iphone] = ['Android phone 1', 'Android tablet 2', 'iPhone 3'];

      const page = await openDevices(browser, owner, locale, viewport);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect.poll(() => names(page)).toEqual([phone, tablet, iphone].sort());
      // the id people connect with comes first on each device, and copies
      const first = row(page, tablet);
      await expect(first.getByTestId('device-id')).toHaveText(devices[1]!.deviceId);
      expect(
        await first
          .getByTestId('device-id-row')
          .evaluate(
            (id, name) => (id.compareDocumentPosition(name!) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
            await first.getByTestId('device-name').elementHandle(),
          ),
      ).toBe(true);
      await first.getByRole('button', { name: t('list.copyLabel', { name: tablet }) }).click();
      await expect(page.getByTestId('device-copied')).toHaveText(t('list.copied', { id: devices[1]!.deviceId }));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(devices[1]!.deviceId);
      // the filters: folded behind one button on a phone, open beside the list on the desktop
      const toggle = page.getByTestId('device-filters-toggle');
      if (viewport.width < 600) {
        await expect(page.getByTestId('device-filters')).toBeHidden();
        await expect(toggle).toHaveText(t('filters.toggle', { count: 0 }));
        // the first device is on the first screen
        await page.evaluate(() => window.scrollTo(0, 0));
        expect((await page.getByTestId('device').first().boundingBox())!.y).toBeLessThan(PHONE.height);
        await shot(page, `devices-${locale}-${viewport.width}`);
        await toggle.click();
        await expect(page.getByTestId('device-filters')).toBeVisible();
        await page.getByTestId('device-filters').locator('select[name="online"]').selectOption('online');
        await expect(toggle).toHaveText(t('filters.toggle', { count: 1 }));
        await page.getByRole('button', { name: t('filters.clear'), exact: true }).click();
        await expect(toggle).toHaveText(t('filters.toggle', { count: 0 }));
      } else {
        await expect(toggle).toBeHidden();
        await expect(page.getByTestId('device-filters')).toBeVisible();
        await shot(page, `devices-${locale}-${viewport.width}`);
      }
      for (const name of [phone, tablet, iphone]) await expect(row(page, name).getByTestId('device-online')).toHaveText(t('list.online'));
      await expect(row(page, tablet).getByTestId('device-version')).toHaveText(t('list.version', { version: '3.5.0' }));
      await expect(page.getByTestId('device-limit-warning')).toHaveCount(0);

      // Five more devices sign in meanwhile: the page shows them and the free plan's 80 % warning by itself.
      await registerSimulatedDevices({ ...simulation, count: 8 });
      await expect(page.getByTestId('device')).toHaveCount(8, { timeout: 25_000 });
      await expect(page.getByTestId('device-limit-warning')).toContainText(t('limitNear', { count: 8, limit: 10 }));
      // Export CSV downloads every device listed (the header row and eight devices).
      const download = page.waitForEvent('download');
      await page.getByTestId('device-export').click();
      const csv = readFileSync((await (await download).path())!, 'utf8');
      expect(csv.trimEnd().split('\r\n')).toHaveLength(9);
      // in the page's language, with a BOM, and on the browser's clock with its offset
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const [header, ...rows] = csv.slice(1).trimEnd().split('\r\n');
      expect(header).toBe(
        `"${DEVICE_CSV_TEXTS[locale].columns.deviceId}","${DEVICE_CSV_TEXTS[locale].columns.name}",${header!.split(',').slice(2).join(',')}`,
      );
      expect(header).toContain(`"${DEVICE_CSV_TEXTS[locale].columns.lastSeen}"`);
      for (const line of rows)
        expect(line).toMatch(new RegExp(`"\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} \\(${ZONES[locale]!.offset.replace('+', '\\+')}\\)"`));

      // A group, and two devices moved into it.
      const groupName = locale === 'en' ? 'Front desk' : locale === 'ko' ? '안내 데스크' : '前台';
      await page.getByTestId('group-create').click();
      const dialog = page.getByTestId('group-dialog');
      await dialog.getByLabel(t('groups.nameLabel')).fill(groupName);
      await dialog.getByTestId('group-save').click();
      await expect(dialog).toBeHidden();
      const group = page.getByTestId('group').filter({ hasText: groupName });
      await expect(group).toHaveAttribute('aria-current', 'true');
      // a new group says it is empty and how devices get in, not "no device matches the filters"
      await expect(page.getByTestId('devices-empty')).toHaveAttribute('data-empty', 'group');
      await expect(page.getByTestId('devices-empty')).toContainText(t('list.emptyGroup', { name: groupName }));
      await expect(page.getByTestId('devices-empty')).toContainText(t('list.emptyGroupHow'));
      await expect(page.getByText(t('list.noMatch'))).toHaveCount(0);
      await expect(group.getByTestId('group-count')).toHaveText(t('groups.count', { online: 0, total: 0 }));
      await shot(page, `devices-empty-group-${locale}-${viewport.width}`);
      await page.getByTestId('group-all').click();
      await expect(page.getByTestId('device')).toHaveCount(8);
      await page.getByLabel(t('list.select', { name: phone })).check();
      await page.getByLabel(t('list.select', { name: tablet })).check();
      await expect(page.getByTestId('batch-count')).toHaveText(t('batch.selected', { count: 2 }));
      await page.getByTestId('batch-bar').getByLabel(t('batch.moveLabel')).selectOption({ label: groupName });
      await page.getByTestId('batch-move').click();
      await expect(page.getByTestId('batch-bar')).toBeHidden();
      await group.click();
      await expect.poll(() => names(page)).toEqual([phone, tablet].sort());
      await expect(group.getByTestId('group-count')).toHaveText(t('groups.count', { online: 2, total: 2 }));
      await page.getByTestId('group-all').click();

      // Share the iPhone with the friend, for control.
      await row(page, iphone).getByTestId('device-share').click();
      const share = page.getByTestId('share-dialog');
      await share.getByLabel(t('share.accountLabel')).fill(friend.username);
      await share.getByLabel(t('share.permissionLabel')).selectOption('CONTROL');
      await share.getByTestId('share-submit').click();
      await expect(share.getByTestId('share')).toContainText(friend.username);
      await share.getByRole('button', { name: t('share.close'), exact: true }).click();
      await expect(share).toBeHidden();

      // The Android phone is signed out: its policy shows, and the broker refuses it.
      await row(page, phone).getByTestId('device-policy-open').click();
      const policy = page.getByTestId('policy-dialog');
      await policy.getByLabel(t('policies.LOGIN_OUT'), { exact: true }).check();
      await policy.getByTestId('policy-save').click();
      await expect(policy).toBeHidden();
      await expect(row(page, phone).getByTestId('device-policy')).toHaveText(t('list.policy', { policy: t('policies.LOGIN_OUT') }));
      const check = await request.post(`${apiBase}/device/connectCheck`, {
        data: { fromDeviceId: devices[0]!.id, toDeviceId: devices[1]!.id },
        headers: { authorization: token, 'accept-language': localeEntries[locale].iso },
      });
      const answer = (await check.json()) as { errcode: number; data: TConnectCheckResult };
      expect(answer.errcode).toBe(0);
      expect(answer.data).toEqual({
        allowed: false,
        reason: 'POLICY',
        message: getContractMessages(locale).errors.connectPolicy,
        sessionId: null,
      });

      // The friend sees the shared device, marked with who shared it and the permission.
      const friendPage = await openDevices(browser, friend, locale, viewport);
      await expect(friendPage.getByTestId('device-name')).toHaveText([iphone]);
      await expect(row(friendPage, iphone).getByTestId('device-shared')).toHaveText(
        t('list.sharedBy', { name: owner.username, permission: t('permissions.CONTROL') }),
      );
      // what the friend may do, not the owner's level ("Full access") beside their permission
      await expect(row(friendPage, iphone).getByTestId('device-access')).toHaveText(t('list.youMay.CONTROL'));
      await expect(row(friendPage, iphone).getByTestId('device-policy')).toHaveCount(0);
      await shot(friendPage, `devices-shared-${locale}-${viewport.width}`);
      // …and leaves the share: the device is gone from the list.
      await row(friendPage, iphone).getByTestId('device-share').click();
      await friendPage.getByTestId('share-dialog').getByTestId('share-leave').click();
      await expect(friendPage.getByTestId('devices-empty')).toHaveText(t('list.empty'));
      await friendPage.context().close();
      await page.context().close();
    },
  );
}

// The phone layout in a European language, and a CJK desktop (ADR 0036): the first
// device card starts on the first screen (the filters folded), and the ungrouped count reads in
// the groups' one form.
for (const { locale, viewport } of [
  { locale: 'fr', viewport: PHONE },
  { locale: 'ja', viewport: DESKTOP },
] as const) {
  test(`${locale} ${viewport.width}×${viewport.height}: the first devices on the first screen, ids first, counts in one form`, async ({
    browser,
    request,
  }) => {
    const t = devicesTexts(locale);
    const owner = await createUser(request);
    const token = await logIn(apiBase, owner.username, PASSWORD);
    const devices = await registerSimulatedDevices({ baseUrl: apiBase, token, prefix: `e2e-layout-${locale}`, count: 3 });
    const page = await openDevices(browser, owner, locale, viewport);
    await expect(page.getByTestId('device')).toHaveCount(3);
    await page.evaluate(() => window.scrollTo(0, 0));
    const card = (await page.getByTestId('device').first().boundingBox())!;
    expect(card.y).toBeLessThan(PHONE.height);
    if (viewport.width < 600) await expect(page.getByTestId('device-filters-toggle')).toHaveText(t('filters.toggle', { count: 0 }));
    // every device shows the id it is connected with
    expect((await page.getByTestId('device-id').allTextContents()).sort()).toEqual(devices.map((device) => device.deviceId).sort());
    // the ungrouped chip counts the groups' way ("online of total"), numbers formatted alike
    const groups = (await (await request.get(`${apiBase}/deviceGroup/list`, { headers: { authorization: token } })).json()) as {
      data: { ungroupedCount: number; ungroupedOnlineCount: number };
    };
    expect(groups.data.ungroupedCount).toBe(3);
    await expect(page.getByTestId('group-ungrouped').getByTestId('group-count')).toHaveText(
      t('groups.count', { online: groups.data.ungroupedOnlineCount, total: 3 }),
    );
    await shot(page, `devices-${locale}-${viewport.width}`);
    await page.context().close();
  });
}
