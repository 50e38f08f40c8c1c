import type { TLocale } from '@llk/contracts/locales';
import type { ReactNode } from 'react';
import { Phrased } from '@/lib/phrases';

interface PageSectionProps {
  /** id of the section's heading, for aria-labelledby. */
  id: string;
  locale: TLocale;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  muted?: boolean;
}

/** A content band of an inner page with its <h2>. */
export function PageSection({ id, locale, title, intro, children, muted }: PageSectionProps) {
  return (
    <section aria-labelledby={id} className={muted ? 'bg-surface' : undefined}>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <h2 id={id} className="text-2xl font-semibold tracking-tight text-balance break-keep text-ink">
          <Phrased text={title} locale={locale} />
        </h2>
        {intro ? <p className="mt-3 max-w-3xl leading-relaxed text-ink-muted">{intro}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
