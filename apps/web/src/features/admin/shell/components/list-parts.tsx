import Link from 'next/link';
import type { ReactNode } from 'react';

// The back office's list and detail pieces, shared by every area: a section with its heading, the
// text that stands in for an empty list, facts, page links, and an order's number as the link to its page.

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

export function PageLinks({
  firstHref,
  nextHref,
  firstText,
  nextText,
  onFirst,
}: {
  firstHref: string;
  nextHref: string | null;
  firstText: string;
  nextText: string;
  onFirst: boolean;
}) {
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

/** The list's table (`children`), or its empty text when it has no rows. */
export function TableOrEmpty({ rows, empty, children }: { rows: number; empty: string; children: ReactNode }) {
  return rows === 0 ? <Empty text={empty} /> : children;
}

/**
 * The shape every detail page repeats: a section with its heading and the list's table, or the
 * list's empty text when it has no rows.
 */
export function DataSection({
  title,
  testId,
  rows,
  empty,
  children,
}: {
  title: string;
  testId?: string;
  rows: number;
  empty: string;
  children: ReactNode;
}) {
  return (
    <Section title={title} testId={testId}>
      <TableOrEmpty rows={rows} empty={empty}>
        {children}
      </TableOrEmpty>
    </Section>
  );
}

/** An order's number, linking to /admin/orders/<id>; `wrap` breaks a long number in a narrow column. */
export function OrderLink({ orderId, wrap = false }: { orderId: string; wrap?: boolean }) {
  return (
    <Link className={`font-mono ${wrap ? 'break-all ' : ''}text-brand-700 underline`} href={`/admin/orders/${orderId}`}>
      {orderId}
    </Link>
  );
}
