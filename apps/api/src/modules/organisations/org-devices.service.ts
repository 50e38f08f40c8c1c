import { createHash, randomInt } from 'node:crypto';
import {
  ORG_DEVICE_GROUP_DEPTH_MAX,
  type TOrgDeployCode,
  type TOrgDeployCodeCreated,
  type TOrgDeployCodeCreateRequest,
  type TOrgDeployCodeListQuery,
  type TOrgDeployCodePage,
  type TOrgDevice,
  type TOrgDeviceGroup,
  type TOrgDeviceGroupCreateRequest,
  type TOrgDeviceGroupNode,
  type TOrgDeviceGroupTree,
  type TOrgDeviceListQuery,
  type TOrgDevicePage,
  type TOrgDeviceStatus,
  type TClientType,
} from '@llk/contracts';
import { fromDbBool, fromDbDate, newId, toDbBool, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { changeInOrg, type OrgCaller, type OrgMembership, recordOrgAuditInOrder } from './membership';
import { cursorOf, parseCursor } from './org-cursor';
import {
  countDevicesByGroup,
  decideOrgDevice,
  deleteDeviceGroup,
  deviceGroupInUse,
  findDeployCode,
  findDeployCodeByHash,
  findDeviceGroup,
  findOrgDevice,
  findOrgDevicesOf,
  deleteOrgDevice,
  heldDeviceIds,
  insertDeployCode,
  insertDeviceGroup,
  listDeployCodesPage,
  listDeviceGroups,
  listOrgDevicesPage,
  longestGroupPathUnder,
  moveDeviceGroup,
  renameDeviceGroup,
  revokeDeployCodeRow,
  spendDeployCodeUse,
  upsertOrgDevice,
} from './org-devices.repository';
import { type OrgDeployCodeRow, type OrgDeviceGroupRow, type OrgDeviceRow } from './org-devices.tables';
import { lockOrganisation } from './organisations.repository';
import { forgetRulesNaming, refuseWhileRulesName } from './access-rules.hooks';

// An organisation's device groups, deploy codes and enrolled devices (ADR 0045).

/**
 * A department admin's devices.* permissions are scoped to departments, which devices are not in:
 * until the access rules tie groups to departments their scope holds no group and no device, so
 * their lists are empty and any group or device they name is not found (ADR 0045).
 */
const seesNoDevices = (me: OrgMembership) => me.scoped;

// ---- Device groups --------------------------------------------------------------------------

const groupOf = (row: OrgDeviceGroupRow): TOrgDeviceGroup => ({ id: row.id, name: row.name, parentId: row.parent_id });

/** The tree, children by name, each with the devices directly in it. */
export async function deviceGroupTree(db: Db, me: OrgMembership): Promise<TOrgDeviceGroupTree> {
  if (seesNoDevices(me)) return { roots: [] };
  const [rows, counts] = await Promise.all([listDeviceGroups(db, me.orgId), countDevicesByGroup(db, me.orgId)]);
  const countOf = new Map(counts.map((row) => [row.group_id, Number(row.n)]));
  const nodes = new Map<string, TOrgDeviceGroupNode>(
    rows.map((row) => [row.id, { ...groupOf(row), deviceCount: countOf.get(row.id) ?? 0, children: [] }]),
  );
  const roots: TOrgDeviceGroupNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id);
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    if (!node) continue;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const byName = (list: TOrgDeviceGroupNode[]) => {
    list.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    for (const node of list) byName(node.children);
  };
  byName(roots);
  return { roots };
}

/** Levels of a path: `/a/b/` is 2. */
const depthOf = (path: string) => path.split('/').length - 2;

function guardDepth(depth: number): void {
  if (depth > ORG_DEVICE_GROUP_DEPTH_MAX) throw new AppError('ORG_DEVICE_GROUP_TOO_DEEP', { params: { max: ORG_DEVICE_GROUP_DEPTH_MAX } });
}

async function getDeviceGroup(trx: Db, me: OrgMembership, groupId: string): Promise<OrgDeviceGroupRow> {
  const group = seesNoDevices(me) ? undefined : await findDeviceGroup(trx, me.orgId, groupId);
  if (!group) throw new AppError('ORG_DEVICE_GROUP_NOT_FOUND');
  return group;
}

