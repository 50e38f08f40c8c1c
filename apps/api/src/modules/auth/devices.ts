import { type TDeviceType } from '@llk/contracts';
import { sha256Hex } from '../../infrastructure/secrets';

// What a user agent says about the device, for the sessions list, the sign-in history and the
// new-device rule. A small parser of the common families (no dependency): unknown agents come
// out as nulls and "unknown", never as an error.
//
// The new-device rule: a device is the pair (browser or app family, operating system) plus the
// device type, taken from the user agent: versions, IP and location do not count (a browser
// update or a trip is not a new device). A successful sign-in is from a NEW device when no
// earlier successful sign-in of the account (login_events) and none of its sessions still on
// file came from the same device key. Sign-up records its device, so the first log-in on the
// phone one signed up with is not "new". Requests without a user agent share one key.

export interface TDevice {
  browser: string | null;
  os: string | null;
  deviceType: TDeviceType;
}

const BROWSERS: [RegExp, string][] = [
  [/LLKRemote|LLK-Remote|llk-remote/i, 'LLK Remote'],
  [/MicroMessenger/i, 'WeChat'],
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser/, 'Samsung Internet'],
  [/UCBrowser/, 'UC Browser'],
  [/QQBrowser/, 'QQ Browser'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Chrome\/|CriOS|Chromium/, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//i, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/HarmonyOS|OpenHarmony/, 'HarmonyOS'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export function parseUserAgent(userAgent: string | null | undefined): TDevice {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null;
  let deviceType: TDeviceType = 'unknown';
  if (browser === 'LLK Remote') deviceType = 'app';
  else if (/iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))) deviceType = 'tablet';
  else if (/Mobi|iPhone|iPod|Android/.test(ua)) deviceType = 'mobile';
  else if (os) deviceType = 'desktop';
  return { browser, os, deviceType };
}

/** The device fingerprint kept with each sign-in (see the rule above). */
export function deviceKey(userAgent: string | null | undefined): string {
  const device = parseUserAgent(userAgent);
  const raw = userAgent
    ? `${device.browser ?? '?'}|${device.os ?? '?'}|${device.deviceType}|${device.browser || device.os ? '' : userAgent.slice(0, 256)}`
    : 'none';
  return sha256Hex(raw);
}
