'use client';

import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

// Tabs after the WAI-ARIA tabs pattern: roles, aria-selected/controls/labelledby, roving
// tabindex, arrow keys, Home and End, automatic activation. Written here rather than taken from
// a primitives library: the pattern is this small, and a library's tabs would add several KiB
// to the pages that stand closest to the first-load budget (pricing, log-in; README).

interface TTab {
  value: string;
  /** the tab's label; a function when it looks different while selected (a badge) */
  title: ReactNode | ((selected: boolean) => ReactNode);
  panel: ReactNode;
}

const looks = {
  /** equal segments on a tinted track (the log-in methods) */
  segmented: {
    list: 'mb-6 grid grid-flow-col gap-1 rounded-control bg-surface-raised p-1',
    tab: (selected: boolean) =>
      `h-10 rounded-control px-3 text-sm font-semibold transition-colors ${selected ? 'bg-canvas text-brand-700 shadow-sm' : 'text-ink-muted hover:text-ink'}`,
  },
  /** round pills, the selected one filled (billing periods); below 400 px a badge goes under its label */
  pill: {
    list: 'inline-flex rounded-full border border-line bg-surface p-1 max-[400px]:rounded-3xl',
    tab: (selected: boolean) =>
      `inline-flex min-h-11 items-center gap-2 rounded-full px-5 text-base font-semibold transition-colors max-[400px]:flex-col max-[400px]:gap-0.5 max-[400px]:rounded-[1.25rem] max-[400px]:px-2 max-[400px]:py-1.5 ${selected ? 'bg-brand-600 text-white shadow-card' : 'text-ink hover:bg-canvas'}`,
  },
} as const;

export function Tabs({
  label,
  tabs,
  initial,
  idPrefix,
  look = 'segmented',
  keepMounted = false,
  panelClassName,
}: {
  label: string;
  tabs: readonly TTab[];
  /** value of the tab selected first; the first tab otherwise */
  initial?: string;
  /** stable ids (`<prefix>-tab-<value>`, `<prefix>-panel-<value>`, also the panels' test ids) */
  idPrefix?: string;
  look?: keyof typeof looks;
  /** render every panel and hide the others (server-rendered panels); else only the selected one is mounted */
  keepMounted?: boolean;
  panelClassName?: string;
}) {
  const generated = useId();
  const prefix = idPrefix ?? generated;
  const [selected, setSelected] = useState(initial ?? tabs[0]?.value);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setSelected(tabs[next]!.value);
    buttons.current[next]?.focus();
  }

  const panel = (tab: TTab) => (
    <div
      key={tab.value}
      role="tabpanel"
      id={`${prefix}-panel-${tab.value}`}
      aria-labelledby={`${prefix}-tab-${tab.value}`}
      hidden={tab.value !== selected}
      {...(keepMounted ? { tabIndex: 0 } : {})}
      className={panelClassName}
      data-testid={idPrefix ? `${idPrefix}-panel-${tab.value}` : undefined}
    >
      {tab.panel}
    </div>
  );
  const current = tabs.find((tab) => tab.value === selected);

  return (
    <div>
      <div role="tablist" aria-label={label} className={looks[look].list}>
        {tabs.map((tab, index) => {
          const active = tab.value === selected;
          return (
            <button
              key={tab.value}
              ref={(node) => {
                buttons.current[index] = node;
              }}
              type="button"
              role="tab"
              id={`${prefix}-tab-${tab.value}`}
              aria-selected={active}
              aria-controls={`${prefix}-panel-${tab.value}`}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(tab.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={looks[look].tab(active)}
            >
              {typeof tab.title === 'function' ? tab.title(active) : tab.title}
            </button>
          );
        })}
      </div>
      {keepMounted ? tabs.map(panel) : current ? panel(current) : null}
    </div>
  );
}
