import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { GuideNav } from '@/features/guide/components/guide-nav';
import { findGuideNode, guideHref, listGuidePaths, type GuideMatch } from '@/features/guide/guide-tree';
import { Breadcrumbs } from '@/features/site/components/breadcrumbs';
import { TextLink } from '@/features/site/components/button-link';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

type Params = LocaleParams<{ slug: string[] }>;

// Every known section and topic is prebuilt for every locale (the locale comes from the
// parent segment's generateStaticParams); anything else is a 404.
export const dynamicParams = false;

export function generateStaticParams() {
  return listGuidePaths().map((slug) => ({ slug }));
}

async function resolve(params: Params): Promise<GuideMatch> {
  const { slug } = await params;
  const match = findGuideNode(slug);
  if (!match) notFound();
  return match;
}

/** Message key of a node: sections and topics live in separate namespaces. */
const titleKey = (match: GuideMatch, depth: number) =>
  depth === 0 ? `sections.${match.trail[0]!.key}` : `topics.${match.trail[depth]!.key}`;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const match = await resolve(params);
  const t = await getTranslations({ locale, namespace: 'GuidePage' });
  const key = titleKey(match, match.trail.length - 1);
  return buildPageMetadata({
    locale,
    path: guideHref(match.trail),
    title: t('topicTitle', { topic: t(`${key}.title`) }),
    description: t(`${key}.summary`),
  });
}

export default async function GuideTopicPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const match = await resolve(params);
  const [t, tCrumbs] = await Promise.all([
    getTranslations({ locale, namespace: 'GuidePage' }),
    getTranslations({ locale, namespace: 'Breadcrumbs' }),
  ]);
  const depth = match.trail.length - 1;
  const key = titleKey(match, depth);
  const href = guideHref(match.trail);
  const parent = depth > 0 ? match.trail.slice(0, depth) : null;

  const crumbs = [
    { label: tCrumbs('home'), href: '/' },
    { label: t('heading'), href: '/guide' },
    ...match.trail.slice(0, -1).map((_, index) => ({
      label: t(`${titleKey(match, index)}.title`),
      href: guideHref(match.trail.slice(0, index + 1)),
    })),
    { label: t(`${key}.title`) },
  ];

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[15rem_1fr] lg:px-8">
      <div className="order-last lg:order-first">
        <GuideNav locale={locale} currentPath={href} />
      </div>
      <article className="min-w-0">
        <Breadcrumbs label={tCrumbs('label')} items={crumbs} />
        <h1 className="text-3xl font-bold tracking-tight text-balance break-keep text-ink sm:text-4xl">{t(`${key}.title`)}</h1>
        <p className="mt-4 max-w-3xl text-lg leading-relaxed text-ink-muted">{t(`${key}.summary`)}</p>

        {match.node.children.length > 0 ? (
          <section aria-labelledby="guide-topics" className="mt-10">
            <h2 id="guide-topics" className="text-xl font-semibold text-ink">
              {t('topicsHeading')}
            </h2>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {match.node.children.map((topic) => (
                <li key={topic.slug} className="rounded-control border border-line bg-canvas p-5">
                  <h3 className="font-semibold text-ink">
                    <TextLink href={guideHref([...match.trail, topic])}>{t(`topics.${topic.key}.title`)}</TextLink>
                  </h3>
                  <p className="mt-1 text-sm leading-relaxed text-ink-muted">{t(`topics.${topic.key}.summary`)}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <p className="mt-10 border-t border-line pt-6">
          {parent ? (
            <TextLink href={guideHref(parent)}>{t('backTo', { section: t(`${titleKey(match, depth - 1)}.title`) })}</TextLink>
          ) : (
            <TextLink href="/guide">{t('backToGuide')}</TextLink>
          )}
        </p>
      </article>
    </div>
  );
}
