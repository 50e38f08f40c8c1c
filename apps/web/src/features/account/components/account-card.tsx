import type { ReactNode } from 'react';

/** One block of the account overview: a heading, its figures and an optional action below. */
export function AccountCard({ title, children, action, testId }: { title: string; children: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <section className="flex flex-col rounded-card border border-line bg-canvas p-5 shadow-card" data-testid={testId}>
      <h2 className="text-sm font-semibold tracking-wide text-ink-muted">{title}</h2>
      <div className="mt-2 flex-1 text-ink">{children}</div>
      {action ? <div className="mt-4 flex flex-wrap gap-3 print:hidden">{action}</div> : null}
    </section>
  );
}
