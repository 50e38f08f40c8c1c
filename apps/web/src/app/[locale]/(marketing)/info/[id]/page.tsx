import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/features/site/components/breadcrumbs';
import { TextLink } from '@/features/site/components/button-link';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

// Internal target of the public URL /info-{id}. Items are not prebuilt: each one is rendered
// on its first request and then served statically.
type Params = LocaleParams<{ id: string }>;

export function generateStaticParams() {
  return [];
}

async function resolveId(params: Params): Promise<string> {
  const { id } = await params;
  if (!/^[1-9]\d{0,17}$/.test(id)) notFound();
  return id;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const id = await resolveId(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'NewsDetailPage' }), getBrand(locale)]);
  return buildPageMetadata({ locale, path: `/info-${id}`, title: t('title'), description: t('description', { brand }) });
}

export default async function NewsDetailPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  await resolveId(params);
  const [t, tCrumbs, brand] = await Promise.all([
    getTranslations({ locale, namespace: 'NewsDetailPage' }),
    getTranslations({ locale, namespace: 'Breadcrumbs' }),
    getBrand(locale),
  ]);

  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <Breadcrumbs
        label={tCrumbs('label')}
        items={[{ label: tCrumbs('home'), href: '/' }, { label: t('newsList'), href: '/news-1' }, { label: t('heading') }]}
      />
      <h1 className="text-3xl font-bold tracking-tight text-balance break-keep text-ink sm:text-4xl">{t('heading')}</h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-muted">{t('lede', { brand })}</p>
      <p className="mt-10 border-t border-line pt-6">
        <TextLink href="/news-1">{t('backToList')}</TextLink>
      </p>
    </article>
  );
}
