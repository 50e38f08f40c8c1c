import type { TLocale } from '@llk/contracts/locales';
import type { ReactNode } from 'react';
import { Phrased } from '@/lib/phrases';

/** One panel of the page: a titled card. Other features add theirs (passkeys) the same way. */
export function SecuritySection({
  id,
  locale,
  title,
  lede,
  children,
}: {
  id: string;
  locale: TLocale;
  title: string;
  lede?: string | undefined;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className="space-y-4 rounded-card border border-line p-4 sm:p-6">
      <header className="space-y-1">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-balance break-keep text-ink">
          <Phrased text={title} locale={locale} />
        </h2>
        {lede ? <p className="text-sm text-pretty text-ink-muted">{lede}</p> : null}
      </header>
      {children}
    </section>
  );
}
