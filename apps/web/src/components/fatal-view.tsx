import type { TLocale } from '@llk/contracts/locales';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { LogoLink } from '@/components/layout/logo';
import { Phrased } from '@/lib/phrases';
import type { TRouteFailure } from '@/lib/routes';
import { buttonClass } from '@/components/ui/button';
import { HEADER_NAV } from '@/components/layout/nav-items';
import { SearchForm } from '@/features/search/components/search-form';
import { getPathname } from '@/i18n/navigation';

/**
 * The fatal page (a route that fails its validation, 404 by default): a minimal layout in the page's language around the
 * spec's literal message ('Page Not Found: {path}' or 'no qrCodeId', kept in English on
 * purpose), a translated explanation, a way home, the site search (a GET form to /search,
 * so it works without JavaScript) and the header's own links (ADR 0020, ADR 0033).
 */
export async function FatalView({ locale, failure, message }: { locale: TLocale; failure: TRouteFailure; message: ReactNode }) {
  const t = await getTranslations({ locale, namespace: 'Fatal' });
  const nav = await getTranslations({ locale, namespace: 'Header' });
  const search = await getTranslations({ locale, namespace: 'SearchPage' });
  return (
    <div className="flex flex-1 flex-col bg-linear-to-b from-brand-50/60 to-surface">
      <header className="container-page flex h-(--header-height) items-center">
        <LogoLink locale={locale} />
      </header>
      <main id="main" className="flex flex-1 items-center justify-center px-4 pb-24 pt-10">
        <div className="w-full max-w-lg text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700">404</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance break-keep text-ink sm:text-4xl">
            <Phrased text={t('title')} locale={locale} />
          </h1>
          <p
            lang="en"
            className="mx-auto mt-6 w-fit max-w-full rounded-control border border-line bg-canvas px-4 py-2.5 font-mono text-sm break-all text-ink"
          >
            {message}
          </p>
          <p className="mt-4 leading-relaxed text-pretty text-ink-muted">
            {failure === 'noQrCodeId' ? t('noQrCodeIdHint') : t('notFoundHint')}
          </p>
          <Link href="/" locale={locale} className={buttonClass({}, 'mt-8 shadow-sm')}>
            {t('backHome')}
          </Link>
          <div className="mt-10 flex justify-center text-start md:-mx-16" data-testid="fatal-search">
            <SearchForm
              action={getPathname({ locale, href: '/search' })}
              query=""
              texts={{ label: search('label'), placeholder: search('placeholder'), submit: search('submit') }}
            />
          </div>
          <nav aria-labelledby="fatal-elsewhere" className="mt-8 border-t border-line pt-6">
            <h2 id="fatal-elsewhere" className="text-sm font-medium text-balance break-keep text-ink-muted">
              <Phrased text={t('elsewhere')} locale={locale} />
            </h2>
            <ul className="mt-3 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-medium">
              {HEADER_NAV.map(({ key, href }) => (
                <li key={key}>
                  <Link
                    href={href}
                    locale={locale}
                    className="inline-flex min-h-8 items-center text-brand-700 underline-offset-4 hover:underline"
                  >
                    {nav(key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </main>
    </div>
  );
}
