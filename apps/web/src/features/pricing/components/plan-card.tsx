import { type ReactNode, useId } from 'react';

interface PlanCardProps {
  code: string;
  name: string;
  summary: string;
  /** formatted price, e.g. "¥268" */
  price: string;
  /** e.g. "/year" */
  period: string;
  /** struck-through list price line, with its screen-reader wording */
  original?: ReactNode;
  /** discount badge, e.g. "41% off" */
  badge?: string;
  /** one line under the price (always present so both tabs have the same height) */
  detail: string;
  highlight?: boolean;
  children: ReactNode;
}

/** One plan column of the pricing page (server-rendered; the monthly and annual panels each have one per plan). */
export function PlanCard({ code, name, summary, price, period, original, badge, detail, highlight, children }: PlanCardProps) {
  const nameId = `plan-${code}-${useId()}`;
  return (
    <article
      aria-labelledby={nameId}
      data-plan={code}
      className={`flex flex-col rounded-card border bg-canvas p-6 shadow-card sm:p-8 ${highlight ? 'border-brand-600 ring-1 ring-brand-600' : 'border-line'}`}
    >
      <div className="flex min-h-8 items-center justify-between gap-3">
        <h3 id={nameId} className="text-xl font-semibold text-ink">
          {name}
        </h3>
        {badge ? <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">{badge}</span> : null}
      </div>
      <p className="mt-2 min-h-12 leading-relaxed text-ink-muted">{summary}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-ink" data-testid="plan-price">
          {price}
        </span>
        <span className="text-ink-muted">{period}</span>
      </p>
      <p className="mt-1 min-h-6 text-sm text-ink-muted">{original}</p>
      <p className="mt-1 min-h-6 text-sm font-medium text-success" data-testid="plan-detail">
        {detail}
      </p>
      <div className="mt-6 flex flex-1 items-end">{children}</div>
    </article>
  );
}