/** The new parent's path ('/' for a root, which a department admin may not make, as with departments). */
async function parentPathOf(trx: Db, me: OrgMembership, parentId: string | null): Promise<string> {
  if (parentId !== null) return (await getDeviceGroup(trx, me, parentId)).path;
  if (me.scoped) throw new AppError('ORG_PERMISSION_DENIED');
  return '/';
}

export async function createDeviceGroup(
  db: Db,
  caller: OrgCaller,
  request: Omit<TOrgDeviceGroupCreateRequest, 'orgId'>,
  now = new Date(),
): Promise<TOrgDeviceGroup> {
  return changeInOrg(
    db,
    caller,
    'devices.manage',
    async (trx, me) => {
      const parentId = request.parentId ?? null;
      const id = newId(now.getTime());
      const path = `${await parentPathOf(trx, me, parentId)}${id}/`;
      guardDepth(depthOf(path));
      const stamp = toDbDate(now);
      await insertDeviceGroup(trx, {
        id,
        org_id: me.orgId,
        parent_id: parentId,
        path,
        name: request.name,
        created_at: stamp,
        updated_at: stamp,
      });
      const group = { id, name: request.name, parentId };
      return {
        result: group,
        audit: { action: 'deviceGroup.create', targetType: 'deviceGroup', targetId: id, before: null, after: group },
      };
    },
    now,
  );
}

export async function updateDeviceGroup(
  db: Db,
  caller: OrgCaller,
  request: { groupId: string; name: string },
  now = new Date(),
): Promise<TOrgDeviceGroup> {
  return changeInOrg(
    db,
    caller,
    'devices.manage',
    async (trx, me) => {
      const group = await getDeviceGroup(trx, me, request.groupId);
      await renameDeviceGroup(trx, group.id, request.name, toDbDate(now));
      return {
        result: { ...groupOf(group), name: request.name },
        audit: {
          action: 'deviceGroup.update',
          targetType: 'deviceGroup',
          targetId: group.id,
          before: { name: group.name },
          after: { name: request.name },
        },
      };
    },
    now,
  );
}

/** Moves a group with its sub-tree; under itself or its own sub-tree is ORG_DEVICE_GROUP_CYCLE. */
export async function moveDeviceGroupTree(
  db: Db,
  caller: OrgCaller,
  request: { groupId: string; parentId: string | null },
  now = new Date(),
): Promise<TOrgDeviceGroup> {
  return changeInOrg(
    db,
    caller,
    'devices.manage',
    async (trx, me) => {
      const group = await getDeviceGroup(trx, me, request.groupId);
      const parent = await parentPathOf(trx, me, request.parentId);
      if (parent.startsWith(group.path)) throw new AppError('ORG_DEVICE_GROUP_CYCLE');
      const newPath = `${parent}${group.id}/`;
      const deepest = await longestGroupPathUnder(trx, me.orgId, group.path);
      // every id in a path has the same length, so the deepest group moves as far as the top one
      guardDepth(depthOf(newPath) + (deepest - group.path.length) / (group.id.length + 1));
      const moved = await moveDeviceGroup(trx, me.orgId, {
        groupId: group.id,
        parentId: request.parentId,
        oldPath: group.path,
        newPath,
        updatedAt: toDbDate(now),
      });
      return {
        result: { ...groupOf(group), parentId: request.parentId },
        audit: {
          action: 'deviceGroup.move',
          targetType: 'deviceGroup',
          targetId: group.id,
          before: { parentId: group.parent_id, path: group.path },
          after: { parentId: request.parentId, path: newPath, groupsMoved: moved },
        },
      };
    },
    now,
  );
}

