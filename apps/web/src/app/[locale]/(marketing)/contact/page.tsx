import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { TextLink } from '@/features/site/components/button-link';
import { FeatureGrid } from '@/features/site/components/feature-grid';
import { PageIntro } from '@/features/site/components/page-intro';
import { PageSection } from '@/features/site/components/page-section';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'ContactPage' });
  return buildPageMetadata({ locale, path: '/contact', title: t('title'), description: t('description') });
}

export default async function ContactPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'ContactPage' });

  return (
    <>
      <PageIntro title={t('heading')} lede={t('lede')} />
      <PageSection id="contact-channels" title={t('channelsHeading')}>
        <FeatureGrid
          items={[
            {
              key: 'support',
              title: t('channels.support.title'),
              body: t('channels.support.body'),
              extra: <TextLink href="/guide/support">{t('channels.support.link')}</TextLink>,
            },
            { key: 'business', title: t('channels.business.title'), body: t('channels.business.body') },
            {
              key: 'ecosystem',
              title: t('channels.ecosystem.title'),
              body: t('channels.ecosystem.body'),
              extra: <TextLink href="/cloudPc">{t('channels.ecosystem.link')}</TextLink>,
            },
          ]}
        />
      </PageSection>
    </>
  );
}
