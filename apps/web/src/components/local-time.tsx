'use client';

import { useSyncExternalStore } from 'react';
import { formatDate, formatDateTime, formatTime, SERVICE_TIME_ZONE } from '@/lib/format';
import { browserZone } from '@/lib/visitor-zone';

// Times on the reader's clock in client components and static pages (docs/adr/0031). The server
// cannot know the browser's zone: its HTML is in `serverZone` (the `llk-tz` cookie's on a dynamic
// page, China time on a static one, labelled either way), and the browser re-renders in its own
// zone right after hydrating. useSyncExternalStore's server snapshot is what makes that a
// re-render and not a hydration mismatch.

const unchanging = () => () => {};

/** The reader's zone: the browser's, `serverZone` while rendering on the server and hydrating. */
export function useVisitorZone(serverZone: string = SERVICE_TIME_ZONE): string {
  return useSyncExternalStore(unchanging, browserZone, () => serverZone);
}

type TKind = 'dateTime' | 'time' | 'date' | 'dateMedium';

function text(iso: string, languageTag: string, kind: TKind, zone: string): string {
  if (kind === 'time') return formatTime(iso, languageTag, zone);
  if (kind === 'date') return formatDate(iso, languageTag, 'long', zone);
  if (kind === 'dateMedium') return formatDate(iso, languageTag, 'medium', zone);
  return formatDateTime(iso, languageTag, zone);
}

/** A moment in a <time> element, on the reader's clock (times of day with its offset). */
export function LocalTime({ iso, languageTag, kind = 'dateTime', serverZone, className }: { iso: string; languageTag: string; kind?: TKind; serverZone?: string; className?: string }) {
  const zone = useVisitorZone(serverZone);
  return (
    <time dateTime={iso} className={className} data-zone={zone}>
      {text(iso, languageTag, kind, zone)}
    </time>
  );
}
