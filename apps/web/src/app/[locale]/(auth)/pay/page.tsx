import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AuthIntro } from '@/features/auth/components/auth-intro';
import { TextLink } from '@/features/site/components/button-link';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

// Dynamic by nature: the payment is addressed by ?qrCodeId=. The proxy already answers a
// request without one with the 'no qrCodeId' error; the check here keeps the page safe alone.
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
  await resolveQrCodeId(searchParams);
  const t = await getTranslations({ locale, namespace: 'PayPage' });

  return (
    <AuthIntro title={t('heading')} lede={t('lede')}>
      <p className="text-sm text-ink-muted">
        {t.rich('agreement', { link: (chunks) => <TextLink href="/legal/membership-agreement">{chunks}</TextLink> })}
      </p>
    </AuthIntro>
  );
}
