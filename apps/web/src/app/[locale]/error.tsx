'use client';

import { useSyncExternalStore } from 'react';
import { isCrawler } from '@/lib/crawler';

const noSubscription = () => () => {};

/** Error fallback of every page: only the text 'error' (spec section 2), nothing for crawlers. */
export default function PageError() {
  const crawler = useSyncExternalStore(noSubscription, () => isCrawler(navigator.userAgent), () => false);
  return crawler ? null : 'error';
}
