import type { TMonitorWallList } from '@llk/contracts';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccountHeading } from '@/features/account/components/account-heading';
import { accountApi, accountMetadata } from '@/features/account/server/account-session';
import WallsPanel from '@/features/account-fleet/components/walls-panel';
import { getFleetTexts, loadFleetDevices } from '@/features/account-fleet/server/fleet-texts';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  return accountMetadata(await resolveLocale(params), '/account/walls', 'walls');
}

/** /account/walls: the account's screen walls, how many device places it owns and uses, and the wall editor. */
export default async function AccountWallsPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const api = await accountApi(locale, '/account/walls');
  const [list, devices, texts, shell] = await Promise.all([
    api.get<TMonitorWallList>('/monitorWall/list'),
    loadFleetDevices(api),
    getFleetTexts(locale, 'AccountWalls'),
    getTranslations({ locale, namespace: 'accountShell' }),
  ]);
  const t = await getTranslations({ locale, namespace: 'AccountWalls' });
  return (
    <div className="space-y-6">
      <AccountHeading locale={locale} title={shell('titles.walls')} lede={t('lede')} />
      <WallsPanel initial={list} devices={devices} texts={texts} tag={localeEntries[locale].iso} />
    </div>
  );
}
