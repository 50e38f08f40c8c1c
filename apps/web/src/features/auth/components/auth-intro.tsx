import type { TLocale } from '@llk/contracts/locales';
import type { ReactNode } from 'react';
import { Phrased } from '@/lib/phrases';

/**
 * Heading block of the auth screens (login, sign-up, reset, pay, ambassador), inside the auth
 * layout's card. `wide` asks the layout for the wider card (data-wide).
 */
export function AuthIntro({
  locale,
  title,
  lede,
  wide,
  children,
}: {
  locale: TLocale;
  title: string;
  lede: ReactNode;
  wide?: boolean;
  children?: ReactNode;
}) {
  return (
    <div data-wide={wide ? '' : undefined}>
      <h1 className="text-2xl font-bold tracking-tight text-balance break-keep text-ink sm:text-3xl">
        <Phrased text={title} locale={locale} />
      </h1>
      <p className="mt-3 leading-relaxed text-pretty text-ink-muted">{lede}</p>
      {children ? <div className="mt-8 space-y-4">{children}</div> : null}
    </div>
  );
}
