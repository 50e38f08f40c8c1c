import type { TLocale } from '@llk/contracts/locales';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { LogoLink } from '@/components/layout/logo';
import type { TRouteFailure } from '@/lib/routes';
import { buttonClass } from '@/components/ui/button';

/**
 * The fatal page (spec sections 2, 5): a minimal layout in the page's language around the
 * spec's literal message ('Page Not Found: {path}' or 'no qrCodeId', kept in English on
 * purpose), a translated explanation and a way home.
 */
export async function FatalView({ locale, failure, message }: { locale: TLocale; failure: TRouteFailure; message: ReactNode }) {
  const t = await getTranslations({ locale, namespace: 'Fatal' });
  return (
    <div className="flex flex-1 flex-col bg-linear-to-b from-brand-50/60 to-surface">
      <header className="container-page flex h-(--header-height) items-center">
        <LogoLink locale={locale} />
      </header>
      <main id="main" className="flex flex-1 items-center justify-center px-4 pb-24 pt-10">
        <div className="w-full max-w-lg text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700">404</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">{t('title')}</h1>
          <p lang="en" className="mx-auto mt-6 w-fit max-w-full rounded-control border border-line bg-canvas px-4 py-2.5 font-mono text-sm break-all text-ink">
            {message}
          </p>
          <p className="mt-4 leading-relaxed text-pretty text-ink-muted">{failure === 'noQrCodeId' ? t('noQrCodeIdHint') : t('notFoundHint')}</p>
          <Link
            href="/"
            locale={locale}
            className={buttonClass({}, 'mt-8 shadow-sm')}
          >
            {t('backHome')}
          </Link>
        </div>
      </main>
    </div>
  );
}
