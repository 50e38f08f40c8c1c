import { type TLocale, type TQrCodeResult } from '@llk/contracts';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, createUser, localePath, useLocale } from '../support/accounts';
import { commerceTexts, text } from '../support/commerce';

// The desktop app's payment code scanned with WeChat opens /pay inside WeChat's browser, where a
// QR code is useless: WeChat Pay runs as JS_API. The official account's OAuth page and
// GET /wxMp/openId (the messaging platform) are stood in for in the browser; payV2 is the real
// API with the built-in sandbox gateway, which answers the JSAPI prepay like WeChat Pay does.
// WeixinJSBridge is a stand-in that records the sheet's parameters and answers as told.

const locale: TLocale = 'zh-CN';
const t = commerceTexts(locale);
const wechatAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.53(0x18003531) NetType/WIFI Language/zh_CN';
const OPENID = 'oE2E_payer_openid_0001';

const fakeBridge = `(() => {
  window.__wxPay = [];
  window.WeixinJSBridge = {
    invoke(name, params, callback) {
      const answers = JSON.parse(sessionStorage.getItem('e2e-wx-answers') || '[]');
      const answer = answers.shift() || 'fail';
      sessionStorage.setItem('e2e-wx-answers', JSON.stringify(answers));
      window.__wxPay.push({ name, params });
      setTimeout(() => callback({ err_msg: 'get_brand_wcpay_request:' + answer }), 50);
    },
  };
})();`;

type TSheetCall = { name: string; params: Record<string, string> };
const sheetCalls = (page: Page) => page.evaluate(() => (window as unknown as { __wxPay?: TSheetCall[] }).__wxPay ?? []);

test.use({ userAgent: wechatAgent });

test(
  'zh-CN: /pay inside WeChat gets the openid once through OAuth and opens the WeChat Pay sheet',
  { tag: '@writes' },
  async ({ page, context, request }) => {
    await useLocale(context, locale);
    await context.addInitScript(fakeBridge);
    const user = await createUser(request);
    const login = await request.post('/api/h5Login', { data: { loginType: 'account', account: user.username, password: PASSWORD } });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const created = await request.post('/api/order/createQRCodeId', { headers: { Authorization: token }, data: { skuId: 'MONITOR_10' } });
    const code = ((await created.json()) as { data: TQrCodeResult }).data;

    // The official account's silent OAuth: straight back with a code and our state.
    const authorizations: URL[] = [];
    await page.route('https://open.weixin.qq.com/**', async (route) => {
      const url = new URL(route.request().url());
      authorizations.push(url);
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', `e2e-code-${authorizations.length}`);
      back.searchParams.set('state', url.searchParams.get('state')!);
      await route.fulfill({ status: 302, headers: { location: back.toString() } });
    });
    const exchanged: string[] = [];
    await page.route('**/api/wxMp/openId?**', async (route) => {
      exchanged.push(new URL(route.request().url()).searchParams.get('code') ?? '');
      await route.fulfill({ json: { errcode: 0, errmsg: 'ok', data: { openid: OPENID } } });
    });
    const payments: Record<string, unknown>[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/pay/payV2')) payments.push(req.postDataJSON() as Record<string, unknown>);
    });

    // WeChat's scanner opens the page in its browser, not logged in to the site.
    await page.goto(localePath(locale, code.path));
    await expect(page).toHaveURL(new RegExp(`/pay\\?qrCodeId=${code.qrCodeId}$`));
    await expect(page.getByTestId('pay-details').locator('[data-row="account"] dd')).toHaveText(user.username);

    // Inside WeChat, WeChat Pay is preselected; Alipay says it can only show its code here.
    await expect(page.getByTestId('pay-method-WX')).toBeChecked();
    await page.getByTestId('pay-method-ZFB').check();
    await expect(page.getByTestId('alipay-in-wechat')).toHaveText(text(t, 'Order', 'alipayInWechat'));
    await page.getByTestId('pay-method-WX').check();

    // First payment: the payer cancels the sheet.
    await page.evaluate(() => sessionStorage.setItem('e2e-wx-answers', JSON.stringify(['cancel', 'ok'])));
    await page.getByTestId('pay-submit').click();

    // One OAuth round trip (snsapi_base, our state), back on the same code with the query cleaned.
    await expect.poll(() => exchanged).toEqual(['e2e-code-1']);
    expect(authorizations).toHaveLength(1);
    expect(authorizations[0]!.searchParams.get('scope')).toBe('snsapi_base');
    await expect(page).toHaveURL(new RegExp(`/pay\\?qrCodeId=${code.qrCodeId}$`));

    // The resumed payment asked the API for JS_API with the openid, and the sheet got WeChat's parameters.
    await expect.poll(async () => (await sheetCalls(page)).length).toBe(1);
    const [first] = await sheetCalls(page);
    expect(first!.name).toBe('getBrandWCPayRequest');
    expect(first!.params).toMatchObject({ signType: 'RSA' });
    expect(first!.params.package).toMatch(/^prepay_id=wx\w+$/);
    for (const key of ['appId', 'timeStamp', 'nonceStr', 'paySign']) expect(first!.params[key], key).toMatch(/\S/);
    expect(payments.at(-1)).toMatchObject({ payMethod: 'WX', payClient: 'JS_API', openid: OPENID });
    // Cancelled: back to the choice, nothing paid.
    await expect(page.getByTestId('pay-submit')).toBeVisible();

    // Second try: the openid is remembered (no second OAuth), the payer pays; the page waits for
    // the gateway's notification (only that makes the order paid).
    await page.getByTestId('pay-submit').click();
    await expect.poll(async () => (await sheetCalls(page)).length).toBe(2);
    await expect(page.getByTestId('wechat-sheet-panel')).toContainText(text(t, 'Order', 'wechatSheetHeading'));
    expect(authorizations).toHaveLength(1);
    expect(payments.filter((body) => body.payClient === 'JS_API')).toHaveLength(2);
  },
);
