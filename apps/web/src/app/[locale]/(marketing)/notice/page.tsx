import { type TNoticeList } from '@llk/contracts';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { getTranslations } from 'next-intl/server';
import { MarkdownBody } from '@/features/guide/components/markdown-body';
import { renderMarkdown } from '@/features/guide/markdown';
import { LocalTime } from '@/components/local-time';
import { getNotices } from '@/features/news/news-api';
import { TextLink } from '@/components/ui/button-link';
import { PageIntro } from '@/features/site/components/page-intro';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata, localizePath } from '@/lib/metadata';
import { newsPath } from '@/lib/routes';
import { Phrased } from '@/lib/phrases';

// Current notices from GET /announcements/info, pinned first. ISR (revalidate): the page is
// served from the cache and refreshed in the background at most every two minutes. The build
// must not need the API: if it is unreachable while building, the prerendered copy says the
// notices are unavailable, and the first request after the server starts has it re-rendered in
// the background (news-api.ts). At run time a failure throws instead, so the last good copy
// keeps being served.
export const revalidate = 120;

async function loadNotices(locale: Parameters<typeof getNotices>[0]): Promise<TNoticeList | null> {
  try {
    return await getNotices(locale);
  } catch (error) {
    if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return null;
    throw error;
  }
}

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'NoticePage' }), getBrand(locale)]);
  return buildPageMetadata({ locale, path: '/notice', title: t('title'), description: t('description', { brand }) });
}

export default async function NoticePage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [t, tList, brand, notices] = await Promise.all([
    getTranslations({ locale, namespace: 'NoticePage' }),
    getTranslations({ locale, namespace: 'NoticeList' }),
    getBrand(locale),
    loadNotices(locale),
  ]);

  return (
    <>
      <PageIntro locale={locale} title={t('heading')} lede={t('lede', { brand })} />
      <section aria-labelledby="notices-heading" className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
        <h2 id="notices-heading" className="text-2xl font-bold tracking-tight text-balance break-keep text-ink">
          <Phrased text={tList('heading')} locale={locale} />
        </h2>
        {!notices ? (
          <p className="mt-6 text-ink-muted">{tList('unavailable')}</p>
        ) : notices.list.length === 0 ? (
          <p className="mt-6 text-ink-muted">{tList('empty')}</p>
        ) : (
          <ol className="mt-6 space-y-6" data-testid="notice-list">
            {notices.list.map((notice) => (
              <li key={notice.id}>
                <article
                  id={notice.id}
                  lang={notice.locale === locale ? undefined : localeEntries[notice.locale].iso}
                  className={`scroll-mt-6 rounded-card border bg-canvas p-6 shadow-card ${notice.pinned ? 'border-brand-300' : 'border-line'}`}
                >
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
                    {notice.pinned ? (
                      <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">{tList('pinned')}</span>
                    ) : null}
                    <LocalTime
                      iso={notice.publishedAt}
                      languageTag={localeEntries[locale].iso}
                      kind="date"
                      template={tList.raw('published') as string}
                    />
                    {notice.expiresAt ? (
                      <LocalTime
                        iso={notice.expiresAt}
                        languageTag={localeEntries[locale].iso}
                        kind="date"
                        template={tList.raw('expires') as string}
                      />
                    ) : null}
                  </p>
                  <h3 className="mt-3 text-xl font-semibold text-balance break-keep text-ink">
                    <Phrased text={notice.title} locale={notice.locale} />
                  </h3>
                  <MarkdownBody html={renderMarkdown(notice.body, (href) => localizePath(locale, href))} className="mt-3" />
                </article>
              </li>
            ))}
          </ol>
        )}
        <p className="mt-10">
          <TextLink href={newsPath(1)}>{t('newsLink')}</TextLink>
        </p>
      </section>
    </>
  );
}
