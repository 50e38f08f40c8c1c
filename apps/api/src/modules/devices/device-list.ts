import { UNGROUPED, type TDeviceList, type TDeviceListQuery } from '@llk/contracts';
import { type Db } from '../../infrastructure/db/schema';
import { type KeyValueStore } from '../../infrastructure/kv';
import { pageOfDeviceIds, devicesInOrder, listDeviceIdsSeen, listDevices, type DeviceFilter } from './devices.repository';
import { hasReceivedShares } from './device-shares.repository';
import { onlineSetKey, ownDeviceCount, onlineIds } from './presence';
import { viewsOf } from './device-views';

// GET /device/list: own and shared devices, narrowed by group, platform, text and presence, paged.

export async function listVisibleDevices(
  db: Db,
  kv: KeyValueStore,
  userId: string,
  query: TDeviceListQuery,
  now = new Date(),
): Promise<TDeviceList> {
  const groups = query['groupIds[]'] ?? [];
  const grouped = groups.length > 0;
  // groups are the caller's own: a group filter leaves shared devices out; and an account that
  // nothing is shared with lists on the owner's index alone
  const withShared = query.scope !== 'OWN' && !grouped && (await hasReceivedShares(db, userId));
  const filter: DeviceFilter = {
    ...(query.scope !== 'SHARED' ? { ownerId: userId } : {}),
    ...(withShared ? { sharedWith: userId } : {}),
    ...(grouped ? { groupIds: groups.filter((id) => id !== UNGROUPED), includeUngrouped: groups.includes(UNGROUPED) } : {}),
    ...(query.clientType ? { clientType: query.clientType } : {}),
    ...(query.text ? { text: query.text } : {}),
  };
  if (!filter.ownerId && !filter.sharedWith) return { list: [], total: 0, page: query.page, pageSize: query.pageSize };
  const offset = (query.page - 1) * query.pageSize;
  // a group, "ungrouped", a client type or a text narrows the list; presence and sharing are apart
  const narrowed = Boolean(filter.groupIds || filter.includeUngrouped || filter.clientType || filter.text);
  if (query.online === true && !filter.sharedWith) {
    // own devices only: the account's online set names them (shared ones are in their owners' sets)
    if (narrowed) {
      const online = await kv.membersAbove(onlineSetKey(userId), now.getTime());
      if (online.length === 0) return { list: [], total: 0, page: query.page, pageSize: query.pageSize };
      const { rows, total } = await listDevices(db, { ...filter, ids: online }, query.pageSize, offset);
      return { list: await viewsOf(db, kv, userId, rows, now), total, page: query.page, pageSize: query.pageSize };
    }
    // nothing else narrows: ids sort by creation time (ULIDs), so the set alone gives the order,
    // the page and the total, sorted in the store (only the page travels); only the page's rows
    // are read. A member whose device is gone (removed without the set knowing, e.g. by an
    // erasure) is dropped from the set when a page meets it.
    const online = await kv.memberPage(onlineSetKey(userId), now.getTime(), offset, query.pageSize);
    const pageIds = online.members;
    const rows = (await devicesInOrder(db, pageIds)).filter((row) => row.user_id === userId);
    if (rows.length < pageIds.length) {
      const found = new Set(rows.map((row) => row.id));
      await kv.scoreRemove(
        onlineSetKey(userId),
        pageIds.filter((id) => !found.has(id)),
      );
    }
    const total = online.total - (pageIds.length - rows.length);
    return { list: await viewsOf(db, kv, userId, rows, now), total, page: query.page, pageSize: query.pageSize };
  }
  if (query.online === undefined && !filter.sharedWith && !narrowed) {
    // the account's own devices, nothing narrowing: the page from the index, the total from the count's cache
    const [ids, total] = await Promise.all([pageOfDeviceIds(db, filter, query.pageSize, offset), ownDeviceCount(db, kv, userId)]);
    const rows = await devicesInOrder(
      db,
      ids.map((row) => row.id),
    );
    return { list: await viewsOf(db, kv, userId, rows, now), total, page: query.page, pageSize: query.pageSize };
  }
  if (query.online === undefined) {
    const { rows, total } = await listDevices(db, filter, query.pageSize, offset);
    return { list: await viewsOf(db, kv, userId, rows, now), total, page: query.page, pageSize: query.pageSize };
  }
  if (query.online === false && !filter.sharedWith && !narrowed) {
    const { ids, total } = await offlinePage(db, kv, userId, offset, query.pageSize, now);
    return { list: await viewsOf(db, kv, userId, await devicesInOrder(db, ids), now), total, page: query.page, pageSize: query.pageSize };
  }
  if (query.online === false && !filter.sharedWith) {
    // own devices only, narrowed: all but the online set's, found like any page (the set bound as one value)
    const online = await kv.membersAbove(onlineSetKey(userId), now.getTime());
    const { rows, total } = await listDevices(db, { ...filter, excludeIds: online }, query.pageSize, offset);
    return { list: await viewsOf(db, kv, userId, rows, now), total, page: query.page, pageSize: query.pageSize };
  }
  // shared devices are in their owners' online sets: every visible device's presence is read
  const seen = await listDeviceIdsSeen(db, filter);
  const online = await onlineIds(kv, seen, now);
  const matching = seen.filter((row) => online.has(row.id) === query.online);
  const rows = await devicesInOrder(
    db,
    matching.slice(offset, offset + query.pageSize).map((row) => row.id),
  );
  return { list: await viewsOf(db, kv, userId, rows, now), total: matching.length, page: query.page, pageSize: query.pageSize };
}

