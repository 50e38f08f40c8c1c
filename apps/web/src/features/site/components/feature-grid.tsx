import type { TLocale } from '@llk/contracts/locales';
import type { ReactNode } from 'react';
import { Phrased } from '@/lib/phrases';

interface FeatureItem {
  key: string;
  title: string;
  body: ReactNode;
  /** Optional footer, e.g. a link. */
  extra?: ReactNode;
}

/**
 * A responsive grid of titled cards; titles are <h3> under the section's <h2>. With `alignRows`
 * the cards of one row share their title, body and footer rows (CSS subgrid), so footers that
 * start alike (the contact page's email lines) line up however long each body is.
 */
export function FeatureGrid({
  locale,
  items,
  columns = 3,
  alignRows = false,
}: {
  locale: TLocale;
  items: readonly FeatureItem[];
  columns?: 2 | 3;
  alignRows?: boolean;
}) {
  const grid = columns === 2 ? 'sm:grid-cols-2' : 'sm:grid-cols-2 lg:grid-cols-3';
  return (
    <ul className={`grid gap-4 ${grid}`}>
      {items.map((item) => (
        <li
          key={item.key}
          className={`rounded-card border border-line bg-canvas p-6 shadow-card ${alignRows ? 'row-span-3 grid grid-rows-subgrid gap-y-0' : 'flex flex-col'}`}
        >
          <h3 className="text-lg font-semibold text-balance break-keep text-ink">
            <Phrased text={item.title} locale={locale} />
          </h3>
          <p className={`mt-2 leading-relaxed text-ink-muted ${alignRows ? '' : 'flex-1'}`}>{item.body}</p>
          {item.extra ? <div className="mt-4">{item.extra}</div> : alignRows ? <div /> : null}
        </li>
      ))}
    </ul>
  );
}
