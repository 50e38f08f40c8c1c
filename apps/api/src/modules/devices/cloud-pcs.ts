import { type TCloudPcDevice, type TDeviceListCloudPc, type TDeviceListQuery } from '@llk/contracts';
import { type Db } from '../../infrastructure/db/schema';

// A rented cloud PC is one of the caller's devices: once bought, it appears in the device list.
// Its machine lives in modules/cloud-pc, which keeps its
// actions (renew, auto-renew, cancel); the list carries it beside the registered devices. The
// composition hands in cloud-pc's reader (cloud-pc stands above devices: its refunds reach payments,
// which reach referrals, which read devices).

/** cloud-pc's running machines of a user (modules/cloud-pc `runningMachines`). */
export type RunningMachines = (db: Db, userId: string, now: Date) => Promise<TCloudPcDevice[]>;

/**
 * The cloud PCs GET /device/list shows with this query: the caller's running machines on the
 * first page of their own devices, unless a group, platform or presence filter is set (those
 * describe registered devices); a text filter matches the machine's name.
 */
export async function cloudPcsForList(
  runningMachines: RunningMachines,
  db: Db,
  userId: string,
  query: TDeviceListQuery,
  now = new Date(),
): Promise<TDeviceListCloudPc[]> {
  const filtered =
    (query['groupIds[]'] ?? []).length > 0 || query.clientType !== undefined || query.online !== undefined || query.scope === 'SHARED';
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
