'use client';

import { Fragment, type ReactNode } from 'react';
import { useVisitorPlatform } from './use-visitor-platform';

/**
 * The download page's platform cards: the visitor's own platform first (detected in the
 * browser; the server and a browser without JavaScript render `order` as it is), then the rest
 * in `order` (by share of our users: Windows, macOS, Android, iOS, Linux). The cards are moved
 * in the document, not only on screen, so reading and tabbing follow what is seen.
 */
export function PlatformCards<K extends string>({ order, cards }: { order: readonly K[]; cards: Record<K, ReactNode> }) {
  const { platform } = useVisitorPlatform();
  const first = order.find((key) => key === platform);
  const keys = first ? [first, ...order.filter((key) => key !== first)] : order;
  return (
    <div className="grid gap-5 lg:grid-cols-2" data-testid="platform-cards" data-first={first ?? ''}>
      {keys.map((key) => (
        <Fragment key={key}>{cards[key]}</Fragment>
      ))}
    </div>
  );
}
