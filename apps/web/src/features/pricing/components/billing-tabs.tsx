'use client';

import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TBillingTab {
  /** MONTH | YEAR */
  key: string;
  label: string;
  /** e.g. "Save 26%", shown next to the label */
  badge?: string;
  panel: ReactNode;
}

/**
 * Monthly / annual tabs of the pricing page (WAI-ARIA tabs: arrow keys, Home, End, roving
 * tabindex). The panels are server-rendered and both in the HTML; this only toggles `hidden`,
 * so it ships no texts and almost no code. Both panels have the same layout, so switching does
 * not move the page.
 */
export function BillingTabs({ label, tabs, initial }: { label: string; tabs: TBillingTab[]; initial: string }) {
  const [selected, setSelected] = useState(initial);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setSelected(tabs[next]!.key);
    buttons.current[next]?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className="inline-flex rounded-full border border-line bg-surface p-1">
        {tabs.map((tab, index) => {
          const active = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(node) => {
                buttons.current[index] = node;
              }}
              type="button"
              role="tab"
              id={`billing-tab-${tab.key}`}
              aria-selected={active}
              aria-controls={`billing-panel-${tab.key}`}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`inline-flex min-h-11 items-center gap-2 rounded-full px-5 text-base font-semibold transition-colors ${
                active ? 'bg-brand-600 text-white shadow-card' : 'text-ink hover:bg-canvas'
              }`}
            >
              {tab.label}
              {tab.badge ? (
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${active ? 'bg-white text-brand-800' : 'bg-brand-100 text-brand-800'}`}>{tab.badge}</span>
              ) : null}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`billing-panel-${tab.key}`}
          aria-labelledby={`billing-tab-${tab.key}`}
          hidden={tab.key !== selected}
          tabIndex={0}
          className="mt-8"
          data-testid={`billing-panel-${tab.key}`}
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
