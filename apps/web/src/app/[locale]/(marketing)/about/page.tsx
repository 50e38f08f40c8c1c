import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { FeatureGrid } from '@/features/site/components/feature-grid';
import { PageIntro } from '@/features/site/components/page-intro';
import { PageSection } from '@/features/site/components/page-section';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';
import { Phrased } from '@/lib/phrases';

const values = ['quality', 'privacy', 'everywhere', 'fairness'] as const;
const audiences = ['individuals', 'gamers', 'office', 'itOps', 'enterprises'] as const;
const milestones = ['y2019', 'y2020', 'y2021', 'y2023', 'y2024', 'y2025'] as const;

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
      <PageIntro locale={locale} title={t('heading', { brand })} lede={t('lede')} />
      <PageSection locale={locale} id="about-values" title={t('valuesHeading')}>
        <FeatureGrid
          locale={locale}
          columns={2}
          items={values.map((key) => ({ key, title: t(`values.${key}.title`), body: t(`values.${key}.body`) }))}
        />
      </PageSection>
      <PageSection locale={locale} id="about-story" title={t('story.heading')} intro={t('story.intro', { brand })} muted>
        <ol className="relative space-y-8 border-s-2 border-brand-200 ps-6">
          {milestones.map((key) => (
            <li key={key} className="relative">
              <span
                aria-hidden="true"
                className="absolute -start-[31px] top-1.5 size-3.5 rounded-full border-2 border-canvas bg-brand-600"
              />
              <p className="text-sm font-semibold text-brand-700">{t(`story.items.${key}.year`)}</p>
              <h3 className="mt-1 text-lg font-semibold text-balance break-keep text-ink">
                <Phrased text={t(`story.items.${key}.title`)} locale={locale} />
              </h3>
              <p className="mt-1 max-w-3xl leading-relaxed text-ink-muted">{t(`story.items.${key}.body`)}</p>
            </li>
          ))}
        </ol>
      </PageSection>
      <PageSection locale={locale} id="about-audience" title={t('audienceHeading')} intro={t('audienceIntro')}>
        <FeatureGrid
          locale={locale}
          items={audiences.map((key) => ({ key, title: t(`audiences.${key}.title`), body: t(`audiences.${key}.body`) }))}
        />
      </PageSection>
    </>
  );
}
