import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { TextLink } from '@/features/site/components/button-link';
import { PageIntro } from '@/features/site/components/page-intro';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

// Internal target of the public URL /news-{page}. The first page is prebuilt for every locale;
// later pages render on their first request and are then served statically.
type Params = LocaleParams<{ page: string }>;

export function generateStaticParams() {
  return [{ page: '1' }];
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
    path: `/news-${page}`,
    title: page === 1 ? t('title') : t('titlePaged', { page }),
    description: t('description', { brand }),
  });
}

export default async function NewsPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const page = await resolvePage(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'NewsPage' }), getBrand(locale)]);

  return (
    <>
      <PageIntro title={t('heading')} lede={t('lede', { brand })} eyebrow={page > 1 ? t('pageLabel', { page }) : undefined} />
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
        <p className="text-ink-muted">
          {t.rich('noticesHint', { link: (chunks) => <TextLink href="/notice">{chunks}</TextLink> })}
        </p>
      </div>
    </>
  );
}
