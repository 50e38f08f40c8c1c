import { type Selectable } from 'kysely';
import { toCount } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { type CloudPcInvoiceRequestsTable, cloudPcTables, type ProviderApplicationRow } from './cloud-pc.tables';
import { type KeysetCut } from '../../infrastructure/http/staff';

export { type ProviderApplicationRow } from './cloud-pc.tables';

// The back office's reads and the one write of the cloud-PC screen (ADR 0019).

/** Machines per plan and status, with how many running ones end by `soon` and renew themselves. */
export async function countCloudPcs(
  db: Db,
  soon: string,
): Promise<{ planId: string; status: string; count: number; endingSoon: number; autoRenew: number }[]> {
  const rows = await cloudPcTables(db)
    .selectFrom('cloud_pcs')
    .select((eb) => [
      'plan_id',
      'status',
      eb.fn.countAll<string | number>().as('n'),
      eb.fn.sum<string | number>(eb.case().when('expires_at', '<=', soon).then(1).else(0).end()).as('soon'),
      eb.fn.sum<string | number>('auto_renew').as('renew'),
    ])
    .groupBy(['plan_id', 'status'])
    .execute();
  return rows.map((row) => ({
    planId: row.plan_id,
    status: row.status,
    count: toCount(row.n),
    endingSoon: toCount(row.soon),
    autoRenew: toCount(row.renew),
  }));
}

export function listProviderApplications(
  db: Db,
  options: { state?: string; before?: KeysetCut; limit: number },
): Promise<ProviderApplicationRow[]> {
  let query = cloudPcTables(db).selectFrom('cloud_pc_provider_applications').selectAll();
  if (options.state) query = query.where('state', '=', options.state);
  const before = options.before;
  if (before) query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(before.createdAt, before.id)));
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

export function findProviderApplication(db: Db, id: string): Promise<ProviderApplicationRow | undefined> {
  return cloudPcTables(db).selectFrom('cloud_pc_provider_applications').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setProviderApplicationState(
  db: Db,
  id: string,
  change: { state: string; note: string | null; at: string },
): Promise<void> {
  await cloudPcTables(db)
    .updateTable('cloud_pc_provider_applications')
    .set({ state: change.state, state_note: change.note, state_at: change.at })
    .where('id', '=', id)
    .execute();
}

export function listCloudPcInvoices(db: Db, limit: number): Promise<Selectable<CloudPcInvoiceRequestsTable>[]> {
  return cloudPcTables(db)
    .selectFrom('cloud_pc_invoice_requests')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
