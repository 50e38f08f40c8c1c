import type { TDevice, TDeviceList } from '@llk/contracts';
import type { TApiClient } from '@llk/contracts/client';
import type { TLocale } from '@llk/contracts/locales';
import { localeEntries } from '@llk/contracts/locales';
import { getClientTexts } from '@/lib/client-texts';
import { phrasedHeadings } from '@/lib/phrases';
import { translator, type TTexts } from '@/lib/texts';
import type { TFleetDevice, TFleetTexts } from '../texts';

type TFleetNamespace = 'AccountWalls' | 'AccountSeats' | 'AccountRedeem';

/** The headings each panel shows, phrase-broken here (the panels are client components). */
const HEADINGS: Record<TFleetNamespace, readonly string[]> = {
  AccountWalls: ['noneTitle', 'usageTitle', 'newTitle', 'editTitle', 'onWall', 'addDevices'],
  AccountSeats: ['ruleTitle', 'products.MEMBER', 'products.CHANNEL'],
  AccountRedeem: ['resultTitle'],
};

/** One panel's texts: `namespace` of account-fleet.json, its phrased headings and the network text. */
export async function getFleetTexts(locale: TLocale, namespace: TFleetNamespace): Promise<TFleetTexts> {
  const [texts, errors] = await Promise.all([
    getClientTexts<TTexts>(locale, namespace),
    getClientTexts<Record<string, string>>(locale, 'errors'),
  ]);
  const t = translator(texts, localeEntries[locale].iso);
  return { texts, network: errors.network ?? '', headings: phrasedHeadings(HEADINGS[namespace], (key) => t(key), locale) };
}

/** The devices a user may put on a wall or give a seat: own and shared ones, newest first (one page of 100). */
export async function loadFleetDevices(api: TApiClient): Promise<TFleetDevice[]> {
  const { list } = await api.get<TDeviceList>('/device/list', { query: { page: 1, pageSize: 100 } });
  return list.map((device: TDevice) => ({
    id: device.id,
    name: device.name,
    online: device.online,
    sharedBy: device.sharedBy?.name ?? null,
  }));
}
