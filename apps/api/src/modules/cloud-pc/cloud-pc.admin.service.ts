import {
  type TAdminCloudPcInventory,
  type TAdminCloudPcInvoiceList,
  type TAdminProviderApplication,
  type TAdminProviderApplicationsPage,
  type TAdminProviderApplicationsQuery,
  type TAdminProviderApplicationUpdate,
  type TProviderApplicationState,
  ZCloudPcPlanId,
} from '@llk/contracts';
import { fromDbDate, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { decodeCursor, encodeCursor, requireReason, type StaffActor } from '../../infrastructure/http/staff';
import { recordAudit } from '../../infrastructure/http/staff';
import {
  countCloudPcs,
  findProviderApplication,
  listCloudPcInvoices,
  listProviderApplications,
  setProviderApplicationState,
  type ProviderApplicationRow,
} from './cloud-pc.admin.repository';

// The back office's cloud PCs (cloudpc.manage): the machines per plan and state, provider
// sign-ups with the state staff keep (audited), and the cloud-PC invoice requests.

const DAY_MS = 86_400_000;
const INVOICES_SHOWN = 100;
const iso = (value: string | null) => (value === null ? null : fromDbDate(value).toISOString());

export async function inventoryForStaff(db: Db, now = new Date()): Promise<TAdminCloudPcInventory> {
  const rows = await countCloudPcs(db, toDbDate(now.getTime() + 7 * DAY_MS));
  const plans = new Map<string, TAdminCloudPcInventory['plans'][number]>();
  const plan = (id: string) =>
    plans.get(id) ?? plans.set(id, { planId: id, running: 0, expiringSoon: 0, autoRenew: 0, expired: 0, released: 0 }).get(id)!;
  // every plan is listed, in the catalogue's order, even with no machine
  for (const id of ZCloudPcPlanId.options) plan(id);
  for (const row of rows) {
    const entry = plan(row.planId);
    if (row.status === 'RUNNING') {
      entry.running += row.count;
      entry.expiringSoon += row.endingSoon;
      entry.autoRenew += row.autoRenew;
    } else if (row.status === 'EXPIRED') entry.expired += row.count;
    else entry.released += row.count;
  }
  return { plans: [...plans.values()] };
}

function applicationOf(row: ProviderApplicationRow): TAdminProviderApplication {
  return {
    id: row.id,
    company: row.company,
    contactName: row.contact_name,
    phone: row.phone,
    email: row.email,
    region: row.region,
    hardware: row.hardware,
    machineCount: Number(row.machine_count),
    message: row.message,
    locale: row.locale,
    createdAt: iso(row.created_at) ?? '',
    state: row.state as TProviderApplicationState,
    stateNote: row.state_note,
    stateAt: iso(row.state_at),
  };
}

export async function applicationsForStaff(db: Db, query: TAdminProviderApplicationsQuery): Promise<TAdminProviderApplicationsPage> {
  const before = decodeCursor(query.before);
  const rows = await listProviderApplications(db, {
    ...(query.state ? { state: query.state } : {}),
    ...(before ? { before } : {}),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { items: page.map(applicationOf), next: rows.length > query.limit && last ? encodeCursor(last.created_at, last.id) : null };
}

export async function updateApplicationForStaff(
  db: Db,
  actor: StaffActor,
  id: string,
  body: TAdminProviderApplicationUpdate,
  now = new Date(),
): Promise<TAdminProviderApplication> {
  const reason = requireReason(body.reason);
  return db.transaction().execute(async (trx) => {
    const before = await findProviderApplication(trx, id);
    if (!before) throw new AppError('ADMIN_PROVIDER_APPLICATION_NOT_FOUND');
    const note = body.note ?? before.state_note;
    await setProviderApplicationState(trx, id, { state: body.state, note, at: toDbDate(now) });
    await recordAudit(trx, {
      staffId: actor.staffId,
      action: 'cloudpc.application',
      targetType: 'provider_application',
      targetId: id,
      before: { state: before.state, note: before.state_note },
      after: { state: body.state, note },
      reason,
      ...(actor.ip ? { ip: actor.ip } : {}),
      at: now,
    });
    return applicationOf({ ...before, state: body.state, state_note: note, state_at: toDbDate(now) });
  });
}

export async function invoicesForStaff(db: Db): Promise<TAdminCloudPcInvoiceList> {
  const rows = await listCloudPcInvoices(db, INVOICES_SHOWN);
  return {
    items: rows.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      userId: row.user_id,
      kind: row.kind,
      title: row.title,
      taxId: row.tax_id,
      email: row.email,
      amountFen: Number(row.amount_fen),
      status: row.status,
      createdAt: iso(row.created_at) ?? '',
    })),
  };
}
