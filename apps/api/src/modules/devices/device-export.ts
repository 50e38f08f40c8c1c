import { type TDevice, type TDeviceListQuery } from '@llk/contracts';
import { type Db } from '../../infrastructure/db/schema';
import { requestZone } from '../../infrastructure/time-text';
import { type KeyValueStore } from '../../infrastructure/kv';
import { findUserById } from '../users';
import { listVisibleDevices } from './device-list';

// GET /device/export: every device the caller sees, and the zone its CSV (device-csv.ts) is written in.

/** GET /device/export: every device the caller sees, as for the list without paging. */
export async function exportVisibleDevices(
  db: Db,
  kv: KeyValueStore,
  userId: string,
  query: Omit<TDeviceListQuery, 'page' | 'pageSize'>,
  now = new Date(),
): Promise<TDevice[]> {
  const all: TDevice[] = [];
  for (let page = 1; ; page++) {
    const answer = await listVisibleDevices(db, kv, userId, { ...query, page, pageSize: 100 }, now);
    all.push(...answer.list);
    if (all.length >= answer.total || answer.list.length === 0) return all;
  }
}

/**
 * The zone of the caller's CSV (ADR 0031): the one the page passed (the browser's), else the
 * request's llk-tz cookie, else the account's last known zone, else China time.
 */
export async function csvZoneOf(db: Db, userId: string, asked: string | undefined, cookieHeader: string | undefined): Promise<string> {
  return asked ?? requestZone(cookieHeader, await findUserById(db, userId));
}
