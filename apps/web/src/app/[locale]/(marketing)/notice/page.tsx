import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { TextLink } from '@/features/site/components/button-link';
import { PageIntro } from '@/features/site/components/page-intro';
import { PageSection } from '@/features/site/components/page-section';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'NoticePage' }), getBrand(locale)]);
  return buildPageMetadata({ locale, path: '/notice', title: t('title'), description: t('description', { brand }) });
}

export default async function NoticePage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'NoticePage' }), getBrand(locale)]);

  return (
    <>
      <PageIntro title={t('heading')} lede={t('lede', { brand })} />
      <PageSection id="notice-kinds" title={t('kindsHeading')}>
        <ul className="max-w-3xl list-disc space-y-3 pl-5 leading-relaxed text-ink-muted marker:text-brand-600">
          <li>{t('kinds.maintenance')}</li>
          <li>{t('kinds.changes')}</li>
          <li>{t('kinds.policy')}</li>
        </ul>
        <p className="mt-6">
          <TextLink href="/news-1">{t('newsLink')}</TextLink>
        </p>
      </PageSection>
    </>
  );
}
