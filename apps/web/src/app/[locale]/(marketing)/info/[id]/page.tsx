import { type TNewsInfo } from '@llk/contracts';
import { localeEntries, type TLocale } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getTranslations } from 'next-intl/server';
import { MarkdownBody } from '@/features/guide/components/markdown-body';
import { renderMarkdown } from '@/features/guide/markdown';
import { LocalTime } from '@/components/local-time';
import { findNewsItem } from '@/features/news/news-api';
import { SiteSearchBox } from '@/features/search/components/site-search-box';
import { Breadcrumbs } from '@/features/site/components/breadcrumbs';
import { ButtonLink, TextLink } from '@/components/ui/button-link';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata, localizePath } from '@/lib/metadata';
import { infoPath, newsPath } from '@/lib/routes';
import { Phrased } from '@/lib/phrases';

// Internal target of the public URL /info-{id}: one news item or promotion. ISR: nothing is
// prebuilt (the build needs no API); an item renders on its first request and is then served
// from the cache, refreshed at most every five minutes. An id the API does not know is a 404.
type Params = LocaleParams<{ id: string }>;

export const revalidate = 300;

export function generateStaticParams() {
  return [];
}

/** One API call per request, shared by generateMetadata and the page. */
const loadItem = cache(async (locale: TLocale, id: string): Promise<TNewsInfo> => {
  const item = await findNewsItem(locale, id);
  if (!item) notFound();
  return item;
});

async function resolveItem(params: Params, locale: TLocale): Promise<TNewsInfo> {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) notFound();
  return loadItem(locale, id);
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const item = await resolveItem(params, locale);
  // staff's SEO description and cover (migration 0043); the summary and the logo when there are none
  return buildPageMetadata({
    locale,
    path: infoPath(item.id),
    title: item.title,
    description: item.seoDescription || item.summary,
    imagePath: item.coverImageUrl ?? null,
  });
}

export default async function NewsDetailPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const item = await resolveItem(params, locale);
  const [t, tList, tArticle, tLanguage, tCrumbs] = await Promise.all([
    getTranslations({ locale, namespace: 'NewsDetailPage' }),
    getTranslations({ locale, namespace: 'NewsList' }),
    getTranslations({ locale, namespace: 'NewsArticle' }),
    getTranslations({ locale, namespace: 'ContentLanguage' }),
    getTranslations({ locale, namespace: 'Breadcrumbs' }),
  ]);
  const fallback = item.locale !== locale;
  // a promotion is bought from the price list while it runs; once over, its page records what it offered
  const promotion =
    item.kind === 'PROMOTION' && item.validFrom && item.validUntil ? { from: item.validFrom, until: item.validUntil } : null;
  const ended = promotion !== null && Date.parse(promotion.until) <= Date.now();
  // dates of moments on the reader's calendar, filled in by the browser (docs/adr/0031)
  const tag = localeEntries[locale].iso;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      {/* the news list's search box, above the item */}
      <div className="mb-8">
        <SiteSearchBox locale={locale} />
      </div>
      <article>
        <Breadcrumbs
          label={tCrumbs('label')}
          items={[{ label: tCrumbs('home'), href: '/' }, { label: t('newsList'), href: newsPath(1) }, { label: item.title }]}
        />
        {fallback ? (
          <p role="note" className="mb-6 rounded-control border border-line bg-surface px-4 py-3 text-sm text-ink-muted">
            {tLanguage('fallbackNote', { fallback: localeEntries[item.locale].name })}
          </p>
        ) : null}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${item.kind === 'PROMOTION' ? 'bg-amber-100 text-amber-900' : 'bg-brand-50 text-brand-800'}`}
          >
            {tList(`kinds.${item.kind}`)}
          </span>
          <LocalTime iso={item.publishedAt} languageTag={tag} kind="date" template={tArticle.raw('published') as string} />
        </p>
        <div lang={fallback ? localeEntries[item.locale].iso : undefined}>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance break-keep text-ink sm:text-4xl">
            <Phrased text={item.title} locale={locale} />
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-ink-muted">{item.summary}</p>
          {promotion && ended ? (
            <p
              className="mt-4 rounded-control border border-line bg-surface px-4 py-3 font-medium text-ink-muted"
              data-testid="promotion-ended"
            >
              <LocalTime iso={promotion.until} languageTag={tag} kind="date" name="until" template={tArticle.raw('ended') as string} />
            </p>
          ) : null}
          {promotion && !ended ? (
            <p className="mt-4 rounded-control border border-amber-300 bg-amber-50 px-4 py-3 font-medium text-amber-900">
              <LocalTime
                iso={promotion.from}
                languageTag={tag}
                kind="date"
                name="from"
                also={{ until: promotion.until }}
                template={tArticle.raw('validity') as string}
              />
            </p>
          ) : null}
          <MarkdownBody html={renderMarkdown(item.body, (href) => localizePath(locale, href))} className="mt-8" />
          {promotion && !ended ? (
            <div
              className="mt-8 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-card border border-line bg-surface p-5"
              data-testid="promotion-buy"
            >
              <ButtonLink href="/pricing">{tArticle('buy')}</ButtonLink>
              <p className="text-sm text-ink-muted">{tArticle('buyHint')}</p>
            </div>
          ) : null}
        </div>
        <p className="mt-10 border-t border-line pt-6">
          <TextLink href={newsPath(1)}>{t('backToList')}</TextLink>
        </p>
      </article>
    </div>
  );
}
