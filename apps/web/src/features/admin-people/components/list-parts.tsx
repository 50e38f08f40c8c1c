import Link from 'next/link';
import type { ReactNode } from 'react';

// Small server-side pieces the users and orders screens share.

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="mt-8" data-testid={testId}>
      <h2 className="mb-3 text-lg font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}

export function Empty({ text }: { text: string }) {
  return <p className="text-sm text-ink-muted">{text}</p>;
}

export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-ink-muted">{term}</dt>
          <dd className="break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PageLinks({ firstHref, nextHref, firstText, nextText, onFirst }: { firstHref: string; nextHref: string | null; firstText: string; nextText: string; onFirst: boolean }) {
  return (
    <nav className="mt-4 flex gap-4 text-sm">
      {onFirst ? null : (
        <Link className="text-brand-700 underline" href={firstHref}>
          {firstText}
        </Link>
      )}
      {nextHref ? (
        <Link className="text-brand-700 underline" href={nextHref} data-testid="admin-next-page">
          {nextText}
        </Link>
      ) : null}
    </nav>
  );
}

/** Table cells on one line: on a phone the table scrolls sideways instead of squeezing columns. */
export function Wide({ children }: { children: ReactNode }) {
  return <div className="[&_td]:whitespace-nowrap [&_th]:whitespace-nowrap">{children}</div>;
}
