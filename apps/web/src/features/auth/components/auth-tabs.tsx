'use client';

import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

/**
 * Two or more panels behind a tab list (WAI-ARIA tabs pattern: roles, aria-selected, roving
 * tabindex, arrow keys, Home and End; automatic activation). Only the active panel is
 * mounted. Small on purpose: a tabs library would weigh more than the forms themselves.
 */
export function AuthTabs({ label, tabs }: { label: string; tabs: ReadonlyArray<{ value: string; title: string; panel: ReactNode }> }) {
  const [active, setActive] = useState(0);
  const id = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight' ? (active === last ? 0 : active + 1)
      : event.key === 'ArrowLeft' ? (active === 0 ? last : active - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    buttons.current[next]?.focus();
  }

  const current = tabs[active];
  return (
    <div>
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="mb-6 grid grid-flow-col gap-1 rounded-control bg-surface-raised p-1">
        {tabs.map((tab, index) => (
          <button
            key={tab.value}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.value}`}
            aria-selected={index === active}
            aria-controls={`${id}-panel-${tab.value}`}
            tabIndex={index === active ? 0 : -1}
            data-state={index === active ? 'active' : 'inactive'}
            onClick={() => setActive(index)}
            className="h-10 rounded-control px-3 text-sm font-semibold text-ink-muted transition-colors hover:text-ink data-[state=active]:bg-canvas data-[state=active]:text-brand-700 data-[state=active]:shadow-sm"
          >
            {tab.title}
          </button>
        ))}
      </div>
      {current ? (
        <div key={current.value} role="tabpanel" id={`${id}-panel-${current.value}`} aria-labelledby={`${id}-tab-${current.value}`}>
          {current.panel}
        </div>
      ) : null}
    </div>
  );
}
