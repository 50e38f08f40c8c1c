import type {
  TDevice,
  TDeviceGroupList,
  TDeviceList,
  TDeviceShare,
  TDeviceShares,
  TLoginWay,
  TManageCount,
  TSharePermission,
} from '@llk/contracts';
import { loadApi } from '@/lib/load-api';
import { type TFilters, listQuery } from './rules';

// The devices page's calls, through the one browser API client. `quiet` calls are the ones the
// page answers itself: the background refresh (a failure waits for the next round) and the
// dialogs, which show the API's errmsg inside the dialog (a toast would sit under the modal).

export interface TDevicesSnapshot {
  list: TDeviceList;
  groups: TDeviceGroupList;
  counts: TManageCount;
}

/** One page of the list, the groups with their counts and the plan's device limit, together. */
export async function loadSnapshot(filters: TFilters, page: number, network: string, quiet = false): Promise<TDevicesSnapshot> {
  const api = await loadApi(network);
  const options = { silent: quiet };
  const [list, groups, counts] = await Promise.all([
    api.get<TDeviceList>('/device/list', { ...options, query: listQuery(filters, page) }),
    api.get<TDeviceGroupList>('/deviceGroup/list', options),
    api.get<TManageCount>('/user/queryManageCount', options),
  ]);
  return { list, groups, counts };
}

export async function updateDevice(
  deviceId: string,
  change: { name?: string; groupId?: string | null; policy?: TLoginWay },
  network: string,
  quiet = false,
): Promise<TDevice> {
  return (await loadApi(network)).post<TDevice>('/device/update', { body: { deviceId, ...change }, silent: quiet });
}

export async function removeDevices(deviceIds: string[], network: string): Promise<number> {
  return (await (await loadApi(network)).post<{ removed: number }>('/device/removeBatch', { body: { deviceIds } })).removed;
}

export async function createGroup(name: string, network: string): Promise<{ id: string; name: string }> {
  return (await loadApi(network)).post('/deviceGroup/create', { body: { name }, silent: true });
}

export async function renameGroup(groupId: string, name: string, network: string): Promise<{ id: string; name: string }> {
  return (await loadApi(network)).post('/deviceGroup/update', { body: { groupId, name }, silent: true });
}

export async function deleteGroup(groupId: string, network: string): Promise<void> {
  await (await loadApi(network)).post('/deviceGroup/delete', { body: { groupId }, silent: true });
}

export async function listShares(network: string): Promise<TDeviceShares> {
  return (await loadApi(network)).get<TDeviceShares>('/device/shares', { silent: true });
}

export async function shareDevice(deviceId: string, account: string, permission: TSharePermission, network: string): Promise<TDeviceShare> {
  return (await loadApi(network)).post<TDeviceShare>('/device/share', { body: { deviceId, account, permission }, silent: true });
}

export async function endShare(shareId: string, network: string): Promise<void> {
  await (await loadApi(network)).post('/device/unshare', { body: { shareId }, silent: true });
}
