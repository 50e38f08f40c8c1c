import { ZTimeUnit, type TTimeUnit } from '@llk/contracts';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ClientMessages } from '@/components/client-messages';
import { OrderCheckout, type TOrderOption } from '@/features/order/components/order-checkout';
import { LoginRedirect } from '@/features/order/components/login-redirect';
import { loginUrlForVisitor } from '@/features/order/require-login';
import { loadPricing } from '@/features/pricing/pricing-data';
import { ButtonLink } from '@/features/site/components/button-link';
import { PageIntro } from '@/features/site/components/page-intro';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

// Logged-in page (a visitor goes to /login and comes back). The offer and its figures come from
// GET /memberPricing/detail/v2 on the server; the order's own figures from POST /order/createV2.
type SearchParams = Promise<{ plan?: string | string[] }>;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'OrderPage' });
  return buildPageMetadata({ locale, path: '/order', title: t('title'), description: t('description'), noIndex: true });
}

function chosenUnit(value: string | string[] | undefined): TTimeUnit {
  const parsed = ZTimeUnit.safeParse(Array.isArray(value) ? value[0] : value);
  return parsed.success ? parsed.data : 'YEAR';
}

export default async function OrderPage({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }) {
  const locale = await resolveLocale(params);
  const unit = chosenUnit((await searchParams).plan);
  const loginUrl = await loginUrlForVisitor(locale, '/order', { plan: unit });
  const [t, order, { pricing, live }] = await Promise.all([
    getTranslations({ locale, namespace: 'OrderPage' }),
    getTranslations({ locale, namespace: 'Order' }),
    loadPricing(locale),
  ]);
  const pro = pricing.plans.find((plan) => plan.code === 'PRO');
  const options: TOrderOption[] = (pro?.prices ?? []).map((price) => ({
    timeUnit: price.timeUnit,
    skuId: price.skuId,
    priceFen: price.priceFen,
    originalPriceFen: price.originalPriceFen,
    discountFen: price.discountFen,
  }));

  return (
    <>
      <PageIntro title={t('heading')} lede={t('lede')}>
        <ButtonLink href="/pricing" variant="secondary">
          {t('comparePlans')}
        </ButtonLink>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        {loginUrl ? (
          <LoginRedirect href={loginUrl} prompt={order('loginRequired')} label={order('logIn')} />
        ) : live && pro && options.length > 0 ? (
          <ClientMessages namespaces={['Order']}>
            <OrderCheckout options={options} initialUnit={unit} planName={pro.name} />
          </ClientMessages>
        ) : (
          <p role="alert" className="rounded-card border border-line-strong bg-surface p-6 text-ink" data-testid="order-unavailable">
            {order('unavailable')}
          </p>
        )}
      </div>
    </>
  );
}
