'use client';

import type { TNotification, TNotifications } from '@llk/contracts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from '@/components/link';
import { fill } from '@/lib/format';
import type { TTexts } from '@/lib/texts';
import { loadNotifications, markAllRead } from './notifications-api';

/** The bell asks again at most this often, and only while the tab is visible. */
export const NOTIFICATIONS_POLL_MS = 60_000;

export interface TNotificationsBellProps {
  /** the Notifications namespace (messages/<locale>/notifications.json) */
  texts: TTexts;
  /** the network error's text (errors.network) */
  network: string;
  /** the locale's language tag, for the relative times and region names */
  iso: string;
}

const text = (texts: TTexts, key: string) => (typeof texts[key] === 'string' ? texts[key] : key);

/** "3 minutes ago", "yesterday": the largest unit that fits. */
export function relativeTime(at: string, now: number, iso: string): string {
  const seconds = Math.round((Date.parse(at) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(iso, { numeric: 'auto' });
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(seconds, 'second');
}

function regionName(code: string, iso: string): string {
  try {
    return new Intl.DisplayNames([iso], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** What one notification says: who connected to which device from where, or the alarm's count. */
export function notificationText(item: TNotification, texts: TTexts, iso: string): string {
  if (item.kind === 'ALARM') {
    return fill(text(texts, 'alarm'), { attempts: item.attempts ?? 0, device: item.deviceName, who: item.who });
  }
  return item.country
    ? fill(text(texts, 'access'), { who: item.who, device: item.deviceName, country: regionName(item.country, iso) })
    : fill(text(texts, 'accessSomewhere'), { who: item.who, device: item.deviceName });
}

/**
 * The header's bell: the unread count on it, and a panel with the newest notifications (someone
 * connected to a device, a security alarm), mark-all-read and the way to every connection record.
 */
export function NotificationsBell({ texts, network, iso }: TNotificationsBellProps) {
  const [data, setData] = useState<TNotifications | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const lastAsked = useRef(0);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const refresh = useCallback(async () => {
    lastAsked.current = Date.now();
    try {
      setData(await loadNotifications(network));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [network]);

  useEffect(() => {
    void refresh();
    const visible = () => document.visibilityState === 'visible';
    // a tab that comes back asks at once if its last answer is older than a round
    const due = () => visible() && Date.now() - lastAsked.current >= NOTIFICATIONS_POLL_MS;
    const timer = setInterval(() => {
      if (due()) void refresh();
    }, NOTIFICATIONS_POLL_MS);
    const onVisibility = () => {
      if (due()) void refresh();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [refresh]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  async function onMarkAll() {
    await markAllRead(network);
    setData((current) => (current ? { unread: 0, items: current.items.map((item) => ({ ...item, read: true })) } : current));
  }

  const unread = data?.unread ?? 0;
  const label = unread > 0 ? fill(text(texts, 'unreadLabel'), { count: unread }) : text(texts, 'bell');
  const now = Date.now();
  return (
    <div ref={root} className="relative shrink-0">
      <button
        type="button"
        data-testid="notifications-bell"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="relative inline-flex size-10 items-center justify-center rounded-control text-ink-soft hover:bg-surface-raised hover:text-ink"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 10a6 6 0 1 1 12 0c0 4 1.5 6 2 7H4c.5-1 2-3 2-7z" />
          <path d="M10 20a2 2 0 0 0 4 0" />
        </svg>
        {unread > 0 ? (
          <span
            data-testid="notifications-count"
            aria-hidden="true"
            className="absolute top-1 right-1 min-w-4 rounded-full bg-red-600 px-1 text-center text-[0.625rem] leading-4 font-semibold text-white tabular-nums"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <div
        id={panelId}
        hidden={!open}
        data-testid="notifications-panel"
        role="region"
        aria-label={text(texts, 'title')}
        className="absolute right-0 z-50 mt-2 w-80 max-w-[calc(100vw-1rem)] rounded-card border border-line bg-canvas p-3 shadow-lg"
      >
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-semibold text-ink">{text(texts, 'title')}</h2>
          {unread > 0 ? (
            <button type="button" onClick={() => void onMarkAll()} className="text-xs font-medium text-brand-700 hover:underline">
              {text(texts, 'markAllRead')}
            </button>
          ) : null}
        </div>
        {failed ? <p className="mt-2 text-xs text-red-700">{text(texts, 'failed')}</p> : null}
        {data && data.items.length === 0 ? <p className="mt-3 text-sm text-ink-muted">{text(texts, 'empty')}</p> : null}
        {data && data.items.length > 0 ? (
          <ul className="mt-2 max-h-96 divide-y divide-line overflow-y-auto">
            {data.items.map((item) => (
              <li key={item.id} data-testid="notification" data-kind={item.kind} className="py-2">
                <p
                  className={`text-sm ${item.read ? 'text-ink-soft' : 'font-medium text-ink'} ${item.kind === 'ALARM' ? 'text-red-700' : ''}`}
                >
                  {notificationText(item, texts, iso)}
                </p>
                <time dateTime={item.at} className="text-xs text-ink-muted">
                  {relativeTime(item.at, now, iso)}
                </time>
              </li>
            ))}
          </ul>
        ) : null}
        <Link
          href="/account/connections"
          onClick={() => setOpen(false)}
          className="mt-2 block text-sm font-medium text-brand-700 hover:underline"
        >
          {text(texts, 'viewAll')}
        </Link>
      </div>
    </div>
  );
}
