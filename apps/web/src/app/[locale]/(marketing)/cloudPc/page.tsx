import { type TCloudPcOffer, type TCloudPcPlan } from '@llk/contracts';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { DevicePanel } from '@/features/cloud-pc/components/device-panel';
import { ProviderForm } from '@/features/cloud-pc/components/provider-form';
import { loadCloudPcPlans } from '@/features/cloud-pc/plans-data';
import { getCloudPcTexts } from '@/features/cloud-pc/server/cloud-pc-texts';
import { storageSize } from '@/features/cloud-pc/texts';
import { formatFen } from '@/lib/format';
import { ButtonLink, TextLink } from '@/components/ui/button-link';
import { FaqList } from '@/features/site/components/faq-list';
import { FeatureGrid } from '@/features/site/components/feature-grid';
import { PageIntro } from '@/features/site/components/page-intro';
import { PageSection } from '@/features/site/components/page-section';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';
import { Phrased } from '@/lib/phrases';

// Static page, regenerated every 5 minutes from GET /cloudPc/plans (ADR 0006); built without
// the API it shows the catalogue of content/seed/pricing.json (features/cloud-pc). Rent goes to
// /order?sku=CLOUD_PC_<PLAN>_<TERM>. "My cloud PCs" and the provider sign-up are client parts:
// the device list is fetched in the browser once a session is hinted, like /promotionPlan.
export const revalidate = 300;

const points = ['deviceList', 'billing', 'refund', 'invoice'] as const;
const faq = ['whereDevice', 'renew', 'autoRenew', 'cancel', 'pause', 'refund', 'invoice'] as const;
const back = { redirectUrl: '/cloudPc' };

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'CloudPcPage' });
  return buildPageMetadata({ locale, path: '/cloudPc', title: t('title'), description: t('description') });
}

export default async function CloudPcPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [t, brand, texts, { plans }] = await Promise.all([
    getTranslations({ locale, namespace: 'CloudPcPage' }),
    getBrand(locale),
    getCloudPcTexts(locale),
    loadCloudPcPlans(locale),
  ]);
  const tag = localeEntries[locale].iso;
  const fen = (amount: number) => formatFen(amount, tag);

  const offer = (plan: TCloudPcPlan, item: TCloudPcOffer) => (
    <div key={item.skuId} className="border-t border-line pt-4" data-offer={item.timeUnit}>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-2xl font-bold tracking-tight text-ink" data-testid={`price-${plan.planId}-${item.timeUnit}`}>
          {fen(item.priceFen)}
        </span>
        <span className="text-ink-muted">{t(`per.${item.timeUnit}`)}</span>
        {item.originalPriceFen > item.priceFen ? (
          <span className="text-sm text-ink-muted">
            {t.rich('original', { price: fen(item.originalPriceFen), s: (chunks) => <s>{chunks}</s> })}
          </span>
        ) : null}
      </p>
      <ButtonLink
        href={{ pathname: '/order', query: { sku: item.skuId } }}
        variant={item.timeUnit === 'YEAR' ? 'primary' : 'secondary'}
        className="mt-3 w-full"
        data-testid={`rent-${item.skuId}`}
      >
        {t(`rent.${item.timeUnit}`)}
      </ButtonLink>
    </div>
  );

  const visitor = (
    <div className="max-w-xl space-y-3" data-testid="cloud-pc-login">
      <p className="text-ink-muted">{t('loginPrompt')}</p>
      <ButtonLink href={{ pathname: '/login', query: back }} data-testid="cloud-pc-login-link">
        {t('logIn')}
      </ButtonLink>
      <p className="text-sm text-ink-muted">
        {t.rich('noAccount', { link: (chunks) => <TextLink href={{ pathname: '/signup', query: back }}>{chunks}</TextLink> })}
      </p>
    </div>
  );

  return (
    <>
      <PageIntro locale={locale} title={t('heading')} lede={t('lede', { brand })} />
      <PageSection locale={locale} id="cloud-pc-plans" title={t('plansHeading')} intro={t('plansIntro')}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="cloud-pc-plans">
          {plans.map((plan) => {
            const storage = storageSize(plan.storageGb);
            return (
              <li
                key={plan.planId}
                className="flex flex-col gap-4 rounded-card border border-line bg-canvas p-6 shadow-card"
                data-plan={plan.planId}
              >
                <div className="flex-1">
                  <h3 className="text-lg font-semibold text-balance break-keep text-ink">
                    <Phrased text={texts.plans[plan.planId] ?? ''} locale={locale} />
                  </h3>
                  <p className="mt-3 text-xl font-bold tracking-tight text-brand-700">
                    {t('planCpu', { cores: plan.cores, threads: plan.threads })}
                  </p>
                  <ul className="mt-2 space-y-1 text-sm text-ink-muted">
                    <li>{t('planMemory', { memory: plan.memoryGb })}</li>
                    <li>{t(`planStorage.${storage.unit}`, { size: storage.size })}</li>
                  </ul>
                  <p className="mt-4 leading-relaxed text-ink-muted">
                    {t(`plans.${plan.planId.toLowerCase() as Lowercase<TCloudPcPlan['planId']>}.body`)}
                  </p>
                </div>
                {plan.offers.length > 0 ? (
                  plan.offers.map((item) => offer(plan, item))
                ) : (
                  <p className="border-t border-line pt-4 text-sm text-ink-muted">{t('noOffers')}</p>
                )}
              </li>
            );
          })}
        </ul>
      </PageSection>
      <PageSection locale={locale} id="cloud-pc-devices" title={t('devicesHeading')} intro={t('devicesIntro')} muted>
        <DevicePanel texts={texts} tag={tag} visitor={visitor} />
      </PageSection>
      <PageSection locale={locale} id="cloud-pc-how" title={t('howHeading')}>
        <FeatureGrid
          locale={locale}
          columns={2}
          items={points.map((key) => ({ key, title: t(`points.${key}.title`), body: t(`points.${key}.body`) }))}
        />
      </PageSection>
      <PageSection locale={locale} id="cloud-pc-faq" title={t('faqHeading')} muted>
        <FaqList items={faq.map((key) => ({ key, question: t(`faq.${key}.q`), answer: t(`faq.${key}.a`) }))} />
      </PageSection>
      <PageSection locale={locale} id="cloud-pc-provider" title={t('providerHeading')} intro={t('providerBody')}>
        <ProviderForm texts={texts} />
      </PageSection>
    </>
  );
}
