// Visitor platform and in-app browser detection for the download page. Pure, so it is unit
// tested and runs in the browser without dependencies (a few hundred bytes).

type TDetectedPlatform = 'android' | 'windows' | 'ios' | 'macos' | 'linux';
type TDetectedDevice = 'androidPhone' | 'androidTablet' | 'iphone' | 'ipad' | 'desktop';

interface TPlatformHints {
  userAgent: string;
  /** navigator.userAgentData?.platform (Chromium), e.g. "Windows", "macOS", "Android" */
  uaPlatform?: string;
  /** navigator.maxTouchPoints: iPadOS 13+ reports a Mac user agent but has touch */
  maxTouchPoints?: number;
}

interface TDetection {
  platform: TDetectedPlatform | null;
  device: TDetectedDevice | null;
}

export function detectPlatform({ userAgent: ua, uaPlatform = '', maxTouchPoints = 0 }: TPlatformHints): TDetection {
  const hint = uaPlatform.toLowerCase();
  if (/android/i.test(ua) || hint === 'android') {
    return { platform: 'android', device: /mobile/i.test(ua) ? 'androidPhone' : 'androidTablet' };
  }
  if (/ipad/i.test(ua) || (/macintosh/i.test(ua) && maxTouchPoints > 1)) return { platform: 'ios', device: 'ipad' };
  if (/iphone|ipod/i.test(ua)) return { platform: 'ios', device: 'iphone' };
  if (/windows/i.test(ua) || hint === 'windows') return { platform: 'windows', device: 'desktop' };
  if (/macintosh|mac os x/i.test(ua) || hint === 'macos') return { platform: 'macos', device: 'desktop' };
  if (/cros/i.test(ua)) return { platform: null, device: null };
  if (/linux|x11/i.test(ua) || hint === 'linux') return { platform: 'linux', device: 'desktop' };
  return { platform: null, device: null };
}

/**
 * Messaging and payment apps whose built-in browser blocks or hides file downloads (WeChat, QQ,
 * Weibo, Alipay, DingTalk). The desktop WeChat browser also says MicroMessenger.
 */
export function isInAppBrowser(userAgent: string): boolean {
  return /MicroMessenger|\bQQ\/|Weibo|AlipayClient|DingTalk/i.test(userAgent);
}
