import type { TDeviceGroupList, TDeviceList, TManageCount } from '@llk/contracts';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { AccountHeading } from '@/features/account/components/account-heading';
import { accountApi, accountMetadata } from '@/features/account/server/account-session';
import { CloudPcDevices, type TCloudPcListTexts } from '@/features/account-devices/components/cloud-pc-devices';
import { DevicesPanel } from '@/features/account-devices/components/devices-panel';
import { NO_FILTERS, listQuery } from '@/features/account-devices/rules';
import { getDevicesTexts } from '@/features/account-devices/server/devices-texts';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { getClientTexts } from '@/lib/client-texts';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  return accountMetadata(await resolveLocale(params), '/account/devices', 'devices');
}

/**
 * /account/devices: the first page of devices, the groups and the plan's device limit come
 * with the page; the panel then refreshes them itself (features/account-devices/README.md).
 */
export default async function AccountDevicesPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const api = await accountApi(locale, '/account/devices');
  const [list, groups, counts, texts, shell, cloudPcTexts] = await Promise.all([
    api.get<TDeviceList>('/device/list', { query: listQuery(NO_FILTERS, 1) }),
    api.get<TDeviceGroupList>('/deviceGroup/list'),
    api.get<TManageCount>('/user/queryManageCount'),
    getDevicesTexts(locale),
    getClientTexts<{ titles?: Record<string, string> }>(locale, 'accountShell'),
    getClientTexts<TCloudPcListTexts>(locale, 'CloudPc'),
  ]);
  const lede = typeof texts.page.lede === 'string' ? texts.page.lede : undefined;
  return (
    <div className="space-y-6">
      <AccountHeading locale={locale} title={shell.titles?.devices ?? ''} lede={lede} />
      {/* rented cloud PCs are devices too (ADR 0035); their actions stay on /cloudPc */}
      <CloudPcDevices machines={list.cloudPcs ?? []} texts={cloudPcTexts} tag={localeEntries[locale].iso} />
      <DevicesPanel initial={{ list, groups, counts }} texts={texts} tag={localeEntries[locale].iso} />
    </div>
  );
}
