import { type TMembershipPrice, type TSkuPrice } from '@llk/contracts';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BillingTabs } from '@/features/pricing/components/billing-tabs';
import { FeatureMatrix } from '@/features/pricing/components/feature-matrix';
import { PlanCard } from '@/features/pricing/components/plan-card';
import { formatFen, formatPercent } from '@/lib/format';
import { loadPricing } from '@/features/pricing/pricing-data';
import { ButtonLink } from '@/components/ui/button-link';
import { ProductScene } from '@/components/illustrations/product-scene';
import { PageIntro } from '@/features/site/components/page-intro';
import { PageSection } from '@/features/site/components/page-section';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';
import { Phrased } from '@/lib/phrases';

// Static page, regenerated every 5 minutes from GET /memberPricing/detail/v2 (ADR 0006). Built
// without the API it shows the catalogue of content/seed/pricing.json (features/pricing).
export const revalidate = 300;

const notes = ['screenWall', 'globalChannel', 'payment'] as const;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'PricingPage' });
  return buildPageMetadata({ locale, path: '/pricing', title: t('title'), description: t('description') });
}

export default async function PricingPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [page, t, { pricing }] = await Promise.all([
    getTranslations({ locale, namespace: 'PricingPage' }),
    getTranslations({ locale, namespace: 'Pricing' }),
    loadPricing(locale),
  ]);
  const tag = localeEntries[locale].iso;
  const fen = (amount: number) => formatFen(amount, tag);
  const free = pricing.plans.find((plan) => plan.code === 'FREE');
  const pro = pricing.plans.find((plan) => plan.code === 'PRO');
  const prices = pro?.prices ?? [];
  const year = prices.find((price) => price.timeUnit === 'YEAR');

  const detail = (price: TMembershipPrice) =>
    price.savingFen > 0 ? t('savingDetail', { monthly: fen(price.monthlyPriceFen), saving: fen(price.savingFen) }) : t('monthDetail');

  const panel = (price: TMembershipPrice) => (
    <div className="grid gap-4 md:grid-cols-2">
      {free ? (
        <PlanCard code="FREE" name={free.name} summary={free.summary} price={fen(0)} period="" detail={t('freeDetail')}>
          <ButtonLink href="/download" variant="secondary" className="w-full">
            {t('startFree')}
          </ButtonLink>
        </PlanCard>
      ) : null}
      {pro ? (
        <PlanCard
          code="PRO"
          name={pro.name}
          summary={pro.summary}
          price={fen(price.priceFen)}
          period={t(`period.${price.timeUnit}`)}
          badge={price.discountFen > 0 ? t('discount', { percent: formatPercent(price.discountPercent, tag) }) : undefined}
          original={
            price.discountFen > 0
              ? t.rich('original', { price: fen(price.originalPriceFen), s: (chunks) => <s data-testid="plan-original">{chunks}</s> })
              : null
          }
          detail={detail(price)}
          highlight
        >
          <ButtonLink
            href={{ pathname: '/order', query: { plan: price.timeUnit } }}
            className="w-full"
            data-testid={`buy-${price.timeUnit}`}
          >
            {t(`buy.${price.timeUnit}`)}
          </ButtonLink>
        </PlanCard>
      ) : null}
    </div>
  );

  const addOnName = (sku: TSkuPrice) =>
    sku.itemType === 'MONITOR'
      ? t('addOn.MONITOR', { quantity: sku.quantity })
      : sku.itemType === 'QUALITY'
        ? t('addOn.QUALITY', { tier: t(`tiers.${sku.qualityTier ?? 'HD'}`) })
        : t('addOn.CHANNEL');

  return (
    <>
      <PageIntro
        locale={locale}
        title={page('heading')}
        lede={page('lede')}
        illustration={<ProductScene scene="toolbar" className="h-auto w-full rounded-panel bg-canvas p-3 shadow-card" />}
      />
      <section aria-labelledby="pricing-plans" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <h2 id="pricing-plans" className="sr-only">
          {page('plansHeading')}
        </h2>
        {prices.length > 0 ? (
          <BillingTabs
            label={t('tablist')}
            initial={year ? 'YEAR' : prices[0]!.timeUnit}
            tabs={prices.map((price) => ({
              key: price.timeUnit,
              label: t(`tabs.${price.timeUnit}`),
              // the one discount of the site (ADR 0020): list price against price, as on the card
              badge: price.discountFen > 0 ? t('discount', { percent: formatPercent(price.discountPercent, tag) }) : undefined,
              panel: panel(price),
            }))}
          />
        ) : null}
      </section>
      <PageSection locale={locale} id="pricing-matrix" title={t('matrixHeading')} intro={page('groupsIntro')} muted>
        <FeatureMatrix
          groups={pricing.groups}
          caption={t('matrixCaption')}
          labels={{
            feature: t('feature'),
            free: free?.name ?? '',
            paid: pro?.name ?? '',
            included: t('included'),
            notIncluded: t('notIncluded'),
          }}
        />
      </PageSection>
      <PageSection locale={locale} id="pricing-notes" title={page('notesHeading')}>
        <ul className="max-w-3xl list-disc space-y-3 pl-5 leading-relaxed text-ink-muted marker:text-brand-600" data-testid="pricing-notes">
          {notes.map((key) => (
            <li key={key}>{page(`notes.${key}`)}</li>
          ))}
        </ul>
        {pricing.addOns.length > 0 ? (
          <div className="mt-10">
            <h3 className="text-lg font-semibold text-balance break-keep text-ink">
              <Phrased text={t('addOnsHeading')} locale={locale} />
            </h3>
            <p className="mt-2 max-w-3xl leading-relaxed text-ink-muted">{t('addOnsIntro')}</p>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="pricing-addons">
              {pricing.addOns.map((sku) => (
                <li
                  key={sku.skuId}
                  data-sku={sku.skuId}
                  className="flex items-baseline justify-between gap-3 rounded-card border border-line bg-canvas px-4 py-3"
                >
                  <span className="text-ink">
                    {addOnName(sku)}
                    <span className="block text-sm text-ink-muted">{sku.timeUnit ? t(`term.${sku.timeUnit}`) : t('term.once')}</span>
                  </span>
                  <span className="text-right font-semibold whitespace-nowrap text-ink">
                    {fen(sku.priceFen)}
                    {sku.discountFen > 0 ? (
                      <span className="block text-sm font-normal text-ink-muted">
                        {t.rich('original', { price: fen(sku.originalPriceFen), s: (chunks) => <s>{chunks}</s> })}
                      </span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </PageSection>
    </>
  );
}
