import { ORDER_QUANTITY_MAX, ZTimeUnit, type TTimeUnit } from '@llk/contracts';
import { type TLocale } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { loadCloudPcPlans } from '@/features/cloud-pc/plans-data';
import { parseCloudPcSku } from '@/features/cloud-pc/sku';
import { OrderCheckout, type TOrderOption, type TSeatsChoice } from '@/features/order/components/order-checkout';
import { ORDER_HEADINGS } from '@/features/order/order-headings';
import { LoginRedirect } from '@/features/order/components/login-redirect';
import { loginUrlForVisitor } from '@/features/order/require-login';
import { wechatAppId } from '@/features/order/wechat-config';
import { loadPricing } from '@/features/pricing/pricing-data';
import { ButtonLink } from '@/components/ui/button-link';
import { PageIntro } from '@/features/site/components/page-intro';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { getClientTexts } from '@/lib/client-texts';
import { buildPageMetadata } from '@/lib/metadata';
import { phrasedHeadings } from '@/lib/phrases';

// Logged-in page (a visitor goes to /login and comes back). The offer and its figures come from
// GET /memberPricing/detail/v2 on the server; the order's own figures from POST /order/createV2.
// ?sku=CLOUD_PC_<PLAN>_<TERM> sells a cloud-PC plan instead (GET /cloudPc/plans), and with
// &renew=<device id> renews that machine (POST /cloudPc/devices/{id}/renew makes the order).
// &seats=<N> (1–100) buys N seats of the membership (docs/adr/0018) instead of the buyer's own;
// a value that is not a whole number from 1 to 100 falls back to 1 seat with a note.
// ?item=CHANNEL[&seats=N] buys global channel seats (from /account/seats): the channel's terms
// from the pricing's add-ons, always as seats (a member's own channel is bought in the app).
type SearchParams = Promise<{
  plan?: string | string[];
  sku?: string | string[];
  renew?: string | string[];
  seats?: string | string[];
  item?: string | string[];
}>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const DEVICE_ID_RE = /^[0-9A-Za-z]{1,64}$/;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'OrderPage' });
  return buildPageMetadata({ locale, path: '/order', title: t('title'), description: t('description'), noIndex: true });
}

/** ?seats=…: null without it (the buyer's own membership); else the seats to start with, and whether the value had to be replaced by 1. */
function chosenSeats(value: string | undefined): TSeatsChoice | null {
  if (value === undefined) return null;
  const n = /^[0-9]{1,3}$/.test(value) ? Number(value) : Number.NaN;
  return n >= 1 && n <= ORDER_QUANTITY_MAX ? { initial: n, adjusted: false } : { initial: 1, adjusted: true };
}

function chosenUnit(value: string | string[] | undefined): TTimeUnit {
  const parsed = ZTimeUnit.safeParse(Array.isArray(value) ? value[0] : value);
  return parsed.success ? parsed.data : 'YEAR';
}

