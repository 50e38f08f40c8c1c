import { openInvoiceThread } from '../support';
import {
  CLOUD_PC_RULES,
  PAID_ORDER_STATUSES,
  PAYABLE_ORDER_STATUSES,
  ZCloudPcPlanId,
  ZTimeUnit,
  type TCloudPcDevice,
  type TCloudPcInvoice,
  type TCloudPcInvoiceRequest,
  type TCloudPcPlan,
  type TCloudPcProviderRequest,
  type TCloudPcRefund,
  type TCloudPcProviderResult,
  type TCloudPcRefundItem,
  type TCloudPcStatus,
  type TCustomerRefundState,
  type TInvoiceKind,
  type TOrderInfo,
  type TOrderStatus,
  type TTimeUnit,
} from '@llk/contracts';
import { fromDbBool, fromDbDate, isUniqueViolation, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { type KeyValueStore } from '../../infrastructure/kv';
import {
  createWebOrder,
  findOrder,
  findOrderItems,
  loadOrderInfo,
  type OrderSettings,
  refuseWhilePendingDeletion,
  moveOrder,
  customerRefundState,
  findRefundsOfOrders,
} from '../orders';
import { listSkus } from '../pricing';
import { CLOUD_PC_SPECS, planOfSku, skuIdOf, specOf } from '../fulfilment';
import {
  claimFirstOrderRefund,
  expireDueMachines,
  findMachine,
  getMachine,
  insertInvoiceRequest,
  insertProviderApplication,
  insertRenewal,
  listInvoiceRequestsOf,
  listMachinesOf,
  listRefundableRenewals,
  listRenewalOrderIds,
  releaseMachine,
  setMachineAutoRenew,
  undoRefundClaim,
  type MachineRow,
} from './cloud-pc.repository';

// Cloud-PC rental on the orders pipeline (see apps/api/README.md "Cloud PC"). Renting is
// POST /order/createV2 with a CLOUD_PC SKU; its fulfilment (modules/fulfilment) creates the
// machine in the paid transaction. This file: plans, the device list, renew (a renewal order
// through the same pipeline), auto-renew, cancel, the first-order refund, provider sign-ups and
// invoice requests.

const REFUND_WINDOW_MS = CLOUD_PC_RULES.firstOrderRefundMinutes * 60_000;
/**
 * A refund claim younger than this belongs to the call still working through its orders; only
 * an older claim (its call crashed or was refused between orders) is finished by a new call, so
 * concurrent calls never both report a refund they raced each other for.
 */
const CLAIM_LEASE_MS = 60_000;
/** provider sign-ups one client IP may send per hour */
const PROVIDER_APPLICATIONS_PER_HOUR = 5;

/** GET /cloudPc/plans: every plan with its active offers, cheapest first. */
export async function listPlans(db: Db): Promise<TCloudPcPlan[]> {
  const skus = await listSkus(db, 'CLOUD_PC');
  return CLOUD_PC_SPECS.map((spec) => ({
    ...spec,
    offers: skus
      .filter((sku) => planOfSku(sku.id) === spec.planId && sku.time_unit !== null)
      .map((sku) => ({
        skuId: sku.id,
        timeUnit: ZTimeUnit.parse(sku.time_unit),
        priceFen: sku.price_fen,
        originalPriceFen: Math.max(sku.original_price_fen, sku.price_fen),
      }))
      .sort((a, b) => (a.timeUnit === b.timeUnit ? 0 : a.timeUnit === 'MONTH' ? -1 : 1)),
  })).filter((plan) => plan.offers.length > 0);
}

async function payableOrderId(db: Db, orderId: string | null, now: Date): Promise<string | null> {
  if (!orderId) return null;
  const order = await findOrder(db, orderId);
  if (!order || !PAYABLE_ORDER_STATUSES.includes(order.status as TOrderStatus) || order.expires_at <= toDbDate(now)) return null;
  return order.id;
}

function isRefundable(row: MachineRow, now: Date): boolean {
  const refundDeadline = fromDbDate(row.paid_at).getTime() + REFUND_WINDOW_MS;
  return row.status === 'RUNNING' && fromDbBool(row.first_order) && row.refund_claimed_at === null && now.getTime() < refundDeadline;
}

/** Once every refund of the machine is confirmed back: when the last one was. */
function refundedAtOf(refunds: readonly TCloudPcRefund[]): string | null {
  if (refunds.length === 0 || refunds.some((refund) => refund.state !== 'REFUNDED')) return null;
  return (
    refunds
      .map((refund) => refund.updatedAt)
      .sort()
      .at(-1) ?? null
  );
}

function deviceOf(
  row: MachineRow,
  now: Date,
  pendingRenewalOrderId: string | null,
  refundItems: TCloudPcRefundItem[] = [],
  refunds: TCloudPcRefund[] = [],
): TCloudPcDevice {
  const spec = specOf(row.plan_id);
  const refundDeadline = fromDbDate(row.paid_at).getTime() + REFUND_WINDOW_MS;
  const refundable = isRefundable(row, now);
  const refundedAt = refundedAtOf(refunds);
  return {
    id: row.id,
    name: row.name,
    planId: ZCloudPcPlanId.parse(row.plan_id),
    cores: spec.cores,
    threads: spec.threads,
    memoryGb: spec.memoryGb,
    status: row.status as TCloudPcStatus,
    autoRenew: fromDbBool(row.auto_renew),
    timeUnit: ZTimeUnit.parse(row.time_unit),
    createdAt: fromDbDate(row.created_at).toISOString(),
    expiresAt: fromDbDate(row.expires_at).toISOString(),
    releasedAt: row.released_at ? fromDbDate(row.released_at).toISOString() : null,
    orderId: row.order_id,
    refundableUntil: refundable ? new Date(refundDeadline).toISOString() : null,
    refundItems: refundable ? refundItems : [],
    // "refunded" only once the money is confirmed back (ADR 0015, "Refund states and the staff queue")
    refundedAt: refundedAt ? fromDbDate(refundedAt).toISOString() : null,
    refunds,
    pendingRenewalOrderId,
  };
}

interface CustomerRefund {
  orderId: string;
  amountFen: number;
  state: TCustomerRefundState;
  requestedAt: string;
  updatedAt: string;
}

/** The refunds of these orders as their customer sees them (withdrawn ones left out), oldest first. */
async function customerRefundsOf(db: Db, orderIds: readonly string[]): Promise<CustomerRefund[]> {
  const shown: CustomerRefund[] = [];
  for (const row of await findRefundsOfOrders(db, orderIds)) {
    const state = customerRefundState(row);
    if (state)
      shown.push({
        orderId: row.order_id,
        amountFen: Number(row.amount_fen),
        state,
        requestedAt: row.created_at,
        updatedAt: row.completed_at ?? row.updated_at,
      });
  }
  return shown;
}

/** The refunds of the machine's orders (the rental and every renewal), as the customer is told. */
async function refundsOfMachine(db: Db, row: MachineRow): Promise<TCloudPcRefund[]> {
  const renewals = await listRenewalOrderIds(db, row.id);
  const kinds = new Map<string, TCloudPcRefund['kind']>([
    [row.order_id, 'RENTAL'],
    ...renewals.map((id): [string, TCloudPcRefund['kind']] => [id, 'RENEWAL']),
  ]);
  return (await customerRefundsOf(db, [...kinds.keys()])).map((refund) => ({
    orderId: refund.orderId,
    kind: kinds.get(refund.orderId) ?? 'RENEWAL',
    amountFen: refund.amountFen,
    state: refund.state,
    requestedAt: fromDbDate(refund.requestedAt).toISOString(),
    updatedAt: fromDbDate(refund.updatedAt).toISOString(),
  }));
}

/** What the first-order refund of a machine pays back: the rental and its paid renewals. */
async function refundItemsOf(db: Db, row: MachineRow): Promise<TCloudPcRefundItem[]> {
  const items: TCloudPcRefundItem[] = [];
  const rental = await findOrder(db, row.order_id);
  if (rental && PAID_ORDER_STATUSES.includes(rental.status as TOrderStatus)) {
    const left = Number(rental.total_fen) - Number(rental.refunded_fen);
    if (left > 0) items.push({ orderId: rental.id, kind: 'RENTAL', amountFen: left });
  }
  for (const renewal of await listRefundableRenewals(db, row.id, PAID_ORDER_STATUSES)) {
    items.push({ orderId: renewal.id, kind: 'RENEWAL', amountFen: Number(renewal.total_fen) - Number(renewal.refunded_fen) });
  }
  return items;
}

async function toDevice(db: Db, row: MachineRow, now: Date): Promise<TCloudPcDevice> {
  const pending = row.status === 'RUNNING' ? await payableOrderId(db, row.renewal_order_id, now) : null;
  return deviceOf(row, now, pending, isRefundable(row, now) ? await refundItemsOf(db, row) : [], await refundsOfMachine(db, row));
}

/** GET /cloudPc/devices: the caller's machines, newest first (released and expired ones too). */
export async function listDevices(db: Db, userId: string, now = new Date()): Promise<TCloudPcDevice[]> {
  await expireMachines(db, now, userId);
  const rows = await listMachinesOf(db, userId, 100);
  return Promise.all(rows.map((row) => toDevice(db, row, now)));
}

/** The caller's running machines, newest first, as GET /cloudPc/devices has them (for the account's device list). */
export async function runningMachines(db: Db, userId: string, now = new Date()): Promise<TCloudPcDevice[]> {
  return (await listDevices(db, userId, now)).filter((device) => device.status === 'RUNNING');
}

async function ownMachine(db: Db, userId: string, id: string): Promise<MachineRow> {
  const row = await findMachine(db, id);
  // Someone else's machine is "not found", never "forbidden".
  if (!row || row.user_id !== userId) throw new AppError('CLOUD_PC_NOT_FOUND');
  return row;
}

async function runningMachine(db: Db, userId: string, id: string, now: Date): Promise<MachineRow> {
  await expireMachines(db, now, userId);
  const row = await ownMachine(db, userId, id);
  if (row.status !== 'RUNNING') throw new AppError('CLOUD_PC_RELEASED');
  return row;
}

/**
 * POST /cloudPc/devices/{id}/renew: the open renewal order of the machine, or a new one for
 * the plan and term (default: the machine's). Paying it extends the machine (fulfilment).
 */
export async function renewMachine(
  db: Db,
  settings: OrderSettings,
  userId: string,
  id: string,
  timeUnit: TTimeUnit | undefined,
  now = new Date(),
): Promise<TOrderInfo> {
  const machine = await runningMachine(db, userId, id, now);
  await refuseWhilePendingDeletion(db, userId); // also before handing back an open renewal order
  const unit = timeUnit ?? ZTimeUnit.parse(machine.time_unit);
  const open = await payableOrderId(db, machine.renewal_order_id, now);
  if (open) {
    const order = await findOrder(db, open);
    const info = order ? await loadOrderInfo(db, order) : null;
    if (info && info.items[0]?.timeUnit === unit) return info;
  }
  return createWebOrder(
    db,
    settings,
    {
      userId,
      selection: { skuId: skuIdOf(ZCloudPcPlanId.parse(machine.plan_id), unit) },
      within: async (trx, orderId) => {
        await insertRenewal(trx, machine.id, orderId, toDbDate(now));
      },
    },
    now,
  );
}

/** POST /cloudPc/devices/{id}/autoRenew. */
export async function setAutoRenew(db: Db, userId: string, id: string, enabled: boolean, now = new Date()): Promise<TCloudPcDevice> {
  const machine = await runningMachine(db, userId, id, now);
  await setMachineAutoRenew(db, machine.id, enabled, toDbDate(now));
  return toDevice(db, { ...machine, auto_renew: enabled ? 1 : 0 }, now);
}

/**
 * POST /cloudPc/devices/{id}/cancel: released at once; the term paid for is not refunded. An
 * open renewal order of the machine is cancelled with it (paying it later would rent a new
 * machine nobody asked for); its open payment attempts are closed by the orders sweep.
 */
export async function cancelMachine(db: Db, userId: string, id: string, now = new Date()): Promise<TCloudPcDevice> {
  const machine = await runningMachine(db, userId, id, now);
  const nowText = toDbDate(now);
  if (!(await releaseMachine(db, machine.id, nowText))) throw new AppError('CLOUD_PC_RELEASED');
  if (machine.renewal_order_id) {
    await moveOrder(
      db,
      machine.renewal_order_id,
      { change: 'cancel', from: PAYABLE_ORDER_STATUSES, to: 'CANCELLED', by: 'CUSTOMER' },
      { closed_at: nowText, updated_at: nowText },
    );
  }
  return toDevice(db, await getMachine(db, machine.id), now);
}

// ---- The first-order refund's steps (the refund-order flow, src/flows/refund-order.ts, composes
// them with the order's refund; docs/adr/0015) ----------------------------------------------------

/** What the first-order refund of a machine owes: the rental (unless refunded already) and whether it was claimed before. */
export interface FirstOrderRefund {
  machine: MachineRow;
  rental: TCloudPcRefundItem | undefined;
  /** when an earlier call claimed it (the machine released by that claim), or null */
  claimed: string | null;
}

/**
 * Whether the machine's first-order refund may run now: the account's first cloud-PC order,
 * running and within 15 minutes of its payment, or claimed in time at least a minute ago (a
 * younger claim belongs to the call working on it: 60103) and still owed something.
 */
export async function checkFirstOrderRefund(db: Db, userId: string, id: string, now: Date): Promise<FirstOrderRefund> {
  const machine = await ownMachine(db, userId, id);
  if (!fromDbBool(machine.first_order)) throw new AppError('CLOUD_PC_REFUND_NOT_ALLOWED');
  const claimed = machine.refund_claimed_at;
  const nowText = toDbDate(now);
  if (claimed === null) {
    if (machine.status !== 'RUNNING') throw new AppError('CLOUD_PC_RELEASED');
    const deadline = toDbDate(fromDbDate(machine.paid_at).getTime() + REFUND_WINDOW_MS);
    if (nowText >= deadline) throw new AppError('CLOUD_PC_REFUND_WINDOW_OVER');
  } else if (now.getTime() - fromDbDate(claimed).getTime() < CLAIM_LEASE_MS) {
    throw new AppError('CLOUD_PC_REFUND_NOT_ALLOWED');
  }
  const owed = await refundItemsOf(db, machine);
  if (owed.length === 0) throw new AppError('CLOUD_PC_REFUND_NOT_ALLOWED');
  const rental = owed.find((item) => item.kind === 'RENTAL');
  // the renewals are refunded only with the rental, or after its claim
  if (claimed === null && !rental) throw new AppError('CLOUD_PC_REFUND_NOT_ALLOWED');
  return { machine, rental, claimed };
}

/**
 * The claim, in the rental refund's transaction: the machine released for its first-order
 * refund (conditional, so of concurrent calls one wins: 60103 for the others), and an open
 * renewal order cancelled (a renewal paid later would extend a machine nobody has any more).
 */
export async function claimFirstOrder(trx: Db, machine: MachineRow, now: Date, claimed: string | null): Promise<void> {
  const nowText = toDbDate(now);
  if (!(await claimFirstOrderRefund(trx, machine.id, nowText, claimed))) throw new AppError('CLOUD_PC_REFUND_NOT_ALLOWED');
  if (machine.renewal_order_id) {
    await moveOrder(
      trx,
      machine.renewal_order_id,
      { change: 'cancel', from: PAYABLE_ORDER_STATUSES, to: 'CANCELLED', by: 'CUSTOMER' },
      {
        closed_at: nowText,
        updated_at: nowText,
      },
    );
  }
}

/** The claim put back (the gateway refused the rental's refund at once): the machine runs again. */
export function undoFirstOrderClaim(trx: Db, machine: MachineRow, claimedAt: string, now: Date): Promise<void> {
  return undoRefundClaim(trx, machine.id, claimedAt, toDbDate(now));
}

/** The machine's paid renewals still to refund, read after the claim committed (a renewal paid meanwhile is owed too). */
export async function refundableRenewalsOf(db: Db, machine: MachineRow): Promise<string[]> {
  return (await listRefundableRenewals(db, machine.id, PAID_ORDER_STATUSES)).map((renewal) => renewal.id);
}

/** The answer of POST /cloudPc/devices/{id}/refund: the machine and its order as they stand. */
export async function firstOrderRefundAnswer(
  db: Db,
  machine: MachineRow,
  now: Date,
): Promise<{ device: TCloudPcDevice; order: TOrderInfo }> {
  const row = await getMachine(db, machine.id);
  const order = await findOrder(db, machine.order_id);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  return { device: await toDevice(db, row, now), order: await loadOrderInfo(db, order) };
}

/** Machines past their term become EXPIRED (released); all of them, or one user's. */
export async function expireMachines(db: Db, now = new Date(), userId?: string): Promise<number> {
  return expireDueMachines(db, toDbDate(now), userId);
}

/** POST /cloudPc/provider: stored; the answer carries a reference to quote. */
export async function applyAsProvider(
  deps: { db: Db; kv: KeyValueStore },
  input: TCloudPcProviderRequest,
  context: { ip: string; locale: string; userId: string | undefined },
  now = new Date(),
): Promise<TCloudPcProviderResult> {
  if ((await deps.kv.incr(`cloudpc:provider:${context.ip}`, 3_600_000)) > PROVIDER_APPLICATIONS_PER_HOUR)
    throw new AppError('RATE_LIMITED');
  const id = newId(now.getTime());
  await insertProviderApplication(deps.db, {
    id,
    user_id: context.userId ?? null,
    company: input.company,
    contact_name: input.contactName,
    phone: input.phone || null,
    email: input.email || null,
    region: input.region,
    hardware: input.hardware,
    machine_count: input.machineCount,
    message: input.message || null,
    locale: context.locale,
    ip: context.ip,
    created_at: toDbDate(now),
  });
  return { reference: `CP-${id.slice(-10).toUpperCase()}`, receivedAt: now.toISOString() };
}

function invoiceOf(row: {
  id: string;
  order_id: string;
  kind: string;
  title: string;
  amount_fen: number;
  status: string;
  created_at: string;
}): TCloudPcInvoice {
  return {
    id: row.id,
    orderId: row.order_id,
    kind: row.kind as TInvoiceKind,
    title: row.title,
    amountFen: Number(row.amount_fen),
    status: 'REQUESTED',
    requestedAt: fromDbDate(row.created_at).toISOString(),
  };
}

/** POST /cloudPc/invoice: for the caller's paid cloud-PC order (rental or renewal), once. */
export async function requestInvoice(
  db: Db,
  userId: string,
  input: TCloudPcInvoiceRequest,
  now = new Date(),
  locale = 'zh-CN',
): Promise<TCloudPcInvoice> {
  if (input.kind === 'SPECIAL' && !input.taxId) throw new AppError('INVOICE_TAX_ID_REQUIRED');
  const order = await findOrder(db, input.orderId);
  if (!order || order.user_id !== userId || !PAID_ORDER_STATUSES.includes(order.status as TOrderStatus))
    throw new AppError('INVOICE_ORDER_INVALID');
  const items = await findOrderItems(db, order.id);
  if (!items.some((item) => item.item_type === 'CLOUD_PC')) throw new AppError('INVOICE_ORDER_INVALID');
  const row = {
    id: newId(now.getTime()),
    order_id: order.id,
    user_id: userId,
    kind: input.kind,
    title: input.title,
    tax_id: input.taxId || null,
    email: input.email,
    note: input.note || null,
    amount_fen: Number(order.total_fen) - Number(order.refunded_fen),
    status: 'REQUESTED',
    created_at: toDbDate(now),
  };
  try {
    // the support inbox shows the request as a thread, opened with it
    await db.transaction().execute(async (trx) => {
      await insertInvoiceRequest(trx, row);
      await openInvoiceThread(
        trx,
        {
          id: row.id,
          orderId: order.id,
          userId,
          email: row.email,
          title: row.title,
          taxId: row.tax_id,
          amountFen: row.amount_fen,
          kind: row.kind,
          note: row.note,
        },
        locale,
        now,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('INVOICE_ALREADY_REQUESTED', { cause: error });
    throw error;
  }
  return invoiceOf(row);
}

/** GET /cloudPc/invoice: the caller's invoice requests, newest first. */
export async function listInvoices(db: Db, userId: string): Promise<TCloudPcInvoice[]> {
  const rows = await listInvoiceRequestsOf(db, userId, 100);
  return rows.map(invoiceOf);
}
