import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccountHeading } from '@/features/account/components/account-heading';
import { accountApi, accountMetadata } from '@/features/account/server/account-session';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';

type Params = LocaleParams<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  return accountMetadata(await resolveLocale(params), `/account/orders/${id}/receipt`, 'receipt');
}

export default async function AccountReceiptPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const { id } = await params;
  await accountApi(locale, `/account/orders/${id}/receipt`);
  const t = await getTranslations({ locale, namespace: 'accountShell' });
  return (
    <section className="space-y-6">
      <AccountHeading title={t('titles.receipt')} lede={t('soon')} />
    </section>
  );
}
