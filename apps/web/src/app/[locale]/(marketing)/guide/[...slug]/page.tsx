import { localeEntries, isLocale, type TLocale } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { GuideNav } from '@/features/guide/components/guide-nav';
import { MarkdownBody } from '@/features/guide/components/markdown-body';
import { getGuideTree } from '@/features/guide/guide-content';
import { findGuideNode, guideHref, listGuidePaths, type GuideMatch, type GuideNode } from '@/features/guide/guide-tree';
import { renderMarkdown } from '@/features/guide/markdown';
import { SiteSearchBox } from '@/features/search/components/site-search-box';
import { Breadcrumbs } from '@/features/site/components/breadcrumbs';
import { TextLink } from '@/components/ui/button-link';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { Link } from '@/i18n/navigation';
import { buildPageMetadata, localizePath } from '@/lib/metadata';
import { Phrased } from '@/lib/phrases';

type Params = LocaleParams<{ slug: string[] }>;

// Every page of content/guide is prebuilt for every locale at build time (the tree is the same
// in every locale: missing translations fall back, see guide-tree.ts); anything else is a 404.
export const dynamicParams = false;

export function generateStaticParams({ params }: { params: { locale: string } }) {
  return listGuidePaths(getGuideTree(params.locale)).map((slug) => ({ slug }));
}

async function resolve(params: Params, locale: TLocale): Promise<GuideMatch & { tree: GuideNode[] }> {
  const { slug } = await params;
  const tree = getGuideTree(locale);
  const match = findGuideNode(tree, slug);
  if (!match) notFound();
  return { ...match, tree };
}

/** lang attribute for text that is not in the page's language (a fallback page). */
const langOf = (node: GuideNode, locale: TLocale) =>
  node.locale !== locale && isLocale(node.locale) ? localeEntries[node.locale].iso : undefined;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const { node } = await resolve(params, locale);
  const t = await getTranslations({ locale, namespace: 'GuidePage' });
  return buildPageMetadata({
    locale,
    path: guideHref(node),
    title: t('topicTitle', { topic: node.title }),
    description: node.description || t('title'),
  });
}

export default async function GuideTopicPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const { node, trail, previous, next, tree } = await resolve(params, locale);
  const [t, tArticle, tLanguage, tCrumbs] = await Promise.all([
    getTranslations({ locale, namespace: 'GuidePage' }),
    getTranslations({ locale, namespace: 'GuideArticle' }),
    getTranslations({ locale, namespace: 'ContentLanguage' }),
    getTranslations({ locale, namespace: 'Breadcrumbs' }),
  ]);
  const lang = langOf(node, locale);
  const html = renderMarkdown(node.body, (href) => localizePath(locale, href));

  const crumbs = [
    { label: tCrumbs('home'), href: '/' },
    { label: t('heading'), href: '/guide' },
    ...trail.slice(0, -1).map((ancestor) => ({ label: ancestor.title, href: guideHref(ancestor) })),
    { label: node.title },
  ];

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[16rem_1fr] lg:px-8">
      {/* the guide index's search box, over both columns (first, as the topic list is from lg) and
          first on a phone too, where the topic list comes last */}
      <div className="order-first lg:col-span-2">
        <SiteSearchBox locale={locale} />
      </div>
      <div className="order-last lg:order-first">
        <GuideNav tree={tree} current={node} label={t('navLabel')} />
      </div>
      <article className="min-w-0">
        <Breadcrumbs label={tCrumbs('label')} items={crumbs} />
        {lang ? (
          <p role="note" className="mb-6 rounded-control border border-line bg-surface px-4 py-3 text-sm text-ink-muted">
            {tLanguage('fallbackNote', { fallback: localeEntries[node.locale as TLocale].name })}
          </p>
        ) : null}
        <div lang={lang}>
          <h1 className="text-3xl font-bold tracking-tight text-balance break-keep text-ink sm:text-4xl">
            <Phrased text={node.title} locale={isLocale(node.locale) ? node.locale : locale} />
          </h1>
          {node.description ? <p className="mt-4 max-w-3xl text-lg leading-relaxed text-ink-muted">{node.description}</p> : null}
          <MarkdownBody html={html} className="mt-8" />
        </div>

        {node.children.length > 0 ? (
          <section aria-labelledby="guide-topics" className="mt-10">
            <h2 id="guide-topics" className="text-xl font-semibold text-balance break-keep text-ink">
              <Phrased text={t('topicsHeading')} locale={locale} />
            </h2>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {node.children.map((topic) => (
                <li key={topic.slug} lang={langOf(topic, locale)} className="rounded-control border border-line bg-canvas p-5">
                  <h3 className="font-semibold text-balance break-keep text-ink">
                    <TextLink href={guideHref(topic)}>
                      <Phrased text={topic.title} locale={isLocale(topic.locale) ? topic.locale : locale} />
                    </TextLink>
                  </h3>
                  {topic.description ? <p className="mt-1 text-sm leading-relaxed text-ink-muted">{topic.description}</p> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <nav aria-label={tArticle('pagerLabel')} className="mt-12 grid gap-3 border-t border-line pt-6 sm:grid-cols-2">
          {previous ? (
            <Link
              href={guideHref(previous)}
              rel="prev"
              className="group rounded-control border border-line p-4 hover:border-brand-300 hover:bg-brand-50"
            >
              <span className="block text-sm text-ink-muted">{tArticle('previous')}</span>
              <span className="mt-1 block font-semibold text-brand-700 group-hover:underline" lang={langOf(previous, locale)}>
                {previous.title}
              </span>
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link
              href={guideHref(next)}
              rel="next"
              className="group rounded-control border border-line p-4 text-right hover:border-brand-300 hover:bg-brand-50"
            >
              <span className="block text-sm text-ink-muted">{tArticle('next')}</span>
              <span className="mt-1 block font-semibold text-brand-700 group-hover:underline" lang={langOf(next, locale)}>
                {next.title}
              </span>
            </Link>
          ) : null}
        </nav>
      </article>
    </div>
  );
}