export default async function OrderPage({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }) {
  const locale = await resolveLocale(params);
  const query = await searchParams;
  const cloudPc = parseCloudPcSku(first(query.sku));
  if (cloudPc) {
    const renew = first(query.renew);
    return (
      <CloudPcOrder locale={locale} sku={first(query.sku)!} {...cloudPc} renewDeviceId={renew && DEVICE_ID_RE.test(renew) ? renew : null} />
    );
  }
  const unit = chosenUnit(query.plan);
  if (first(query.item) === 'CHANNEL')
    return <ChannelSeatsOrder locale={locale} unit={unit} seats={chosenSeats(first(query.seats)) ?? { initial: 1, adjusted: false }} />;
  const seats = chosenSeats(first(query.seats));
  const loginUrl = await loginUrlForVisitor(locale, '/order', seats ? { plan: unit, seats: String(seats.initial) } : { plan: unit });
  const [t, order, orderTexts, { pricing, live }] = await Promise.all([
    getTranslations({ locale, namespace: 'OrderPage' }),
    getTranslations({ locale, namespace: 'Order' }),
    getClientTexts(locale, 'Order'),
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
    <OrderLayout
      locale={locale}
      intro={{
        title: t(seats ? 'seatsHeading' : 'heading'),
        lede: t(seats ? 'seatsLede' : 'lede'),
        back: { href: '/pricing', label: t('comparePlans') },
      }}
      loginUrl={loginUrl}
      texts={{ loginRequired: order('loginRequired'), logIn: order('logIn'), unavailable: order('unavailable') }}
    >
      {live && pro && options.length > 0 ? (
        <OrderCheckout
          options={options}
          initialUnit={unit}
          planName={pro.name}
          seats={seats}
          wechatAppId={wechatAppId()}
          locale={locale}
          texts={orderTexts}
          headings={phrasedHeadings(ORDER_HEADINGS, (key) => order(key), locale)}
        />
      ) : null}
    </OrderLayout>
  );
}

/** /order?item=CHANNEL[&seats=N][&plan=…]: global channel seats, from the pricing's CHANNEL add-ons. */
async function ChannelSeatsOrder({ locale, unit, seats }: { locale: TLocale; unit: TTimeUnit; seats: TSeatsChoice }) {
  const loginUrl = await loginUrlForVisitor(locale, '/order', { item: 'CHANNEL', plan: unit, seats: String(seats.initial) });
  const [t, order, orderTexts, pricingTexts, { pricing, live }] = await Promise.all([
    getTranslations({ locale, namespace: 'OrderPage' }),
    getTranslations({ locale, namespace: 'Order' }),
    getClientTexts(locale, 'Order'),
    getTranslations({ locale, namespace: 'Pricing' }),
    loadPricing(locale),
  ]);
  const options: TOrderOption[] = pricing.addOns.flatMap((sku) =>
    sku.itemType === 'CHANNEL' && sku.timeUnit
      ? [
          {
            timeUnit: sku.timeUnit,
            skuId: sku.skuId,
            priceFen: sku.priceFen,
            originalPriceFen: sku.originalPriceFen,
            discountFen: sku.discountFen,
          },
        ]
      : [],
  );
  const initialUnit = options.some((option) => option.timeUnit === unit) ? unit : (options[0]?.timeUnit ?? unit);
  return (
    <OrderLayout
      locale={locale}
      intro={{ title: t('channelSeatsHeading'), lede: t('channelSeatsLede'), back: { href: '/account/seats', label: order('toSeats') } }}
      loginUrl={loginUrl}
      texts={{ loginRequired: order('loginRequired'), logIn: order('logIn'), unavailable: order('unavailable') }}
    >
      {live && options.length > 0 ? (
        <OrderCheckout
          options={options}
          initialUnit={initialUnit}
          planName={pricingTexts('addOn.CHANNEL')}
          product="CHANNEL"
          seats={seats}
          wechatAppId={wechatAppId()}
          locale={locale}
          texts={orderTexts}
          headings={phrasedHeadings(ORDER_HEADINGS, (key) => order(key), locale)}
        />
      ) : null}
    </OrderLayout>
  );
}

/** The order page's frame: intro, then the log-in prompt, the checkout, or "unavailable". */
function OrderLayout({
  locale,
  intro,
  loginUrl,
  texts,
  children,
}: {
  locale: TLocale;
  intro: { title: string; lede: string; back: { href: string; label: string } };
  loginUrl: string | null;
  texts: { loginRequired: string; logIn: string; unavailable: string };
  children: React.ReactNode;
}) {
  return (
    <>
      <PageIntro locale={locale} title={intro.title} lede={intro.lede}>
        <ButtonLink href={intro.back.href} variant="secondary">
          {intro.back.label}
        </ButtonLink>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        {loginUrl ? (
          <LoginRedirect href={loginUrl} prompt={texts.loginRequired} label={texts.logIn} />
        ) : children ? (
          children
        ) : (
          <p role="alert" className="rounded-card border border-line-strong bg-surface p-6 text-ink" data-testid="order-unavailable">
            {texts.unavailable}
          </p>
        )}
      </div>
    </>
  );
}

/** /order?sku=CLOUD_PC_…[&renew=<device id>]: a cloud-PC plan (or a machine's renewal) through the same checkout. */
async function CloudPcOrder({
  locale,
  sku,
  planId,
  timeUnit,
  renewDeviceId,
}: {
  locale: TLocale;
  sku: string;
  planId: string;
  timeUnit: TTimeUnit;
  renewDeviceId: string | null;
}) {
  const loginUrl = await loginUrlForVisitor(locale, '/order', renewDeviceId ? { sku, renew: renewDeviceId } : { sku });
  const [t, order, orderTexts, cloud, { plans, live }] = await Promise.all([
    getTranslations({ locale, namespace: 'OrderPage' }),
    getTranslations({ locale, namespace: 'Order' }),
    getClientTexts(locale, 'Order'),
    getTranslations({ locale, namespace: 'CloudPc' }),
    loadCloudPcPlans(locale),
  ]);
  const plan = plans.find((item) => item.planId === planId);
  const options: TOrderOption[] = (plan?.offers ?? []).map((offer) => ({
    timeUnit: offer.timeUnit,
    skuId: offer.skuId,
    priceFen: offer.priceFen,
    originalPriceFen: offer.originalPriceFen,
    discountFen: Math.max(0, offer.originalPriceFen - offer.priceFen),
  }));
  const planName = plan
    ? order('cloudPcPlan', { plan: cloud(`plans.${plan.planId}`), cores: plan.cores, threads: plan.threads, memory: plan.memoryGb })
    : '';

  return (
    <OrderLayout
      locale={locale}
      intro={{
        title: t(renewDeviceId ? 'renewHeading' : 'cloudPcHeading'),
        lede: t(renewDeviceId ? 'renewLede' : 'cloudPcLede'),
        back: { href: '/cloudPc', label: t('allCloudPcPlans') },
      }}
      loginUrl={loginUrl}
      texts={{ loginRequired: order('loginRequired'), logIn: order('logIn'), unavailable: order('unavailable') }}
    >
      {live && plan && options.length > 0 ? (
        <OrderCheckout
          options={options}
          initialUnit={timeUnit}
          planName={planName}
          wechatAppId={wechatAppId()}
          product="CLOUD_PC"
          renewDeviceId={renewDeviceId}
          locale={locale}
          texts={orderTexts}
          headings={phrasedHeadings(ORDER_HEADINGS, (key) => order(key), locale)}
        />
      ) : null}
    </OrderLayout>
  );
}
