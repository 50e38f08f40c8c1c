'use client';

import { toast } from '@/lib/toast';
import { shortOrderId } from '../orders';

/**
 * An order number (a 26-character ULID) that never wraps mid-string on a phone (ADR 0034):
 * below `sm` its short form, first six and last four ("01JF3K…7Q2M"), with the whole
 * number as its tooltip; from `sm` the whole number. The copy button always copies the whole one.
 */
export function OrderId({
  id,
  before,
  after,
  copyLabel,
  copiedText,
}: {
  id: string;
  before: string;
  after: string;
  copyLabel: string;
  copiedText: string;
}) {
  return (
    <span className="inline-flex max-w-full items-center gap-1 align-middle" data-order-id={id}>
      <span className="min-w-0">
        {before}
        <span className="font-mono whitespace-nowrap sm:hidden" title={id} data-short>
          {shortOrderId(id)}
        </span>
        <span className="hidden font-mono break-all sm:inline" data-full>
          {id}
        </span>
        {after}
      </span>
      <button
        type="button"
        aria-label={copyLabel}
        title={copyLabel}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-control text-ink-soft hover:bg-surface-raised hover:text-ink print:hidden"
        onClick={() =>
          void navigator.clipboard?.writeText(id).then(
            () => toast.success(copiedText),
            () => undefined,
          )
        }
        data-copy-order-id
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <rect x="8" y="8" width="12" height="12" rx="2" />
          <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
        </svg>
      </button>
    </span>
  );
}
