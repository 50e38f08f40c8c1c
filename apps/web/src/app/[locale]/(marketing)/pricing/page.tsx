import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/features/site/components/button-link';
import { FeatureGrid } from '@/features/site/components/feature-grid';
import { PageIntro } from '@/features/site/components/page-intro';
import { PageSection } from '@/features/site/components/page-section';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

// Feature groups in the order of the pricing categories FUNCTION, SAFE, PLAY, PROPERTY,
// PERMISSION, COMPATIBLE (spec section 2).
const groups = ['basic', 'security', 'entertainment', 'performance', 'permissions', 'compatibility'] as const;
const plans = ['free', 'member'] as const;
const notes = ['screenWall', 'globalChannel', 'payment'] as const;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'PricingPage' });
  return buildPageMetadata({ locale, path: '/pricing', title: t('title'), description: t('description') });
}

export default async function PricingPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'PricingPage' });

  return (
    <>
      <PageIntro title={t('heading')} lede={t('lede')}>
        <ButtonLink href="/order">{t('ctaOrder')}</ButtonLink>
        <ButtonLink href="/download" variant="secondary">
          {t('ctaDownload')}
        </ButtonLink>
      </PageIntro>
      <PageSection id="pricing-plans" title={t('plansHeading')}>
        <FeatureGrid columns={2} items={plans.map((key) => ({ key, title: t(`plans.${key}.title`), body: t(`plans.${key}.body`) }))} />
      </PageSection>
      <PageSection id="pricing-groups" title={t('groupsHeading')} intro={t('groupsIntro')} muted>
        <FeatureGrid items={groups.map((key) => ({ key, title: t(`groups.${key}.title`), body: t(`groups.${key}.body`) }))} />
      </PageSection>
      <PageSection id="pricing-notes" title={t('notesHeading')}>
        <ul className="max-w-3xl list-disc space-y-3 pl-5 leading-relaxed text-ink-muted marker:text-brand-600">
          {notes.map((key) => (
            <li key={key}>{t(`notes.${key}`)}</li>
          ))}
        </ul>
      </PageSection>
    </>
  );
}
