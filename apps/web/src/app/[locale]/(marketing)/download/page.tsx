import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { TextLink } from '@/features/site/components/button-link';
import { FeatureGrid } from '@/features/site/components/feature-grid';
import { PageIntro } from '@/features/site/components/page-intro';
import { PageSection } from '@/features/site/components/page-section';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

const platforms = ['windows', 'macos', 'ios', 'android', 'linux'] as const;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'DownloadPage' }), getBrand(locale)]);
  return buildPageMetadata({ locale, path: '/download', title: t('title'), description: t('description', { brand }) });
}

export default async function DownloadPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'DownloadPage' }), getBrand(locale)]);

  return (
    <>
      <PageIntro title={t('heading', { brand })} lede={t('lede')} />
      <PageSection id="download-platforms" title={t('platformsHeading')}>
        <FeatureGrid items={platforms.map((key) => ({ key, title: t(`platforms.${key}.name`), body: t(`platforms.${key}.body`) }))} />
      </PageSection>
      <PageSection id="download-updates" title={t('updatesHeading')} muted>
        <p className="max-w-3xl leading-relaxed text-ink-muted">{t('updatesBody')}</p>
        <p className="mt-4">
          <TextLink href="/log">{t('releaseNotesLink')}</TextLink>
        </p>
      </PageSection>
    </>
  );
}
