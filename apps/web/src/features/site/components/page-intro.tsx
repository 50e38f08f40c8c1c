import type { TLocale } from '@llk/contracts/locales';
import type { ReactNode } from 'react';
import { Phrased } from '@/lib/phrases';

interface PageIntroProps {
  locale: TLocale;
  title: string;
  lede: ReactNode;
  eyebrow?: string;
  /** Breadcrumbs or similar, shown above the heading. */
  before?: ReactNode;
  /** Calls to action, shown below the lede. */
  children?: ReactNode;
}

/** The top of an inner page: optional eyebrow, the page's single <h1> and its lede. */
export function PageIntro({ locale, title, lede, eyebrow, before, children }: PageIntroProps) {
  return (
    <header className="border-b border-line bg-linear-to-b from-brand-50/70 to-canvas">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {before}
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-700">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight text-balance break-keep text-ink sm:text-4xl">
          <Phrased text={title} locale={locale} />
        </h1>
        <p className="mt-4 max-w-3xl text-lg leading-relaxed text-pretty text-ink-muted">{lede}</p>
        {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </header>
  );
}
