import { describe, expect, it } from 'vitest';
import { bridgeOutcome, isWechatBrowser, takeOAuthAnswer, wechatOAuthUrl, WX_OAUTH_STATE } from './wechat-pay';

const WECHAT_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
const WECHAT_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x18002831) NetType/WIFI Language/zh_CN';
const WECOM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.16 MicroMessenger/7.0.1 Language/zh';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('isWechatBrowser', () => {
  it('knows the WeChat app on Android and iOS, not WeCom or Safari', () => {
    expect(isWechatBrowser(WECHAT_ANDROID)).toBe(true);
    expect(isWechatBrowser(WECHAT_IOS)).toBe(true);
    expect(isWechatBrowser(WECOM)).toBe(false);
    expect(isWechatBrowser(SAFARI)).toBe(false);
  });
});

describe('wechatOAuthUrl', () => {
  it('asks for a silent snsapi_base code and comes back to the same page with the resume flag', () => {
    const url = new URL(wechatOAuthUrl('wx123', 'https://llk.example/pay?qrCodeId=abc&code=old&state=llkpay#top'));
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(url.hash).toBe('#wechat_redirect');
    expect(url.searchParams.get('appid')).toBe('wx123');
    expect(url.searchParams.get('scope')).toBe('snsapi_base');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('state')).toBe(WX_OAUTH_STATE);
    expect(url.searchParams.get('redirect_uri')).toBe('https://llk.example/pay?qrCodeId=abc&wxpay=1');
  });
});

describe('takeOAuthAnswer', () => {
  it('takes our code, the resume flag and leaves the rest of the query', () => {
    expect(takeOAuthAnswer('?qrCodeId=abc&wxpay=1&code=061xYz-Ab&state=llkpay')).toEqual({
      code: '061xYz-Ab',
      resume: true,
      rest: '?qrCodeId=abc',
    });
    expect(takeOAuthAnswer('?plan=YEAR')).toEqual({ code: null, resume: false, rest: '?plan=YEAR' });
  });

  it('ignores a code of somebody else’s state and a malformed code', () => {
    expect(takeOAuthAnswer('?code=abc&state=other')).toEqual({ code: null, resume: false, rest: '?code=abc&state=other' });
    expect(takeOAuthAnswer('?code=%3Cscript%3E&state=llkpay&wxpay=1')).toEqual({ code: null, resume: true, rest: '' });
  });
});

describe('bridgeOutcome', () => {
  it('maps getBrandWCPayRequest answers', () => {
    expect(bridgeOutcome('get_brand_wcpay_request:ok')).toBe('ok');
    expect(bridgeOutcome('get_brand_wcpay_request:cancel')).toBe('cancel');
    expect(bridgeOutcome('get_brand_wcpay_request:fail')).toBe('fail');
    expect(bridgeOutcome('get_brand_wcpay_request:fail_invalid appid')).toBe('fail');
    expect(bridgeOutcome(undefined)).toBe('fail');
  });
});
