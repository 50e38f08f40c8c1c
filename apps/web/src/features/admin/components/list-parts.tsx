import Link from 'next/link';
import type { ReactNode } from 'react';

// Parts the back office's queues share (refunds, disputes, invoices): the text that stands in
// for an empty list, and an order's number as the link to its page.

/** The list's table (`children`), or its empty text when it has no rows. */
export function TableOrEmpty({ rows, empty, children }: { rows: number; empty: string; children: ReactNode }) {
  return rows === 0 ? <p className="text-sm text-ink-muted">{empty}</p> : children;
}

/** An order's number, linking to /admin/orders/<id>; `wrap` breaks a long number in a narrow column. */
export function OrderLink({ orderId, wrap = false }: { orderId: string; wrap?: boolean }) {
  return (
    <Link className={`font-mono ${wrap ? 'break-all ' : ''}text-brand-700 underline`} href={`/admin/orders/${orderId}`}>
      {orderId}
    </Link>
  );
}
