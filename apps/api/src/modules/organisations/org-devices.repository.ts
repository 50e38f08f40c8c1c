import { type Expression, type ExpressionBuilder, type Insertable, type SqlBool } from 'kysely';
import { isPostgres, touchedRows } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import {
  type OrgDeployCodesTable,
  type OrgDeviceGroupsTable,
  type OrgDevicesTable,
  type OrgDevicesTables,
  orgDevicesTables,
} from './org-devices.tables';

// Every query of org_device_groups, org_deploy_codes and org_devices (ADR 0045).

const own = orgDevicesTables;

/** A sub-tree of groups: LIKE on PostgreSQL (text_pattern_ops index), a range on SQLite (as the departments', ADR 0043). */
function pathUnder(db: Db, prefix: string) {
  return (eb: ExpressionBuilder<OrgDevicesTables, 'org_device_groups'>): Expression<SqlBool> =>
    isPostgres(db) ? eb('path', 'like', `${prefix}%`) : eb.and([eb('path', '>=', prefix), eb('path', '<', `${prefix}\uffff`)]);
}

// ---- Device groups --------------------------------------------------------------------------

export function findDeviceGroup(db: Db, orgId: string, groupId: string) {
  return own(db).selectFrom('org_device_groups').selectAll().where('org_id', '=', orgId).where('id', '=', groupId).executeTakeFirst();
}

/** The organisation's groups, by path (every parent before its children). */
export function listDeviceGroups(db: Db, orgId: string) {
  return own(db).selectFrom('org_device_groups').selectAll().where('org_id', '=', orgId).orderBy('path').execute();
}

/** Devices directly in each group of the organisation. */
export function countDevicesByGroup(db: Db, orgId: string) {
  return own(db)
    .selectFrom('org_devices')
    .select((eb) => ['group_id', eb.fn.countAll<number | string>().as('n')])
    .where('org_id', '=', orgId)
    .where('group_id', 'is not', null)
    .groupBy('group_id')
    .execute();
}

export async function insertDeviceGroup(db: Db, row: Insertable<OrgDeviceGroupsTable>): Promise<void> {
  await own(db).insertInto('org_device_groups').values(row).execute();
}

export async function renameDeviceGroup(db: Db, groupId: string, name: string, updatedAt: string): Promise<void> {
  await own(db).updateTable('org_device_groups').set({ name, updated_at: updatedAt }).where('id', '=', groupId).execute();
}

/** Its parent_id, then one UPDATE of the path of every group in its sub-tree (itself included). */
export async function moveDeviceGroup(
  db: Db,
  orgId: string,
  move: { groupId: string; parentId: string | null; oldPath: string; newPath: string; updatedAt: string },
): Promise<number> {
  await own(db).updateTable('org_device_groups').set({ parent_id: move.parentId }).where('id', '=', move.groupId).execute();
  const result = await own(db)
    .updateTable('org_device_groups')
    .set((eb) => ({
      path: eb(eb.val(move.newPath), '||', eb.fn<string>('substr', ['path', eb.val(move.oldPath.length + 1)])),
      updated_at: move.updatedAt,
    }))
    .where('org_id', '=', orgId)
    .where((eb) => pathUnder(db, move.oldPath)(eb))
    .executeTakeFirst();
  return touchedRows(result);
}

/** The length of the longest path in the sub-tree of this path. */
export async function longestGroupPathUnder(db: Db, orgId: string, prefix: string): Promise<number> {
  const row = await own(db)
    .selectFrom('org_device_groups')
    .select((eb) => eb.fn.max(eb.fn<number>('length', ['path'])).as('longest'))
    .where('org_id', '=', orgId)
    .where((eb) => pathUnder(db, prefix)(eb))
    .executeTakeFirst();
  return Number(row?.longest ?? prefix.length);
}

