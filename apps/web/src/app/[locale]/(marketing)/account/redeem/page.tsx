import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccountHeading } from '@/features/account/components/account-heading';
import { accountApi, accountMetadata } from '@/features/account/server/account-session';
import RedeemForm from '@/features/account-fleet/components/redeem-form';
import { getFleetTexts } from '@/features/account-fleet/server/fleet-texts';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  return accountMetadata(await resolveLocale(params), '/account/redeem', 'redeem');
}

/** /account/redeem: redeem a code for membership, channel or quality days, or screen walls. */
export default async function AccountRedeemPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  // a session is required (the API would refuse the redemption anyway); checked before the form shows
  await (await accountApi(locale, '/account/redeem')).get('/user/info');
  const [texts, shell, t] = await Promise.all([
    getFleetTexts(locale, 'AccountRedeem'),
    getTranslations({ locale, namespace: 'accountShell' }),
    getTranslations({ locale, namespace: 'AccountRedeem' }),
  ]);
  return (
    <div className="space-y-6">
      <AccountHeading locale={locale} title={shell('titles.redeem')} lede={t('lede')} />
      <RedeemForm texts={texts} tag={localeEntries[locale].iso} />
    </div>
  );
}
