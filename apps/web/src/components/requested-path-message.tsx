'use client';

import { useSyncExternalStore } from 'react';
import { fatalMessage } from '@/lib/fatal';

const noSubscription = () => () => {};

/**
 * 'Page Not Found: {path}' for pages that call notFound() themselves (an unknown article, a
 * guide topic that does not exist). Their not-found UI is shared with static pages, so the
 * path comes from the browser rather than from the request.
 */
export function RequestedPathMessage() {
  const path = useSyncExternalStore(
    noSubscription,
    () => window.location.pathname,
    () => null,
  );
  return path === null ? 'Page Not Found' : fatalMessage({ failure: 'notFound', path });
}
