'use client';

import { useSyncExternalStore } from 'react';
import { detectPlatform, isInAppBrowser } from '../detect-platform';

const noSubscription = () => () => {};
// One string so the snapshot stays referentially stable between renders.
function readAgent(): string {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return [nav.userAgent, nav.userAgentData?.platform ?? '', nav.maxTouchPoints].join('\n');
}

/**
 * The visitor's platform and device as the browser tells them (null on the server and while
 * hydrating: the download page is static, the same HTML for everyone), and whether the page
 * is open in a messaging app's browser.
 */
export function useVisitorPlatform() {
  const agent = useSyncExternalStore(noSubscription, readAgent, () => null);
  if (agent === null) return { platform: null, device: null, inApp: false };
  const [userAgent = '', uaPlatform, touch] = agent.split('\n');
  return { ...detectPlatform({ userAgent, uaPlatform, maxTouchPoints: Number(touch) }), inApp: isInAppBrowser(userAgent) };
}