export async function removeDeviceGroup(db: Db, caller: OrgCaller, groupId: string, now = new Date()): Promise<null> {
  return changeInOrg(
    db,
    caller,
    'devices.manage',
    async (trx, me) => {
      const group = await getDeviceGroup(trx, me, groupId);
      if (await deviceGroupInUse(trx, me.orgId, group.id, toDbDate(now))) throw new AppError('ORG_DEVICE_GROUP_NOT_EMPTY');
      await refuseWhileRulesName(trx, me.orgId, { side: 'object', type: 'GROUP', id: group.id });
      await deleteDeviceGroup(trx, me.orgId, group.id);
      return {
        result: null,
        audit: { action: 'deviceGroup.delete', targetType: 'deviceGroup', targetId: group.id, before: groupOf(group), after: null },
      };
    },
    now,
  );
}

// ---- Deploy codes ---------------------------------------------------------------------------

/** No look-alikes (0/O, 1/I/L): the code is read off a screen and typed in. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 20;

/** Upper case without dashes or spaces: a code matches however it was copied. */
export function normaliseDeployCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

export function hashDeployCode(code: string): string {
  return createHash('sha256').update(normaliseDeployCode(code)).digest('hex');
}

function newDeployCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return chars.match(/.{5}/g)!.join('-');
}

function codeStatus(row: OrgDeployCodeRow, now: Date): TOrgDeployCode['status'] {
  if (row.revoked_at !== null) return 'REVOKED';
  if (fromDbDate(row.expires_at) <= now) return 'EXPIRED';
  if (row.max_uses !== null && row.uses >= row.max_uses) return 'USED_UP';
  return 'ACTIVE';
}

function deployCodeOf(row: OrgDeployCodeRow, now: Date): TOrgDeployCode {
  return {
    id: row.id,
    name: row.name,
    groupId: row.group_id,
    requiresApproval: fromDbBool(row.requires_approval),
    maxUses: row.max_uses,
    uses: Number(row.uses),
    status: codeStatus(row, now),
    expiresAt: fromDbDate(row.expires_at).toISOString(),
    revokedAt: row.revoked_at === null ? null : fromDbDate(row.revoked_at).toISOString(),
    createdBy: row.created_by,
    createdAt: fromDbDate(row.created_at).toISOString(),
  };
}

export async function createDeployCode(
  db: Db,
  caller: OrgCaller,
  request: Omit<TOrgDeployCodeCreateRequest, 'orgId'>,
  now = new Date(),
): Promise<TOrgDeployCodeCreated> {
  return changeInOrg(
    db,
    caller,
    'devices.enrol',
    async (trx, me) => {
      const groupId = request.groupId ?? null;
      if (groupId !== null) await getDeviceGroup(trx, me, groupId);
      const code = newDeployCode();
      const row: OrgDeployCodeRow = {
        id: newId(now.getTime()),
        org_id: me.orgId,
        name: request.name,
        group_id: groupId,
        code_hash: hashDeployCode(code),
        requires_approval: toDbBool(request.requiresApproval ?? false),
        max_uses: request.maxUses ?? null,
        uses: 0,
        expires_at: toDbDate(now.getTime() + request.expiresInHours * 3_600_000),
        revoked_at: null,
        created_by: me.userId,
        created_at: toDbDate(now),
      };
      await insertDeployCode(trx, row);
      const view = deployCodeOf(row, now);
      const { id, status: _status, uses: _uses, revokedAt: _revokedAt, createdBy: _createdBy, createdAt: _createdAt, ...after } = view;
      return {
        result: { ...view, code },
        audit: { action: 'deployCode.create', targetType: 'deployCode', targetId: id, before: null, after },
      };
    },
    now,
  );
}

export async function listDeployCodes(
  db: Db,
  me: OrgMembership,
  query: TOrgDeployCodeListQuery,
  now = new Date(),
): Promise<TOrgDeployCodePage> {
  const rows = await listDeployCodesPage(db, me.orgId, query.before ? parseCursor(query.before) : undefined, query.pageSize + 1);
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  return {
    items: page.map((row) => deployCodeOf(row, now)),
    next: rows.length > query.pageSize && last ? cursorOf(last.created_at, last.id) : null,
  };
}

