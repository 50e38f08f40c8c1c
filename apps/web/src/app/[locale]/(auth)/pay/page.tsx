import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AuthIntro } from '@/features/auth/components/auth-intro';
import { CodeCheckout } from '@/features/order/components/code-checkout';
import { ORDER_HEADINGS } from '@/features/order/order-headings';
import { wechatAppId } from '@/features/order/wechat-config';
import { loadPricing } from '@/features/pricing/pricing-data';
import { TextLink } from '@/components/ui/button-link';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { getClientTexts } from '@/lib/client-texts';
import { buildPageMetadata } from '@/lib/metadata';
import { phrasedHeadings } from '@/lib/phrases';

// Dynamic by nature: the payment is addressed by ?qrCodeId=. The proxy already answers a
// request without one with the 'no qrCodeId' error; the check here keeps the page safe alone.
// No log-in: the code is scanned with a phone that is usually not logged in (often inside
// WeChat). The code names the account it pays for; createOrderByCodeId answers a payToken that
// lets this browser pay and follow that one order, and the page shows the account and
// nickname so the payer can check whom they are paying for.
type SearchParams = Promise<{ qrCodeId?: string | string[] }>;

async function resolveQrCodeId(searchParams: SearchParams): Promise<string> {
  const { qrCodeId } = await searchParams;
  const value = Array.isArray(qrCodeId) ? qrCodeId[0] : qrCodeId;
  if (!value) notFound();
  return value;
}

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'PayPage' });
  return buildPageMetadata({ locale, path: '/pay', title: t('title'), description: t('description'), noIndex: true });
}

export default async function PayPage({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }) {
  const locale = await resolveLocale(params);
  const qrCodeId = await resolveQrCodeId(searchParams);
  const [t, order, pricingTexts, payTexts, orderTexts, { pricing }] = await Promise.all([
    getTranslations({ locale, namespace: 'PayPage' }),
    getTranslations({ locale, namespace: 'Order' }),
    getTranslations({ locale, namespace: 'Pricing' }),
    getClientTexts(locale, 'Pay'),
    getClientTexts(locale, 'Order'),
    loadPricing(locale),
  ]);
  const planName = pricing.plans.find((plan) => plan.code === 'PRO')?.name ?? 'PRO';
  const tiers = Object.fromEntries(
    pricing.addOns.filter((sku) => sku.qualityTier !== null).map((sku) => [sku.skuId, pricingTexts(`tiers.${sku.qualityTier!}`)]),
  );

  return (
    <AuthIntro locale={locale} title={t('heading')} lede={t('lede')}>
      <CodeCheckout
        qrCodeId={qrCodeId}
        planName={planName}
        tiers={tiers}
        wechatAppId={wechatAppId()}
        locale={locale}
        texts={{ Pay: payTexts, Order: orderTexts }}
        headings={phrasedHeadings(ORDER_HEADINGS, (key) => order(key), locale)}
      />
      <p className="text-sm text-ink-muted">
        {t.rich('agreement', { link: (chunks) => <TextLink href="/legal/membership-agreement">{chunks}</TextLink> })}
      </p>
    </AuthIntro>
  );
}
