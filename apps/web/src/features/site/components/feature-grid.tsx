import type { ReactNode } from 'react';

interface FeatureItem {
  key: string;
  title: string;
  body: ReactNode;
  /** Optional footer, e.g. a link. */
  extra?: ReactNode;
}

/** A responsive grid of titled cards; titles are <h3> under the section's <h2>. */
export function FeatureGrid({ items, columns = 3 }: { items: readonly FeatureItem[]; columns?: 2 | 3 }) {
  const grid = columns === 2 ? 'sm:grid-cols-2' : 'sm:grid-cols-2 lg:grid-cols-3';
  return (
    <ul className={`grid gap-4 ${grid}`}>
      {items.map((item) => (
        <li key={item.key} className="flex flex-col rounded-card border border-line bg-canvas p-6 shadow-card">
          <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
          <p className="mt-2 flex-1 leading-relaxed text-ink-muted">{item.body}</p>
          {item.extra ? <div className="mt-4">{item.extra}</div> : null}
        </li>
      ))}
    </ul>
  );
}
