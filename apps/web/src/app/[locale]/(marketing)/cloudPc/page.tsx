import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/features/site/components/button-link';
import { FaqList } from '@/features/site/components/faq-list';
import { FeatureGrid } from '@/features/site/components/feature-grid';
import { PageIntro } from '@/features/site/components/page-intro';
import { PageSection } from '@/features/site/components/page-section';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

const points = ['deviceList', 'billing', 'refund', 'invoice'] as const;
// CPU tiers of spec section 9 (14 cores / 28 threads up to 52 cores / 104 threads).
const plans = [
  { key: 'standard', cores: 14, threads: 28, memoryGb: 32 },
  { key: 'advanced', cores: 24, threads: 48, memoryGb: 64 },
  { key: 'professional', cores: 36, threads: 72, memoryGb: 128 },
  { key: 'ultimate', cores: 52, threads: 104, memoryGb: 256 },
] as const;
const faq = ['whereDevice', 'renew', 'autoRenew', 'cancel', 'pause', 'refund', 'invoice'] as const;

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
      <PageSection id="cloud-pc-plans" title={t('plansHeading')} intro={t('plansIntro')}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {plans.map((plan) => (
            <li key={plan.key} className="flex flex-col rounded-card border border-line bg-canvas p-6 shadow-card">
              <h3 className="text-lg font-semibold text-ink">{t(`plans.${plan.key}.name`)}</h3>
              <p className="mt-3 text-2xl font-bold tracking-tight text-brand-700">{t('planCpu', { cores: plan.cores, threads: plan.threads })}</p>
              <p className="mt-1 text-sm text-ink-muted">{t('planMemory', { memory: plan.memoryGb })}</p>
              <p className="mt-4 flex-1 leading-relaxed text-ink-muted">{t(`plans.${plan.key}.body`)}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection id="cloud-pc-how" title={t('howHeading')} muted>
        <FeatureGrid columns={2} items={points.map((key) => ({ key, title: t(`points.${key}.title`), body: t(`points.${key}.body`) }))} />
      </PageSection>
      <PageSection id="cloud-pc-faq" title={t('faqHeading')}>
        <FaqList items={faq.map((key) => ({ key, question: t(`faq.${key}.q`), answer: t(`faq.${key}.a`) }))} />
      </PageSection>
      <PageSection id="cloud-pc-provider" title={t('providerHeading')} intro={t('providerBody')} muted>
        <ButtonLink href="/contact" variant="secondary">
          {t('providerCta')}
        </ButtonLink>
      </PageSection>
    </>
  );
}
