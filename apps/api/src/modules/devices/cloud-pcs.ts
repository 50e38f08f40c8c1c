import { type TDeviceListCloudPc, type TDeviceListQuery } from '@llk/contracts';
import { type Db } from '../../db/schema';
import { runningMachines } from '../cloud-pc';

// A rented cloud PC is one of the caller's devices (spec: "after purchase the device appears in
// the device list"; issue 33, item 4). Its machine lives in modules/cloud-pc, which keeps its
// actions (renew, auto-renew, cancel); the list carries it beside the registered devices.

/**
 * The cloud PCs GET /device/list shows with this query: the caller's running machines on the
 * first page of their own devices, unless a group, platform or presence filter is set (those
 * describe registered devices); a text filter matches the machine's name.
 */
export async function cloudPcsForList(db: Db, userId: string, query: TDeviceListQuery, now = new Date()): Promise<TDeviceListCloudPc[]> {
  const filtered = (query['groupIds[]'] ?? []).length > 0 || query.clientType !== undefined || query.online !== undefined || query.scope === 'SHARED';
  if (query.page !== 1 || filtered) return [];
  const text = query.text?.trim().toLowerCase();
  return (await runningMachines(db, userId, now))
    .filter((machine) => !text || machine.name.toLowerCase().includes(text))
    .map((machine) => ({
      id: machine.id,
      name: machine.name,
      planId: machine.planId,
      timeUnit: machine.timeUnit,
      autoRenew: machine.autoRenew,
      expiresAt: machine.expiresAt,
      pendingRenewalOrderId: machine.pendingRenewalOrderId,
    }));
}