/** Whether a group has sub-groups, devices or a deploy code that is not revoked and not expired. */
export async function deviceGroupInUse(db: Db, orgId: string, groupId: string, now: string): Promise<boolean> {
  const child = await own(db)
    .selectFrom('org_device_groups')
    .select('id')
    .where('org_id', '=', orgId)
    .where('parent_id', '=', groupId)
    .limit(1)
    .executeTakeFirst();
  if (child) return true;
  const device = await own(db)
    .selectFrom('org_devices')
    .select('device_id')
    .where('org_id', '=', orgId)
    .where('group_id', '=', groupId)
    .limit(1)
    .executeTakeFirst();
  if (device) return true;
  const code = await own(db)
    .selectFrom('org_deploy_codes')
    .select('id')
    .where('org_id', '=', orgId)
    .where('group_id', '=', groupId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return code !== undefined;
}

export async function deleteDeviceGroup(db: Db, orgId: string, groupId: string): Promise<void> {
  await own(db).deleteFrom('org_device_groups').where('org_id', '=', orgId).where('id', '=', groupId).execute();
}

/** The ids of the groups in the sub-tree of this path, as a subquery. */
function groupIdsUnder(db: Db, orgId: string, prefix: string) {
  return own(db)
    .selectFrom('org_device_groups')
    .select('id')
    .where('org_id', '=', orgId)
    .where((eb) => pathUnder(db, prefix)(eb));
}

// ---- Deploy codes ---------------------------------------------------------------------------

export async function insertDeployCode(db: Db, row: Insertable<OrgDeployCodesTable>): Promise<void> {
  await own(db).insertInto('org_deploy_codes').values(row).execute();
}

export function findDeployCode(db: Db, orgId: string, codeId: string) {
  return own(db).selectFrom('org_deploy_codes').selectAll().where('org_id', '=', orgId).where('id', '=', codeId).executeTakeFirst();
}

export function findDeployCodeByHash(db: Db, codeHash: string) {
  return own(db).selectFrom('org_deploy_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

export async function revokeDeployCodeRow(db: Db, codeId: string, now: string): Promise<void> {
  await own(db).updateTable('org_deploy_codes').set({ revoked_at: now }).where('id', '=', codeId).execute();
}

/**
 * Spends one use of a live code in one conditional UPDATE: true for the caller that changed it
 * (parallel enrolments with a single-use code: one).
 */
export async function spendDeployCodeUse(db: Db, codeId: string, now: string): Promise<boolean> {
  const result = await own(db)
    .updateTable('org_deploy_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', codeId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return touchedRows(result) === 1;
}

/** Newest first on the (org_id, created_at, id) index. */
export function listDeployCodesPage(db: Db, orgId: string, before: { at: string; id: string } | undefined, limit: number) {
  let select = own(db).selectFrom('org_deploy_codes').selectAll().where('org_id', '=', orgId);
  if (before) select = select.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(before.at, before.id)));
  return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

// ---- Devices --------------------------------------------------------------------------------

export function findOrgDevice(db: Db, deviceId: string) {
  return own(db).selectFrom('org_devices').selectAll().where('device_id', '=', deviceId).executeTakeFirst();
}

/** Of these devices, those an organisation holds (ACTIVE or PENDING; a REJECTED one is its installer's again). */
export async function heldDeviceIds(db: Db, deviceIds: readonly string[]): Promise<string[]> {
  if (deviceIds.length === 0) return [];
  const rows = await own(db)
    .selectFrom('org_devices')
    .select('device_id')
    .where('device_id', 'in', deviceIds)
    .where('status', 'in', ['ACTIVE', 'PENDING'])
    .execute();
  return rows.map((row) => row.device_id);
}

export async function upsertOrgDevice(db: Db, row: Insertable<OrgDevicesTable>, exists: boolean): Promise<void> {
  if (!exists) {
    await own(db).insertInto('org_devices').values(row).execute();
    return;
  }
  const { device_id: deviceId, ...values } = row;
  await own(db).updateTable('org_devices').set(values).where('device_id', '=', deviceId).execute();
}

/** The organisation's rows of these devices (any state). */
export function findOrgDevicesOf(db: Db, deviceIds: readonly string[]) {
  if (deviceIds.length === 0) return Promise.resolve([]);
  return own(db).selectFrom('org_devices').selectAll().where('device_id', 'in', deviceIds).execute();
}

export async function deleteOrgDevice(db: Db, deviceId: string): Promise<void> {
  await own(db).deleteFrom('org_devices').where('device_id', '=', deviceId).execute();
}

/** PENDING → ACTIVE or REJECTED in one conditional UPDATE: true for the one caller that changed it. */
export async function decideOrgDevice(
  db: Db,
  orgId: string,
  deviceId: string,
  decision: { status: 'ACTIVE' | 'REJECTED'; by: string; at: string },
): Promise<boolean> {
  const result = await own(db)
    .updateTable('org_devices')
    .set({ status: decision.status, decided_by: decision.by, decided_at: decision.at, updated_at: decision.at })
    .where('org_id', '=', orgId)
    .where('device_id', '=', deviceId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return touchedRows(result) === 1;
}

export interface OrgDevicePageQuery {
  orgId: string;
  status?: string;
  /** the path of a group: devices in its sub-tree */
  under?: string;
  before?: { at: string; id: string };
  limit: number;
}

/** Newest enrolment first on the (org_id, enrolled_at, device_id) index. */
export function listOrgDevicesPage(db: Db, query: OrgDevicePageQuery) {
  let select = own(db).selectFrom('org_devices').selectAll().where('org_id', '=', query.orgId);
  if (query.status !== undefined) select = select.where('status', '=', query.status);
  if (query.under !== undefined) select = select.where('group_id', 'in', groupIdsUnder(db, query.orgId, query.under));
  const { before } = query;
  if (before) select = select.where((eb) => eb(eb.refTuple('enrolled_at', 'device_id'), '<', eb.tuple(before.at, before.id)));
  return select.orderBy('enrolled_at', 'desc').orderBy('device_id', 'desc').limit(query.limit).execute();
}
