'use client';

import type { TSessionLive, TSessionRecord } from '@llk/contracts';
import { useCallback, useEffect, useId, useState } from 'react';
import type { TTranslate } from '@/lib/texts';
import { loadLive } from '../connections-api';
import { LIVE_REFRESH_MS } from '../rules';
import { SessionRow } from './session-row';

// "Now": the sessions running on and from the caller's devices, refreshed every LIVE_REFRESH_MS
// while the tab is visible and at once when it comes back. A session disconnected here stays out
// of the list even if a round that left before the disconnect still lists it.

interface TLiveSessionsProps {
  initial: TSessionLive;
  t: TTranslate;
  tag: string;
  timeZone: string;
  network: string;
  onDisconnect: (record: TSessionRecord) => void;
  /** sessions disconnected from this page */
  gone: ReadonlySet<string>;
}

export function LiveSessions({ initial, t, tag, timeZone, network, onDisconnect, gone }: TLiveSessionsProps) {
  const [items, setItems] = useState(initial.items);
  const [stale, setStale] = useState(false);
  const titleId = useId();

  const refresh = useCallback(async () => {
    try {
      setItems((await loadLive(network, true)).items);
      setStale(false);
    } catch {
      setStale(true);
    }
  }, [network]);

  useEffect(() => {
    const visible = () => document.visibilityState === 'visible';
    const timer = setInterval(() => {
      if (visible()) void refresh();
    }, LIVE_REFRESH_MS);
    const onVisibility = () => {
      if (visible()) void refresh();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [refresh]);

  const shown = items.filter((item) => !gone.has(item.id));
  return (
    <section aria-labelledby={titleId} className="space-y-3" data-testid="live-sessions">
      <h2 id={titleId} className="text-lg font-semibold text-ink">
        {t('live.title')}
      </h2>
      {stale ? (
        <p role="status" className="text-sm text-amber-900" data-testid="live-stale">
          {t('live.refreshFailed')}
        </p>
      ) : null}
      {shown.length === 0 ? (
        <p className="rounded-control border border-dashed border-line p-4 text-center text-sm text-ink-muted" data-testid="live-empty">
          {t('live.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-control border border-green-600/40">
          {shown.map((record) => (
            <SessionRow
              key={record.id}
              record={record}
              t={t}
              tag={tag}
              timeZone={timeZone}
              onDisconnect={onDisconnect}
              compact
              testId="live-session"
            />
          ))}
        </ul>
      )}
    </section>
  );
}
