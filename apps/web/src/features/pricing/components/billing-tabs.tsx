'use client';

import type { ReactNode } from 'react';
import { Tabs } from '@/components/ui/tabs';

interface TBillingTab {
  /** MONTH | YEAR */
  key: string;
  label: string;
  /** e.g. "Save 26%", shown next to the label */
  badge?: string;
  panel: ReactNode;
}

/**
 * Monthly / annual tabs of the pricing page. The panels are server-rendered and both in the
 * HTML; the tabs only toggle `hidden`, so this ships no texts and almost no code. Both panels
 * have the same layout, so switching does not move the page.
 */
export function BillingTabs({ label, tabs, initial }: { label: string; tabs: TBillingTab[]; initial: string }) {
  return (
    <Tabs
      label={label}
      initial={initial}
      idPrefix="billing"
      look="pill"
      keepMounted
      panelClassName="mt-8"
      tabs={tabs.map((tab) => ({
        value: tab.key,
        panel: tab.panel,
        title: (selected: boolean) => (
          <>
            {tab.label}
            {tab.badge ? (
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap max-[400px]:px-1.5 max-[359px]:whitespace-normal ${selected ? 'bg-white text-brand-800' : 'bg-brand-100 text-brand-800'}`}
              >
                {tab.badge}
              </span>
            ) : null}
          </>
        ),
      }))}
    />
  );
}
