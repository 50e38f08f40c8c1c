'use client';

import { useState, type ReactNode } from 'react';

interface TFilterOption {
  key: string;
  label: string;
  /** Announced and shown when chosen, e.g. "3 comments from office workers". */
  status: string;
}

/**
 * Toggle buttons over a server-rendered list: only the chosen key is stored, as data-filter on
 * the wrapper; each item hides itself with a `group-data-[filter=…]:hidden` class. The texts come
 * as props, so no message runtime ships with it.
 */
export function CommentFilter({ label, options, children }: { label: string; options: readonly TFilterOption[]; children: ReactNode }) {
  const [filter, setFilter] = useState(options[0]?.key ?? 'all');
  const current = options.find((option) => option.key === filter);
  return (
    <div className="group" data-filter={filter}>
      <div role="group" aria-label={label} className="flex flex-wrap gap-2">
        {options.map((option) => (
          <button
            key={option.key}
            type="button"
            aria-pressed={option.key === filter}
            onClick={() => setFilter(option.key)}
            className="min-h-11 rounded-full border border-line-strong bg-canvas px-4 text-sm font-medium text-ink-soft transition-colors hover:border-ink-muted aria-pressed:border-brand-600 aria-pressed:bg-brand-600 aria-pressed:text-white"
          >
            {option.label}
          </button>
        ))}
      </div>
      <p role="status" className="mt-4 text-sm text-ink-muted">
        {current?.status}
      </p>
      {children}
    </div>
  );
}
