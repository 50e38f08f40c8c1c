import { SEAT_MOVE_DAYS, type TSeatList } from '@llk/contracts';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccountHeading } from '@/features/account/components/account-heading';
import { accountApi, accountMetadata } from '@/features/account/server/account-session';
import SeatsPanel from '@/features/account-fleet/components/seats-panel';
import { getFleetTexts, loadFleetDevices } from '@/features/account-fleet/server/fleet-texts';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  return accountMetadata(await resolveLocale(params), '/account/seats', 'seats');
}

/** /account/seats: the seats the user bought, their terms and holders; assign, move and take back. */
export default async function AccountSeatsPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const api = await accountApi(locale, '/account/seats');
  const [{ seats }, devices, texts, shell] = await Promise.all([
    api.get<TSeatList>('/seat/list'),
    loadFleetDevices(api),
    getFleetTexts(locale, 'AccountSeats'),
    getTranslations({ locale, namespace: 'accountShell' }),
  ]);
  const t = await getTranslations({ locale, namespace: 'AccountSeats' });
  return (
    <div className="space-y-6">
      <AccountHeading locale={locale} title={shell('titles.seats')} lede={t('lede')} />
      <SeatsPanel initial={seats} devices={devices} texts={texts} tag={localeEntries[locale].iso} moveDays={SEAT_MOVE_DAYS} />
    </div>
  );
}