/**
 * A page of the account's offline devices, nothing else narrowing: the account's devices walked
 * newest first from the owner's index in chunks, each chunk's online members asked of the online
 * set, until the page is full, so a page costs its depth and never the whole set. The total is
 * the device count less the set's live members (all the account's own: a removed device leaves
 * the set with its removal; one that raced a heartbeat is over within DEVICE_PRESENCE_SECONDS).
 */
async function offlinePage(
  db: Db,
  kv: KeyValueStore,
  userId: string,
  offset: number,
  pageSize: number,
  now: Date,
): Promise<{ ids: string[]; total: number }> {
  const filter: DeviceFilter = { ownerId: userId };
  // the first chunk is read beside the counts, sized as if half the fleet were online
  let chunk = Math.min(OFFLINE_CHUNK_MAX, (offset + pageSize) * 2 + 8);
  const [devices, online, first] = await Promise.all([
    ownDeviceCount(db, kv, userId),
    kv.membersAmong(onlineSetKey(userId), now.getTime(), []),
    pageOfDeviceIds(db, filter, chunk, 0),
  ]);
  const total = Math.max(0, devices - online.total);
  const ids: string[] = [];
  if (offset >= total) return { ids, total };
  const offlineShare = Math.max(0.05, 1 - online.total / Math.max(1, devices));
  let walked = 0;
  let skipped = 0;
  let rows = first;
  for (;;) {
    walked += rows.length;
    const live = new Set(
      (
        await kv.membersAmong(
          onlineSetKey(userId),
          now.getTime(),
          rows.map((row) => row.id),
        )
      ).members,
    );
    for (const { id } of rows) {
      if (live.has(id)) continue;
      if (skipped < offset) skipped += 1;
      else if (ids.length < pageSize) ids.push(id);
    }
    if (ids.length === pageSize || rows.length < chunk) break;
    const wanted = offset - skipped + pageSize - ids.length;
    chunk = Math.min(OFFLINE_CHUNK_MAX, Math.ceil((wanted / offlineShare) * 1.2) + 8);
    rows = await pageOfDeviceIds(db, filter, chunk, walked);
  }
  return { ids, total };
}

/** The most device ids one step of the offline walk reads (and asks the online set about). */
const OFFLINE_CHUNK_MAX = 2_000;