export async function revokeDeployCode(db: Db, caller: OrgCaller, deployCodeId: string, now = new Date()): Promise<null> {
  return changeInOrg(
    db,
    caller,
    'devices.enrol',
    async (trx, me) => {
      const code = await findDeployCode(trx, me.orgId, deployCodeId);
      if (!code) throw new AppError('ORG_DEPLOY_CODE_NOT_FOUND');
      const before = codeStatus(code, now);
      // revoking twice changes nothing and says so in no error: the code is revoked either way
      if (code.revoked_at === null) await revokeDeployCodeRow(trx, code.id, toDbDate(now));
      return {
        result: null,
        audit: {
          action: 'deployCode.revoke',
          targetType: 'deployCode',
          targetId: code.id,
          before: { status: before },
          after: { status: 'REVOKED' },
        },
      };
    },
    now,
  );
}

// ---- Devices --------------------------------------------------------------------------------

function orgDeviceOf(row: OrgDeviceRow): TOrgDevice {
  return {
    deviceId: row.device_id,
    name: row.name,
    clientType: row.client_type as TClientType,
    groupId: row.group_id,
    status: row.status as TOrgDeviceStatus,
    deployCodeId: row.deploy_code_id,
    enrolledBy: row.enrolled_by,
    enrolledAt: fromDbDate(row.enrolled_at).toISOString(),
    decidedBy: row.decided_by,
    decidedAt: row.decided_at === null ? null : fromDbDate(row.decided_at).toISOString(),
  };
}

export async function listOrgDevices(db: Db, me: OrgMembership, query: TOrgDeviceListQuery): Promise<TOrgDevicePage> {
  if (seesNoDevices(me) && query.groupId === undefined) return { items: [], next: null };
  const under = query.groupId === undefined ? undefined : (await getDeviceGroup(db, me, query.groupId)).path;
  const rows = await listOrgDevicesPage(db, {
    orgId: me.orgId,
    status: query.status,
    under,
    before: query.before ? parseCursor(query.before) : undefined,
    limit: query.pageSize + 1,
  });
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  return { items: page.map(orgDeviceOf), next: rows.length > query.pageSize && last ? cursorOf(last.enrolled_at, last.device_id) : null };
}

/** PENDING → ACTIVE (approve) or REJECTED; anything else is ORG_DEVICE_NOT_PENDING. */
export async function decideDevice(
  db: Db,
  caller: OrgCaller,
  deviceId: string,
  status: 'ACTIVE' | 'REJECTED',
  now = new Date(),
): Promise<TOrgDevice> {
  return changeInOrg(
    db,
    caller,
    'devices.enrol',
    async (trx, me) => {
      const device = seesNoDevices(me) ? undefined : await findOrgDevice(trx, deviceId);
      if (!device || device.org_id !== me.orgId) throw new AppError('ORG_DEVICE_NOT_FOUND');
      const stamp = toDbDate(now);
      if (!(await decideOrgDevice(trx, me.orgId, deviceId, { status, by: me.userId, at: stamp })))
        throw new AppError('ORG_DEVICE_NOT_PENDING');
      // a rejected device is its installer's again: it leaves the organisation with its rules
      if (status === 'REJECTED') await forgetRulesNaming(trx, caller, { side: 'object', type: 'DEVICE', id: deviceId }, now);
      return {
        result: orgDeviceOf({ ...device, status, decided_by: me.userId, decided_at: stamp, updated_at: stamp }),
        audit: {
          action: status === 'ACTIVE' ? 'device.approve' : 'device.reject',
          targetType: 'device',
          targetId: deviceId,
          before: { status: device.status },
          after: { status },
        },
      };
    },
    now,
  );
}

// ---- Enrolment ------------------------------------------------------------------------------

export interface EnrolmentRequest {
  code: string;
  /** the devices module's row: its id, and what the device says about itself */
  device: { id: string; deviceKey: string; name: string; clientType: string };
  userId: string;
  ip: string | null;
}

export interface Enrolment {
  orgId: string;
  groupId: string | null;
  status: TOrgDeviceStatus;
}

