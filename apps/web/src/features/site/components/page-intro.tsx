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
  /** A decorative picture beside the text from `md` (the illustration system, ADR 0033). */
  illustration?: ReactNode;
}

/** The top of an inner page: optional eyebrow, the page's single <h1> and its lede. */
export function PageIntro({ locale, title, lede, eyebrow, before, children, illustration }: PageIntroProps) {
  const text = (
    <>
      {before}
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-700">{eyebrow}</p> : null}
      <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight text-balance break-keep text-ink sm:text-4xl">
        <Phrased text={title} locale={locale} />
      </h1>
      <p className="mt-4 max-w-3xl text-lg leading-relaxed text-pretty text-ink-muted">{lede}</p>
      {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
    </>
  );
  return (
    <header className="border-b border-line bg-linear-to-b from-brand-50/70 to-canvas">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {illustration ? (
          <div className="grid items-center gap-8 md:grid-cols-[minmax(0,1fr)_16rem] lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="min-w-0">{text}</div>
            <div className="hidden md:block" data-testid="page-illustration">
              {illustration}
            </div>
          </div>
        ) : (
          text
        )}
      </div>
    </header>
  );
}
