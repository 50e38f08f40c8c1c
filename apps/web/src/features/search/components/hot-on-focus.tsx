'use client';

import type { THotSearches } from '@llk/contracts';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from '@/i18n/navigation';
import { loadApi } from '@/lib/load-api';

/**
 * Hot searches under a search box, once it is focused (ADR 0020): asked of the API
 * (GET /search/hotContent, silently) on the first focus of the box `inputId`, then shown as links
 * to their results while the box or a link has focus or the pointer is over them. `heading` is
 * phrase-broken by the server parent (lib/phrases.tsx).
 */
export function HotOnFocus({ inputId, heading }: { inputId: string; heading: ReactNode }) {
  const [hot, setHot] = useState<string[] | null>(null);
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const asked = useRef(false);

  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!input) return;
    const show = () => {
      setOpen(true);
      if (asked.current) return;
      asked.current = true;
      void loadApi()
        .then((api) => api.request<THotSearches>('GET', '/search/hotContent', { silent: true, ignoreUnauthorized: true, retry: false }))
        .then((data) => setHot(data.list.map((item) => item.keyword).slice(0, 8)))
        .catch(() => setHot([]));
    };
    input.addEventListener('focus', show);
    return () => input.removeEventListener('focus', show);
  }, [inputId]);

  if (!open || !hot || hot.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-3 w-full"
      data-testid="hot-on-focus"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null) && event.relatedTarget?.id !== inputId) setOpen(false);
      }}
    >
      <h2 id={headingId} className="text-sm font-semibold text-balance break-keep text-ink-muted">
        {heading}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {hot.map((keyword) => (
          <li key={keyword}>
            <Link
              href={{ pathname: '/search', query: { q: keyword } }}
              className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-700 hover:bg-brand-100"
            >
              {keyword}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
