import type { TLocale } from '@llk/contracts/locales';
import type { ReactNode } from 'react';
import { Phrased } from '@/lib/phrases';

/** The top of an account page: its single <h1> (phrase-broken), an optional lede and actions beside it. */
export function AccountHeading({
  locale,
  title,
  lede,
  children,
}: {
  locale: TLocale;
  title: string;
  lede?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-balance break-keep text-ink sm:text-3xl">
          <Phrased text={title} locale={locale} />
        </h1>
        {lede ? <p className="mt-2 max-w-3xl leading-relaxed text-pretty text-ink-muted">{lede}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap gap-3 print:hidden">{children}</div> : null}
    </header>
  );
}
