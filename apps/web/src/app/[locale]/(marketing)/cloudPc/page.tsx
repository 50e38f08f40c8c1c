import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/features/site/components/button-link';
import { FeatureGrid } from '@/features/site/components/feature-grid';
import { PageIntro } from '@/features/site/components/page-intro';
import { PageSection } from '@/features/site/components/page-section';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

const points = ['deviceList', 'billing', 'refund', 'invoice'] as const;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'CloudPcPage' });
  return buildPageMetadata({ locale, path: '/cloudPc', title: t('title'), description: t('description') });
}

export default async function CloudPcPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'CloudPcPage' }), getBrand(locale)]);

  return (
    <>
      <PageIntro title={t('heading')} lede={t('lede', { brand })} />
      <PageSection id="cloud-pc-how" title={t('howHeading')}>
        <FeatureGrid columns={2} items={points.map((key) => ({ key, title: t(`points.${key}.title`), body: t(`points.${key}.body`) }))} />
      </PageSection>
      <PageSection id="cloud-pc-provider" title={t('providerHeading')} intro={t('providerBody')} muted>
        <ButtonLink href="/contact" variant="secondary">
          {t('providerCta')}
        </ButtonLink>
      </PageSection>
    </>
  );
}
