import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { FeatureGrid } from '@/features/site/components/feature-grid';
import { PageIntro } from '@/features/site/components/page-intro';
import { PageSection } from '@/features/site/components/page-section';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

const values = ['quality', 'privacy', 'everywhere', 'fairness'] as const;
const audiences = ['individuals', 'gamers', 'office', 'itOps', 'enterprises'] as const;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'AboutPage' }), getBrand(locale)]);
  return buildPageMetadata({ locale, path: '/about', title: t('title'), description: t('description', { brand }) });
}

export default async function AboutPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'AboutPage' }), getBrand(locale)]);

  return (
    <>
      <PageIntro title={t('heading', { brand })} lede={t('lede')} />
      <PageSection id="about-values" title={t('valuesHeading')}>
        <FeatureGrid columns={2} items={values.map((key) => ({ key, title: t(`values.${key}.title`), body: t(`values.${key}.body`) }))} />
      </PageSection>
      <PageSection id="about-audience" title={t('audienceHeading')} intro={t('audienceIntro')} muted>
        <FeatureGrid items={audiences.map((key) => ({ key, title: t(`audiences.${key}.title`), body: t(`audiences.${key}.body`) }))} />
      </PageSection>
    </>
  );
}
