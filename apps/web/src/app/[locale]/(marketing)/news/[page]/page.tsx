import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { NewsCard, type TNewsCardLabels } from '@/features/news/components/news-card';
import { NewsMore } from '@/features/news/components/news-more';
import { getNewsList, NEWS_PAGE_SIZE, PROMOTIONS_SHOWN } from '@/features/news/news-api';
import { ButtonLink, TextLink } from '@/components/ui/button-link';
import { PageIntro } from '@/features/site/components/page-intro';
import { SiteSearchBox } from '@/features/search/components/site-search-box';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';
import { Phrased } from '@/lib/phrases';
import { newsPath } from '@/lib/routes';

// Internal target of the public URL /news-{page}: news and promotions, newest first, ten a page,
// "View more" links to the next page. Page 1 also shows the latest promotions (the promotions
// listing lives here, at /news-1#promotions). With JavaScript, "View more" appends the next page
// in place (NewsMore); without it, it is a link to /news-{page + 1}. ISR: nothing is prebuilt (the build needs no API);
// each page renders on its first request and is then served from the cache, refreshed in the
// background at most every two minutes.
type Params = LocaleParams<{ page: string }>;

export const revalidate = 120;

export function generateStaticParams() {
  return [];
}

async function resolvePage(params: Params): Promise<number> {
  const { page } = await params;
  if (!/^[1-9]\d{0,5}$/.test(page)) notFound();
  return Number(page);
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const page = await resolvePage(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'NewsPage' }), getBrand(locale)]);
  return buildPageMetadata({
    locale,
    path: newsPath(page),
    title: page === 1 ? t('title') : t('titlePaged', { page }),
    description: t('description', { brand }),
  });
}

export default async function NewsPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const page = await resolvePage(params);
  const [t, tList, brand, news, promotions] = await Promise.all([
    getTranslations({ locale, namespace: 'NewsPage' }),
    getTranslations({ locale, namespace: 'NewsList' }),
    getBrand(locale),
    getNewsList(locale, page),
    page === 1 ? getNewsList(locale, 1, 'PROMOTION', PROMOTIONS_SHOWN) : null,
  ]);
  if (page > 1 && news.list.length === 0) notFound();
  const lang = localeEntries[locale].iso;
  const labels: TNewsCardLabels = {
    kinds: { NEWS: tList('kinds.NEWS'), PROMOTION: tList('kinds.PROMOTION') },
    running: tList.raw('promotions.running') as string,
    upcoming: tList.raw('promotions.upcoming') as string,
    ended: tList('promotions.ended'),
  };

  return (
    <>
      <PageIntro locale={locale} title={t('heading')} lede={t('lede', { brand })} eyebrow={page > 1 ? t('pageLabel', { page }) : undefined}>
        <SiteSearchBox locale={locale} />
      </PageIntro>

      {promotions && promotions.list.length > 0 ? (
        <section id="promotions" aria-labelledby="promotions-heading" className="border-b border-line bg-surface">
          <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
            <h2 id="promotions-heading" className="text-2xl font-bold tracking-tight text-balance break-keep text-ink">
              <Phrased text={tList('promotions.heading')} locale={locale} />
            </h2>
            <p className="mt-2 text-ink-muted">{tList('promotions.lede')}</p>
            <ul className="mt-6 grid gap-4 md:grid-cols-3" data-testid="promotions">
              {promotions.list.map((item) => (
                <li key={item.id}>
                  <NewsCard item={item} lang={lang} labels={labels} phrasedTitle={<Phrased text={item.title} locale={item.locale} />} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="news-heading" className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
        <h2 id="news-heading" className="text-2xl font-bold tracking-tight text-balance break-keep text-ink">
          <Phrased text={tList('listHeading')} locale={locale} />
        </h2>
        {news.list.length === 0 ? (
          <p className="mt-6 text-ink-muted">{tList('empty')}</p>
        ) : (
          <ol className="mt-6 grid gap-4 sm:grid-cols-2" data-testid="news-list">
            {news.list.map((item) => (
              <li key={item.id}>
                <NewsCard item={item} lang={lang} labels={labels} phrasedTitle={<Phrased text={item.title} locale={item.locale} />} />
              </li>
            ))}
          </ol>
        )}
        <NewsMore nextPage={page + 1} total={news.total} pageSize={NEWS_PAGE_SIZE} lang={lang} label={tList('viewMore')} labels={labels} />
        {page > 1 ? (
          <p className="mt-6 flex justify-center">
            <ButtonLink href={newsPath(page - 1)} variant="secondary" rel="prev">
              {tList('previousPage')}
            </ButtonLink>
          </p>
        ) : null}
        <p className="mt-10 text-center text-ink-muted">
          {t.rich('noticesHint', { link: (chunks) => <TextLink href="/notice">{chunks}</TextLink> })}
        </p>
      </section>
    </>
  );
}
