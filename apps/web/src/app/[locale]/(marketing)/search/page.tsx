import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { SearchForm } from '@/features/search/components/search-form';
import { SearchResults, type TSearchTexts } from '@/features/search/components/search-results';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { getPathname, Link } from '@/i18n/navigation';
import { buildPageMetadata } from '@/lib/metadata';
import { Phrased } from '@/lib/phrases';

// Static page: the same HTML for every query (prebuilt per locale, no API at build time). The
// results, the hot searches and the recording of each query are fetched in the browser by
// <SearchResults>, so only the results are dynamic; without JavaScript the form still submits and a
// <noscript> note points to the guide. Results come 20 at a time; "Show more" appends the next 20.
// Result pages are not indexed (the query lives in the address, not in the HTML).

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'SearchPage' });
  return buildPageMetadata({ locale, path: '/search', title: t('title'), description: t('description') });
}

export default async function SearchPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [t, tResults, tGuide] = await Promise.all([
    getTranslations({ locale, namespace: 'SearchPage' }),
    getTranslations({ locale, namespace: 'SearchResults' }),
    getTranslations({ locale, namespace: 'GuidePage' }),
  ]);
  const action = getPathname({ locale, href: '/search' });
  const form = { label: t('label'), placeholder: t('placeholder'), submit: t('submit') };
  const texts: TSearchTexts = {
    // ICU-free templates: the component fills {count} and {query} itself.
    count: { one: tResults.raw('countOne') as string, other: tResults.raw('countOther') as string },
    none: tResults.raw('none') as string,
    hotHeading: <Phrased text={tResults('hotHeading')} locale={locale} />,
    types: { guide: tResults('types.guide'), news: tResults('types.news'), notice: tResults('types.notice') },
    loading: tResults('loading'),
    failed: tResults('failed'),
    resultsLabel: tResults('resultsLabel'),
    more: tResults('more'),
    moreLoading: tResults('moreLoading'),
  };

  return (
    <>
      <header className="border-b border-line bg-linear-to-b from-brand-50/70 to-canvas">
        <div className="mx-auto max-w-6xl px-4 pt-12 pb-6 sm:px-6 sm:pt-16 lg:px-8">
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-balance break-keep text-ink sm:text-4xl">
            <Phrased text={t('heading')} locale={locale} />
          </h1>
          <p className="mt-4 max-w-3xl text-lg leading-relaxed text-pretty text-ink-muted">{t('lede')}</p>
        </div>
      </header>
      <div className="mx-auto min-h-[24rem] max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
        <SearchForm action={action} query="" texts={form} />
        <noscript>
          <p className="mt-8 text-ink-soft">
            {tResults('noscript')}{' '}
            <Link href="/guide" className="text-brand-700 underline">
              {tGuide('title')}
            </Link>
          </p>
        </noscript>
        <Suspense fallback={null}>
          <SearchResults lang={localeEntries[locale].iso} texts={texts} />
        </Suspense>
      </div>
    </>
  );
}
