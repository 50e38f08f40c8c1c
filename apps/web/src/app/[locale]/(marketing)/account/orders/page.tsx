import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccountHeading } from '@/features/account/components/account-heading';
import { accountApi, accountMetadata } from '@/features/account/server/account-session';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';

// Placeholder of the account area's shell; the page itself is built with its feature.
export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  return accountMetadata(await resolveLocale(params), '/account/orders', 'orders');
}

export default async function AccountOrdersPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  await accountApi(locale, '/account/orders');
  const t = await getTranslations({ locale, namespace: 'accountShell' });
  return (
    <section className="space-y-6">
      <AccountHeading title={t('titles.orders')} lede={t('soon')} />
    </section>
  );
}
