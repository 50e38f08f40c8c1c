import type { TLocale } from '@llk/contracts/locales';
import type { ReactNode } from 'react';
import { Phrased } from '@/lib/phrases';

/** One block of the account overview: a heading, its figures and an optional action below. */
export function AccountCard({
  locale,
  title,
  children,
  action,
  testId,
}: {
  locale: TLocale;
  title: string;
  children: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <section className="flex flex-col rounded-card border border-line bg-canvas p-5 shadow-card" data-testid={testId}>
      <h2 className="text-sm font-semibold tracking-wide text-balance break-keep text-ink-muted">
        <Phrased text={title} locale={locale} />
      </h2>
      <div className="mt-2 flex-1 text-ink">{children}</div>
      {action ? <div className="mt-4 flex flex-wrap gap-3 print:hidden">{action}</div> : null}
    </section>
  );
}
