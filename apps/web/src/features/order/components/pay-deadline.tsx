'use client';

import { useSyncExternalStore } from 'react';
import { formatDateTime, formatVisitorDateTime } from '@/lib/format';

// The payment deadline on a server-rendered page, as lib/format.ts decides for it: on the
// visitor's own clock with its offset, as the QR panel shows it. The server cannot know that
// clock, so its HTML (and a browser without script) has China time, labelled (UTC+8); the
// browser puts its own in while hydrating.

const unchanging = () => () => {};

/** An order's "pay by" date and time on the visitor's clock. */
export function PayDeadline({ iso, languageTag }: { iso: string; languageTag: string }) {
  const text = useSyncExternalStore(
    unchanging,
    () => formatVisitorDateTime(iso, languageTag),
    () => formatDateTime(iso, languageTag),
  );
  return <time dateTime={iso}>{text}</time>;
}
