import { randomBytes } from 'node:crypto';
import { fromDbDate, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type OrderItemRow } from '../orders';
import { type Db } from '../../infrastructure/db/schema';
import { planOfSku } from './cloud-pc.plans';
import {
  findMachineTerm,
  findOrderPaidAt,
  findRenewalOf,
  hasAnyMachine,
  insertMachine,
  lockRunningMachine,
  markRenewalUndeliverable,
  releaseRunningMachine,
  updateMachine,
} from './fulfilment.repository';

// What a paid CLOUD_PC order item grants, in the transaction that marks the order paid (called
// from fulfilment.service.ts): a rental order creates a machine, RUNNING at once; a renewal order
// (cloud_pc_renewals names its machine) extends that machine from max(now, expiry), under a row
// lock so the expiry sweep or a cancel cannot release it in between. A renewal whose machine is
// no longer running grants nothing (`undeliverable`): no new machine nobody asked for; the
// payments sweep refunds it. A full refund takes a grant back: a rental releases its machine, a
// renewal shortens it again.

export type TCloudPcGrant = {
  kind: 'CLOUD_PC';
  cloudPcId: string;
  created: boolean;
  previousExpiresAt: string | null;
  from: string;
  to: string;
  /** a renewal paid after its machine was released or expired: nothing was granted */
  undeliverable?: true;
};

const NAME_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** "CPC-7K2M9Q": what the device list shows. */
function machineName(): string {
  const bytes = randomBytes(6);
  return `CPC-${Array.from(bytes, (byte) => NAME_ALPHABET[byte % NAME_ALPHABET.length]).join('')}`;
}

function termEnd(from: Date, item: OrderItemRow, addMonths: (date: Date, months: number) => Date): Date {
  const months = (item.time_unit === 'YEAR' ? 12 : 1) * item.duration * item.quantity;
  return addMonths(from, months);
}

export async function grantCloudPc(
  db: Db,
  userId: string,
  item: OrderItemRow,
  now: Date,
  addMonths: (date: Date, months: number) => Date,
): Promise<TCloudPcGrant> {
  const nowText = toDbDate(now);
  const renewal = await findRenewalOf(db, item.order_id);
  if (renewal) {
    const machine = await lockRunningMachine(db, renewal.cloud_pc_id, nowText);
    if (!machine) {
      await markRenewalUndeliverable(db, item.order_id, nowText);
      return {
        kind: 'CLOUD_PC',
        cloudPcId: renewal.cloud_pc_id,
        created: false,
        previousExpiresAt: null,
        from: nowText,
        to: nowText,
        undeliverable: true,
      };
    }
    const current = fromDbDate(machine.expires_at);
    const from = current > now ? current : now;
    const to = termEnd(from, item, addMonths);
    await updateMachine(db, machine.id, {
      expires_at: toDbDate(to),
      time_unit: item.time_unit ?? machine.time_unit,
      renewal_order_id: machine.renewal_order_id === item.order_id ? null : machine.renewal_order_id,
      updated_at: nowText,
    });
    return {
      kind: 'CLOUD_PC',
      cloudPcId: machine.id,
      created: false,
      previousExpiresAt: machine.expires_at,
      from: toDbDate(from),
      to: toDbDate(to),
    };
  }

  // A rental.
  const planId = planOfSku(item.sku_id);
  if (!planId) throw new Error(`fulfilment: ${item.sku_id} is not a cloud-PC SKU`);
  const earlier = await hasAnyMachine(db, userId);
  const to = termEnd(now, item, addMonths);
  const id = newId(now.getTime());
  // The refund window counts from the payment (the order's paid_at, the gateway's time).
  const paidAt = await findOrderPaidAt(db, item.order_id);
  await insertMachine(db, {
    id,
    user_id: userId,
    name: machineName(),
    plan_id: planId,
    time_unit: item.time_unit ?? 'MONTH',
    status: 'RUNNING',
    auto_renew: 0,
    order_id: item.order_id,
    paid_at: paidAt ?? nowText,
    first_order: earlier ? 0 : 1,
    refund_claimed_at: null,
    created_at: nowText,
    updated_at: nowText,
    expires_at: toDbDate(to),
    released_at: null,
    renewal_order_id: null,
  });
  return { kind: 'CLOUD_PC', cloudPcId: id, created: true, previousExpiresAt: null, from: nowText, to: toDbDate(to) };
}

export async function revokeCloudPc(db: Db, grant: TCloudPcGrant, now: Date): Promise<void> {
  const nowText = toDbDate(now);
  if (grant.undeliverable) return;
  if (grant.created) {
    await releaseRunningMachine(db, grant.cloudPcId, nowText);
    return;
  }
  const machine = await findMachineTerm(db, grant.cloudPcId);
  if (!machine || machine.status !== 'RUNNING') return;
  const span = fromDbDate(grant.to).getTime() - fromDbDate(grant.from).getTime();
  const end = Math.max(now.getTime(), fromDbDate(machine.expires_at).getTime() - span);
  await updateMachine(db, grant.cloudPcId, { expires_at: toDbDate(end), updated_at: nowText });
}
