import type { TDeviceList, TSessionLive, TSessionPage } from '@llk/contracts';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { AccountHeading } from '@/features/account/components/account-heading';
import { accountApi, accountMetadata } from '@/features/account/server/account-session';
import { ConnectionsPanel } from '@/features/account-connections/components/connections-panel';
import { filtersFromSearch, filtersToSearch, listQuery } from '@/features/account-connections/rules';
import { getConnectionsTexts } from '@/features/account-connections/server/connections-texts';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { getClientTexts } from '@/lib/client-texts';
import { visitorZone } from '@/lib/visitor-zone-server';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  return accountMetadata(await resolveLocale(params), '/account/connections', 'connections');
}

/**
 * /account/connections?deviceId=…&direction=…: what runs now, the first page of the history for
 * the address's filters and the devices to filter by come with the page; the panel then loads
 * further pages and refreshes "now" itself (features/account-connections/README.md).
 */
export default async function AccountConnectionsPage({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }) {
  const locale = await resolveLocale(params);
  const filters = filtersFromSearch(await searchParams);
  const search = filtersToSearch(filters);
  const api = await accountApi(locale, '/account/connections', search ? `?${search}` : '');
  const timeZone = await visitorZone();
  const [page, live, devices, texts, shell] = await Promise.all([
    api.get<TSessionPage>('/session/list', { query: listQuery(filters, { timeZone }) }),
    api.get<TSessionLive>('/session/live'),
    api.get<TDeviceList>('/device/list', { query: { page: 1, pageSize: 100 } }),
    getConnectionsTexts(locale),
    getClientTexts<{ titles?: Record<string, string> }>(locale, 'accountShell'),
  ]);
  const lede = typeof texts.page.lede === 'string' ? texts.page.lede : undefined;
  return (
    <div className="space-y-6">
      <AccountHeading locale={locale} title={shell.titles?.connections ?? ''} lede={lede} />
      <ConnectionsPanel
        initial={{ page, live, devices: devices.list.map((device) => ({ id: device.id, name: device.name })) }}
        initialFilters={filters}
        texts={texts}
        tag={localeEntries[locale].iso}
        serverZone={timeZone}
      />
    </div>
  );
}
