import type { TDevice, TDeviceList } from '@llk/contracts';
import type { TApiClient } from '@llk/contracts/client';
import type { TLocale } from '@llk/contracts/locales';
import { getClientTexts } from '@/lib/client-texts';
import type { TTexts } from '@/lib/texts';
import type { TFleetDevice, TFleetTexts } from '../texts';

/** One panel's texts: `namespace` of account-fleet.json and the network text. */
export async function getFleetTexts(locale: TLocale, namespace: 'AccountWalls' | 'AccountSeats' | 'AccountRedeem'): Promise<TFleetTexts> {
  const [texts, errors] = await Promise.all([getClientTexts<TTexts>(locale, namespace), getClientTexts<Record<string, string>>(locale, 'errors')]);
  return { texts, network: errors.network ?? '' };
}

/** The devices a user may put on a wall or give a seat: own and shared ones, newest first (one page of 100). */
export async function loadFleetDevices(api: TApiClient): Promise<TFleetDevice[]> {
  const { list } = await api.get<TDeviceList>('/device/list', { query: { page: 1, pageSize: 100 } });
  return list.map((device: TDevice) => ({ id: device.id, name: device.name, online: device.online, sharedBy: device.sharedBy?.name ?? null }));
}
