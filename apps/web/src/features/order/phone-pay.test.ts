import { describe, expect, it } from 'vitest';
import { isPhoneBrowser, rememberPhonePayment, returnPathFor, takePhonePayment } from './phone-pay';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const WECHAT = `${ANDROID} MicroMessenger/8.0.54.2760(0x28003637) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN`;
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('paying on a phone', () => {
  it('knows a phone outside WeChat from a desktop, a tablet and WeChat', () => {
    expect([IPHONE, ANDROID].map(isPhoneBrowser)).toEqual([true, true]);
    expect([ANDROID_TABLET, WECHAT, DESKTOP].map(isPhoneBrowser)).toEqual([false, false, false]);
  });

  it('comes back to the same page, marked with the order, and picks the payment up once', () => {
    const path = returnPathFor({ pathname: '/zh-tw/order', search: '?timeUnit=YEAR' }, 'O1');
    expect(path).toBe('/zh-tw/order?timeUnit=YEAR&payReturn=O1');
    const storage = window.sessionStorage;
    const payment = {
      kind: 'redirect',
      orderId: 'O1',
      paymentNo: 'P1',
      amountFen: 2990,
      expiresAt: '2026-11-25T02:30:00.000Z',
      url: 'https://pay.example/',
    } as const;
    rememberPhonePayment({ orderId: 'O1', payment, payToken: 'tok' }, storage);
    expect(takePhonePayment({ search: '?timeUnit=YEAR&payReturn=O1' }, storage)).toEqual({
      orderId: 'O1',
      pending: { orderId: 'O1', payment, payToken: 'tok' },
      rest: '?timeUnit=YEAR',
    });
    // taken: a reload follows the order from the address alone
    expect(takePhonePayment({ search: '?payReturn=O1' }, storage)).toEqual({ orderId: 'O1', pending: null, rest: '' });
    // another order's way back does not take this one's payment
    rememberPhonePayment({ orderId: 'O1', payment }, storage);
    expect(takePhonePayment({ search: '?payReturn=O2' }, storage)?.pending).toBeNull();
    expect(takePhonePayment({ search: '?timeUnit=YEAR' }, storage)).toBeNull();
  });
});
