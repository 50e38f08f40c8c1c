// WeChat Pay inside the WeChat browser (payment client JS_API). A QR code is useless on the
// phone that shows it, so there the order and pay pages pay through the official account:
//   1. the payer's openid: the page goes through the official account's OAuth redirect
//      (scope snsapi_base, silent) and comes back with ?code=…&state=llkpay; GET
//      /wxMp/openId turns the code into the openid, kept for this tab (sessionStorage);
//   2. POST /pay/payV2 { payClient: 'JS_API', openid } answers the getBrandWCPayRequest
//      parameters, signed by the API;
//   3. WeixinJSBridge shows WeChat's own payment sheet; the order page keeps polling the
//      order, because only the gateway's notification makes it paid.
// The redirect happens before an order is created, and the page resumes the payment when it
// returns (?wxpay=1), so no order is left behind by the round trip. Pure parts are unit-tested.

/** OAuth `state` that marks our own round trip. */
export const WX_OAUTH_STATE = 'llkpay';
/** Query flag: resume the WeChat payment after the OAuth round trip. */
const WX_RESUME_PARAM = 'wxpay';
const OPENID_KEY = 'llk-wx-openid';

/** The WeChat app's own browser (not WeCom, whose browser cannot pay with a WeChat Pay JSAPI order). */
export function isWechatBrowser(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent) && !/wxwork/i.test(userAgent);
}

/**
 * The official account's silent OAuth URL that comes back to `currentUrl` with `code` and
 * `state` (https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/Wechat_webpage_authorization.html).
 * Any earlier code/state is dropped and the resume flag set.
 */
export function wechatOAuthUrl(appId: string, currentUrl: string): string {
  const back = new URL(currentUrl);
  back.hash = '';
  back.searchParams.delete('code');
  back.searchParams.delete('state');
  back.searchParams.set(WX_RESUME_PARAM, '1');
  const query = new URLSearchParams({
    appid: appId,
    redirect_uri: back.toString(),
    response_type: 'code',
    scope: 'snsapi_base',
    state: WX_OAUTH_STATE,
  });
  return `https://open.weixin.qq.com/connect/oauth2/authorize?${query.toString()}#wechat_redirect`;
}

/**
 * Reads our OAuth answer from the page's query: the code (when the state is ours), whether to
 * resume the payment, and the query without code, state and the resume flag (for replaceState).
 */
export function takeOAuthAnswer(search: string): { code: string | null; resume: boolean; rest: string } {
  const params = new URLSearchParams(search);
  const code = params.get('state') === WX_OAUTH_STATE ? params.get('code') : null;
  const resume = params.get(WX_RESUME_PARAM) === '1';
  if (code !== null || params.get('state') === WX_OAUTH_STATE) {
    params.delete('code');
    params.delete('state');
  }
  params.delete(WX_RESUME_PARAM);
  const rest = params.toString();
  return { code: code && /^[\w-]{1,128}$/.test(code) ? code : null, resume, rest: rest ? `?${rest}` : '' };
}

type TBridgeOutcome = 'ok' | 'cancel' | 'fail';

/** getBrandWCPayRequest's err_msg → outcome ("get_brand_wcpay_request:ok" | ":cancel" | ":fail" …). */
export function bridgeOutcome(errMsg: unknown): TBridgeOutcome {
  if (typeof errMsg !== 'string') return 'fail';
  const suffix = errMsg
    .slice(errMsg.lastIndexOf(':') + 1)
    .trim()
    .toLowerCase();
  if (suffix === 'ok') return 'ok';
  if (suffix === 'cancel') return 'cancel';
  return 'fail';
}

export function rememberedOpenId(): string | null {
  try {
    return window.sessionStorage.getItem(OPENID_KEY);
  } catch {
    return null;
  }
}

export function rememberOpenId(openid: string): void {
  try {
    window.sessionStorage.setItem(OPENID_KEY, openid);
  } catch {
    // private mode: the next payment goes through the (silent) OAuth redirect again
  }
}

interface TBridge {
  invoke(name: 'getBrandWCPayRequest', params: Record<string, string>, callback: (result: { err_msg?: unknown }) => void): void;
}

declare global {
  interface Window {
    WeixinJSBridge?: TBridge;
  }
}

/** Opens WeChat's payment sheet with the API's parameters; resolves with what the payer did. */
export function invokeWechatPay(params: Record<string, string>, timeoutMs = 10_000): Promise<TBridgeOutcome> {
  return new Promise((resolve) => {
    const run = () => window.WeixinJSBridge!.invoke('getBrandWCPayRequest', params, (result) => resolve(bridgeOutcome(result?.err_msg)));
    if (window.WeixinJSBridge) {
      run();
      return;
    }
    // The bridge is injected a little after the page loads.
    const timer = setTimeout(() => resolve('fail'), timeoutMs);
    document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        clearTimeout(timer);
        run();
      },
      { once: true },
    );
  });
}
