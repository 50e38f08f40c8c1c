import { describe, expect, it } from 'vitest';
import { detectPlatform, isInAppBrowser } from './detect-platform';

const agents = {
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X910) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  ipadOld: 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  chromeOs: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  wechat:
    'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
};

describe('detectPlatform', () => {
  it.each([
    ['windows', 'windows', 'desktop'],
    ['mac', 'macos', 'desktop'],
    ['linux', 'linux', 'desktop'],
    ['androidPhone', 'android', 'androidPhone'],
    ['androidTablet', 'android', 'androidTablet'],
    ['iphone', 'ios', 'iphone'],
    ['ipadOld', 'ios', 'ipad'],
    ['wechat', 'android', 'androidPhone'],
  ] as const)('%s → %s (%s)', (agent, platform, device) => {
    expect(detectPlatform({ userAgent: agents[agent] })).toEqual({ platform, device });
  });

  it('treats a touch "Mac" as an iPad (iPadOS 13+ desktop-class Safari)', () => {
    expect(detectPlatform({ userAgent: agents.mac, maxTouchPoints: 5 })).toEqual({ platform: 'ios', device: 'ipad' });
  });

  it('uses the client hint when the user agent is reduced', () => {
    expect(detectPlatform({ userAgent: 'Mozilla/5.0', uaPlatform: 'Windows' }).platform).toBe('windows');
  });

  it('offers nothing for ChromeOS and unknown agents', () => {
    expect(detectPlatform({ userAgent: agents.chromeOs }).platform).toBeNull();
    expect(detectPlatform({ userAgent: 'curl/8.0' }).platform).toBeNull();
  });
});

describe('isInAppBrowser', () => {
  it('recognises WeChat, QQ, Weibo and Alipay', () => {
    expect(isInAppBrowser(agents.wechat)).toBe(true);
    expect(isInAppBrowser(`${agents.iphone} QQ/9.0.60.611 V1_IPH_SQ_9.0.60_1_APP_A Pixel/1170`)).toBe(true);
    expect(isInAppBrowser(`${agents.iphone} Weibo (iPhone15,2__weibo__14.5.0__iphone__os18.1)`)).toBe(true);
    expect(isInAppBrowser(`${agents.androidPhone} AlipayClient/10.6.0.8000`)).toBe(true);
  });

  it('leaves ordinary browsers alone', () => {
    expect(isInAppBrowser(agents.windows)).toBe(false);
    expect(isInAppBrowser(agents.iphone)).toBe(false);
  });
});
