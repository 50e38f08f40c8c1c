import { PASSKEY_NAME_MAX, PASSKEYS_PER_ACCOUNT_MAX } from '@llk/contracts';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccountHeading } from '@/features/account/components/account-heading';
import { accountApi, accountMetadata } from '@/features/account/server/account-session';
import PasskeysPanel from '@/features/account-passkeys/components/passkeys-panel';
import { getPasskeysTexts } from '@/features/account-passkeys/server/passkeys-texts';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';

// Placeholder of the account area's shell; the security centre (branch acct-security) builds
// the page. Until the merge it carries the passkeys panel, which then moves into that page.
export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  return accountMetadata(await resolveLocale(params), '/account/security', 'security');
}

export default async function AccountSecurityPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  await accountApi(locale, '/account/security');
  const [t, passkeyTexts] = await Promise.all([getTranslations({ locale, namespace: 'accountShell' }), getPasskeysTexts(locale)]);
  return (
    <section className="space-y-6">
      <AccountHeading title={t('titles.security')} lede={t('soon')} />
      <PasskeysPanel texts={passkeyTexts} tag={localeEntries[locale].iso} nameMax={PASSKEY_NAME_MAX} maxPasskeys={PASSKEYS_PER_ACCOUNT_MAX} />
    </section>
  );
}
