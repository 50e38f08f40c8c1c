'use client';

import { useSyncExternalStore } from 'react';
import { fill, formatDate, formatDateTime, formatTime, SERVICE_TIME_ZONE } from '@/lib/format';
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

/**
 * A moment in a <time> element, on the reader's clock (times of day with its offset). With
 * `template` (a message with one placeholder, `{date}` unless `name` says: "Published on {date}")
 * the element holds the whole sentence, so static pages can say it in the reader's calendar too;
 * `also` fills the template's other moments the same way ({ until: iso }).
 */
export function LocalTime({
  iso,
  languageTag,
  kind = 'dateTime',
  serverZone,
  className,
  template,
  name = 'date',
  also = {},
}: {
  iso: string;
  languageTag: string;
  kind?: TKind;
  serverZone?: string;
  className?: string;
  template?: string;
  name?: string;
  also?: Record<string, string>;
}) {
  const zone = useVisitorZone(serverZone);
  const moment = text(iso, languageTag, kind, zone);
  return (
    <time dateTime={iso} className={className} data-zone={zone}>
      {template === undefined
        ? moment
        : fill(template, {
            ...Object.fromEntries(Object.entries(also).map(([key, value]) => [key, text(value, languageTag, kind, zone)])),
            [name]: moment,
          })}
    </time>
  );
}