function refusalOf(code: OrgDeployCodeRow | undefined, now: Date): AppError {
  if (!code) return new AppError('ORG_DEPLOY_CODE_INVALID');
  const status = codeStatus(code, now);
  if (status === 'REVOKED') return new AppError('ORG_DEPLOY_CODE_REVOKED');
  if (status === 'EXPIRED') return new AppError('ORG_DEPLOY_CODE_EXPIRED');
  return new AppError('ORG_DEPLOY_CODE_USED_UP');
}

/**
 * Enrols a device with a deploy code, in the caller's transaction (the device's registration):
 * under the organisation's lock, one conditional UPDATE spends a use, so of parallel enrolments
 * with a single-use code one wins and the others throw, rolling their registration back. A device
 * already in the code's organisation spends nothing (registering again is idempotent).
 */
export async function enrolDevice(trx: Db, request: EnrolmentRequest, now = new Date()): Promise<Enrolment> {
  const found = await findDeployCodeByHash(trx, hashDeployCode(request.code));
  if (!found || !(await lockOrganisation(trx, found.org_id))) throw refusalOf(undefined, now);
  const orgId = found.org_id;
  const existing = await findOrgDevice(trx, request.device.id);
  if (existing && existing.status !== 'REJECTED') {
    if (existing.org_id !== orgId) throw new AppError('ORG_DEVICE_IN_OTHER_ORG');
    return { orgId, groupId: existing.group_id, status: existing.status as TOrgDeviceStatus };
  }
  const stamp = toDbDate(now);
  if (!(await spendDeployCodeUse(trx, found.id, stamp))) throw refusalOf(await findDeployCode(trx, orgId, found.id), now);
  const groupId = found.group_id !== null && (await findDeviceGroup(trx, orgId, found.group_id)) ? found.group_id : null;
  const status: TOrgDeviceStatus = fromDbBool(found.requires_approval) ? 'PENDING' : 'ACTIVE';
  await upsertOrgDevice(
    trx,
    {
      device_id: request.device.id,
      org_id: orgId,
      group_id: groupId,
      status,
      device_key: request.device.deviceKey,
      name: request.device.name,
      client_type: request.device.clientType,
      deploy_code_id: found.id,
      enrolled_by: request.userId,
      enrolled_at: stamp,
      decided_by: null,
      decided_at: null,
      updated_at: stamp,
    },
    existing !== undefined,
  );
  await recordOrgAuditInOrder(
    trx,
    { orgId, userId: request.userId, ip: request.ip },
    {
      action: 'device.enrol',
      targetType: 'device',
      targetId: request.device.id,
      before: existing ? { orgId: existing.org_id, status: existing.status } : null,
      after: { status, groupId, deployCodeId: found.id, name: request.device.name },
    },
    now,
  );
  return { orgId, groupId, status };
}

/** Of an account's devices, those an organisation holds: they do not count against its personal plan (ADR 0045). */
export async function organisationHeldDeviceIds(db: Db, deviceIds: readonly string[]): Promise<Set<string>> {
  return new Set(await heldDeviceIds(db, deviceIds));
}

/**
 * The devices module removes devices (its POST /device/remove, in its transaction): their rows
 * here go with them, each under its organisation's lock with a `device.remove` audit row naming
 * who removed it, so the organisation's list keeps no device that is gone.
 */
export async function forgetOrgDevices(
  trx: Db,
  deviceIds: readonly string[],
  actor: { userId: string; ip: string | null },
  now = new Date(),
): Promise<void> {
  const rows = await findOrgDevicesOf(trx, deviceIds);
  for (const orgId of [...new Set(rows.map((row) => row.org_id))].sort()) await lockOrganisation(trx, orgId);
  for (const row of rows) {
    await deleteOrgDevice(trx, row.device_id);
    const who = { orgId: row.org_id, userId: actor.userId, ip: actor.ip };
    await forgetRulesNaming(trx, who, { side: 'object', type: 'DEVICE', id: row.device_id }, now);
    await recordOrgAuditInOrder(
      trx,
      who,
      {
        action: 'device.remove',
        targetType: 'device',
        targetId: row.device_id,
        before: { status: row.status, groupId: row.group_id, name: row.name },
        after: null,
      },
      now,
    );
  }
}
