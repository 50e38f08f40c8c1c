import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/features/site/components/button-link';
import { PageIntro } from '@/features/site/components/page-intro';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'LogPage' }), getBrand(locale)]);
  return buildPageMetadata({ locale, path: '/log', title: t('title'), description: t('description', { brand }) });
}

export default async function LogPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'LogPage' }), getBrand(locale)]);

  return (
    <PageIntro title={t('heading')} lede={t('lede', { brand })}>
      <ButtonLink href="/download">{t('downloadCta')}</ButtonLink>
    </PageIntro>
  );
}
