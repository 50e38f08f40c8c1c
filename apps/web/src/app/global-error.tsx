'use client';

import { useSyncExternalStore } from 'react';
import { isCrawler } from '@/lib/crawler';

const noSubscription = () => () => {};

/** When the root layout itself fails: only the text 'error' (spec section 2), nothing for crawlers. */
export default function GlobalError() {
  const crawler = useSyncExternalStore(noSubscription, () => isCrawler(navigator.userAgent), () => false);
  return (
    <html lang="en">
      <body>{crawler ? null : 'error'}</body>
    </html>
  );
}
