import type { TJsapiSignature } from '@llk/contracts';
import { loadApi } from '@/lib/load-api';

// WeChat JS-SDK share setup, loaded on demand by <WechatShare> inside WeChat only: load the SDK,
// get a signature for this page from the API (GET /api/wxMp/getJsapiTicket), wx.config, then set
// the share data with updateAppMessageShareData / updateTimelineShareData, or the older
// onMenuShareAppMessage / onMenuShareTimeline on clients without them. Every failure is only
// logged: the page works the same without sharing.

/** The page policy names this exact file (server/security-headers.mjs, WECHAT_SDK_URL). */
export const WX_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
const SHARE_IMAGE_PATH = '/imgs/logo-120.png';
const JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData', 'onMenuShareAppMessage', 'onMenuShareTimeline'];

interface TShareData {
  title: string;
  desc?: string;
  link: string;
  imgUrl: string;
}

interface TWx {
  config(options: { debug: boolean; appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: string[] }): void;
  ready(callback: () => void): void;
  error(callback: (reason: unknown) => void): void;
  updateAppMessageShareData?(data: TShareData): void;
  updateTimelineShareData?(data: TShareData): void;
  onMenuShareAppMessage?(data: TShareData): void;
  onMenuShareTimeline?(data: TShareData): void;
}

declare global {
  interface Window {
    wx?: TWx;
  }
}

function loadSdk(): Promise<TWx> {
  if (window.wx) return Promise.resolve(window.wx);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = WX_SDK_URL;
    script.async = true;
    script.onload = () => (window.wx ? resolve(window.wx) : reject(new Error('the SDK defined no wx')));
    script.onerror = () => reject(new Error(`could not load ${WX_SDK_URL}`));
    document.head.appendChild(script);
  });
}

async function fetchSignature(url: string): Promise<TJsapiSignature> {
  const api = await loadApi();
  return api.get<TJsapiSignature>('/wxMp/getJsapiTicket', { query: { url }, silent: true, ignoreUnauthorized: true });
}

export async function setUpWechatShare({ title, desc }: { title: string; desc: string }): Promise<void> {
  try {
    const link = location.href.split('#')[0]!;
    const [wx, signature] = await Promise.all([loadSdk(), fetchSignature(link)]);
    const imgUrl = new URL(SHARE_IMAGE_PATH, location.origin).href;
    wx.config({ debug: false, ...signature, jsApiList: JS_API_LIST });
    wx.error((reason) => console.warn('WeChat share: wx.config failed', reason));
    wx.ready(() => {
      const message = { title, desc, link, imgUrl };
      const timeline = { title, link, imgUrl };
      if (wx.updateAppMessageShareData && wx.updateTimelineShareData) {
        wx.updateAppMessageShareData(message);
        wx.updateTimelineShareData(timeline);
      } else {
        wx.onMenuShareAppMessage?.(message);
        wx.onMenuShareTimeline?.(timeline);
      }
    });
  } catch (error) {
    console.warn('WeChat share: not set up', error);
  }
}
