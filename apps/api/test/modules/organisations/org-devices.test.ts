import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode, translate } from '@llk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { pricingSeedStep } from '../../../src/modules/pricing/pricing.seed';
import { createDeployCode } from '../../../src/modules/organisations/org-devices.service';
import { testDialects, useTestApp } from '../../helper';
import { orgWorld, type Person } from './support';

// An organisation's devices on both databases (ADR 0045): the device group tree, deploy codes
// (shown once, only a hash kept), POST /device/register with a deploy code (ACTIVE or PENDING,
// into the code's group), 20 parallel enrolments with a single-use code, expired / revoked /
// unknown / used-up codes in the caller's language, approve and reject, the keyset device list,
// who sees what, and one audit row per change.

const HOUR_MS = 3_600_000;
/** The real pricing data, whose free plan allows FREE_DEVICES devices. */
const SEED_DIR = path.resolve(import.meta.dirname, '../../../../../content/seed');
const FREE_DEVICES = 10;

interface Group {
  id: string;
  name: string;
  parentId: string | null;
}
interface GroupNode extends Group {
  deviceCount: number;
  children: GroupNode[];
}
interface DeployCode {
  id: string;
  code?: string;
  groupId: string | null;
  requiresApproval: boolean;
  maxUses: number | null;
  uses: number;
  status: string;
}
interface OrgDevice {
  deviceId: string;
  name: string;
  groupId: string | null;
  status: string;
  enrolledBy: string;
  decidedBy: string | null;
}
interface Registered {
  device: { id: string; deviceId: string };
  enrolment?: { orgId: string; groupId: string | null; status: string };
}

describe.each(testDialects())('organisation devices ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const world = orgWorld(ctx);

  async function orgWithOwner(): Promise<{ owner: Person; orgId: string }> {
    const owner = await world.person();
    return { owner, orgId: await world.createOrg(owner, 'Fleet') };
  }

  const group = (owner: Person, orgId: string, name: string, parentId: string | null = null) =>
    world.ok<Group>(owner, 'POST', '/org/deviceGroup/create', { orgId, name, parentId });

  const deployCode = (owner: Person, orgId: string, options: Record<string, unknown> = {}) =>
    world.ok<DeployCode & { code: string }>(owner, 'POST', '/org/deployCode/create', {
      orgId,
      name: 'Floor 3',
      expiresInHours: 24,
      ...options,
    });

  const register = (who: Person, deviceId: string, code: string | undefined, locale = 'en') =>
    world.call(
      who,
      'POST',
      '/device/register',
      { deviceId, name: `PC ${deviceId}`, clientType: 'WIN', ...(code === undefined ? {} : { deployCode: code }) },
      locale,
    );

  const devicesOf = async (owner: Person, orgId: string, query: Record<string, unknown> = {}) =>
    world.ok<{ items: OrgDevice[]; next: string | null }>(owner, 'GET', '/org/device/list', { orgId, ...query });

  const personalDevices = async (userId: string) =>
    ctx.database.db.selectFrom('devices').select('id').where('user_id', '=', userId).execute();

  it('keeps device groups as a tree: create, rename, move (not under itself), delete only when empty', async () => {
    const { owner, orgId } = await orgWithOwner();
    const floors = await group(owner, orgId, 'Floors');
    const third = await group(owner, orgId, 'Third', floors.id);
    const desk = await group(owner, orgId, 'Desk 12', third.id);
    expect(third.parentId).toBe(floors.id);

    await world.refused(owner, 'POST', '/org/deviceGroup/move', { orgId, groupId: floors.id, parentId: desk.id }, 'ORG_DEVICE_GROUP_CYCLE');
    await world.refused(
      owner,
      'POST',
      '/org/deviceGroup/move',
      { orgId, groupId: floors.id, parentId: floors.id },
      'ORG_DEVICE_GROUP_CYCLE',
    );
    const renamed = await world.ok<Group>(owner, 'POST', '/org/deviceGroup/update', { orgId, groupId: third.id, name: 'Level 3' });
    expect(renamed.name).toBe('Level 3');
    // the sub-tree moves with it: Desk 12 stays under Level 3, now a root
    await world.ok(owner, 'POST', '/org/deviceGroup/move', { orgId, groupId: third.id, parentId: null });
    const tree = await world.ok<{ roots: GroupNode[] }>(owner, 'GET', '/org/deviceGroup/list', { orgId });
    expect(tree.roots.map((node) => node.name)).toEqual(['Floors', 'Level 3']);
    expect(tree.roots[1]!.children.map((node) => node.name)).toEqual(['Desk 12']);
    const paths = await ctx.database.db.selectFrom('org_device_groups').select(['id', 'path']).where('org_id', '=', orgId).execute();
    expect(paths.find((row) => row.id === desk.id)!.path).toBe(`/${third.id}/${desk.id}/`);

    await world.refused(owner, 'POST', '/org/deviceGroup/delete', { orgId, groupId: third.id }, 'ORG_DEVICE_GROUP_NOT_EMPTY');
    // a live deploy code into a group holds it up too
    const code = await deployCode(owner, orgId, { groupId: floors.id });
    await world.refused(owner, 'POST', '/org/deviceGroup/delete', { orgId, groupId: floors.id }, 'ORG_DEVICE_GROUP_NOT_EMPTY');
    await world.ok(owner, 'POST', '/org/deployCode/revoke', { orgId, deployCodeId: code.id });
    await world.ok(owner, 'POST', '/org/deviceGroup/delete', { orgId, groupId: floors.id });
    await world.refused(
      owner,
      'POST',
      '/org/deviceGroup/update',
      { orgId, groupId: floors.id, name: 'Gone' },
      'ORG_DEVICE_GROUP_NOT_FOUND',
    );
  });

  it('shows a deploy code once and keeps only its hash; a registration with it enrols the device into its group', async () => {
    const { owner, orgId } = await orgWithOwner();
    const floor = await group(owner, orgId, 'Floor 3');
    const created = await deployCode(owner, orgId, { groupId: floor.id, maxUses: 5 });
    expect(created.code).toMatch(/^[A-HJKMNP-Z2-9]{5}(-[A-HJKMNP-Z2-9]{5}){3}$/);
    const stored = await ctx.database.db.selectFrom('org_deploy_codes').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.code.replace(/-/g, ''));
    const listed = await world.ok<{ items: DeployCode[] }>(owner, 'GET', '/org/deployCode/list', { orgId });
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).not.toHaveProperty('code');
    expect(listed.items[0]).toMatchObject({ uses: 0, maxUses: 5, status: 'ACTIVE', groupId: floor.id });

    const installer = await world.person();
    // typed in lower case without its dashes: the same code
    const answer = await register(installer, 'pc-1', created.code.replace(/-/g, '').toLowerCase());
    expect(answer.errcode, answer.errmsg).toBe(0);
    const data = answer.data as Registered;
    expect(data.enrolment).toEqual({ orgId, groupId: floor.id, status: 'ACTIVE' });
    // registering again (the app sends its code each time) spends no use
    expect((await register(installer, 'pc-1', created.code)).errcode).toBe(0);
    const after = await world.ok<{ items: DeployCode[] }>(owner, 'GET', '/org/deployCode/list', { orgId });
    expect(after.items[0]!.uses).toBe(1);

    const devices = await devicesOf(owner, orgId);
    expect(devices.items).toEqual([
      expect.objectContaining({ deviceId: data.device.id, name: 'PC pc-1', groupId: floor.id, status: 'ACTIVE', enrolledBy: installer.id }),
    ]);
    const tree = await world.ok<{ roots: GroupNode[] }>(owner, 'GET', '/org/deviceGroup/list', { orgId });
    expect(tree.roots[0]!.deviceCount).toBe(1);
    // a registration without a code is the personal one it always was
    const personal = await register(installer, 'laptop', undefined);
    expect((personal.data as Registered).enrolment).toBeUndefined();
    expect((await devicesOf(owner, orgId)).items).toHaveLength(1);
  });

  it('20 parallel enrolments with a single-use code make exactly one device; the others are refused in the caller’s language and register nothing', async () => {
    const { owner, orgId } = await orgWithOwner();
    const created = await deployCode(owner, orgId, { maxUses: 1 });
    const installer = await world.person();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => register(installer, `rack-${i}`, created.code, 'fr')));
    const enrolled = answers.filter((answer) => answer.errcode === 0);
    expect(enrolled).toHaveLength(1);
    const refused = answers.filter((answer) => answer.errcode !== 0);
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      expect(answer.errcode).toBe(ErrorCode.ORG_DEPLOY_CODE_USED_UP);
      expect(answer.status).toBe(409);
      expect(answer.errmsg).toBe(translate('fr', 'errors.orgDeployCodeUsedUp'));
    }
    expect(await personalDevices(installer.id)).toHaveLength(1);
    expect((await devicesOf(owner, orgId)).items).toHaveLength(1);
    const code = await ctx.database.db.selectFrom('org_deploy_codes').select('uses').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(Number(code.uses)).toBe(1);
    const enrolments = (await world.auditRows(orgId)).filter((row) => row.action === 'device.enrol');
    expect(enrolments).toHaveLength(1);
    expect(enrolments[0]!.actor_user_id).toBe(installer.id);
  });

  it('refuses unknown, revoked and expired codes with clear errors, and nothing is registered', async () => {
    const { owner, orgId } = await orgWithOwner();
    const installer = await world.person();
    const unknown = await register(installer, 'x-1', 'AAAAA-BBBBB-CCCCC-DDDDD', 'ja');
    expect(unknown.errcode).toBe(ErrorCode.ORG_DEPLOY_CODE_INVALID);
    expect(unknown.errmsg).toBe(translate('ja', 'errors.orgDeployCodeInvalid'));

    const revoked = await deployCode(owner, orgId);
    await world.ok(owner, 'POST', '/org/deployCode/revoke', { orgId, deployCodeId: revoked.id });
    const afterRevoke = await register(installer, 'x-2', revoked.code, 'zh-CN');
    expect(afterRevoke.errcode).toBe(ErrorCode.ORG_DEPLOY_CODE_REVOKED);
    expect(afterRevoke.status).toBe(410);
    expect(afterRevoke.errmsg).toBe(translate('zh-CN', 'errors.orgDeployCodeRevoked'));

    // made two hours ago, good for one: expired now
    const old = await createDeployCode(
      ctx.database.db,
      { orgId, userId: owner.id, ip: null },
      { name: 'Old', expiresInHours: 1, requiresApproval: false },
      new Date(Date.now() - 2 * HOUR_MS),
    );
    const expired = await register(installer, 'x-3', old.code, 'es');
    expect(expired.errcode).toBe(ErrorCode.ORG_DEPLOY_CODE_EXPIRED);
    expect(expired.errmsg).toBe(translate('es', 'errors.orgDeployCodeExpired'));

    expect(await personalDevices(installer.id)).toHaveLength(0);
    const listed = await world.ok<{ items: DeployCode[] }>(owner, 'GET', '/org/deployCode/list', { orgId });
    expect(listed.items.map((item) => item.status).sort()).toEqual(['EXPIRED', 'REVOKED']);
    await world.refused(
      owner,
      'POST',
      '/org/deployCode/revoke',
      { orgId, deployCodeId: '01NOPE0000000000000000000' },
      'ORG_DEPLOY_CODE_NOT_FOUND',
    );
  });

  it('a code that asks for approval enrols PENDING; approve and reject decide once', async () => {
    const { owner, orgId } = await orgWithOwner();
    const created = await deployCode(owner, orgId, { requiresApproval: true });
    const installer = await world.person();
    const first = (await register(installer, 'wait-1', created.code)).data as Registered;
    const second = (await register(installer, 'wait-2', created.code)).data as Registered;
    expect(first.enrolment?.status).toBe('PENDING');
    expect((await devicesOf(owner, orgId, { status: 'PENDING' })).items).toHaveLength(2);

    const approved = await world.ok<OrgDevice>(owner, 'POST', '/org/device/approve', { orgId, deviceId: first.device.id });
    expect(approved).toMatchObject({ status: 'ACTIVE', decidedBy: owner.id });
    await world.refused(owner, 'POST', '/org/device/approve', { orgId, deviceId: first.device.id }, 'ORG_DEVICE_NOT_PENDING');
    await world.refused(owner, 'POST', '/org/device/reject', { orgId, deviceId: first.device.id }, 'ORG_DEVICE_NOT_PENDING');
    const rejected = await world.ok<OrgDevice>(owner, 'POST', '/org/device/reject', { orgId, deviceId: second.device.id });
    expect(rejected.status).toBe('REJECTED');
    expect((await devicesOf(owner, orgId, { status: 'PENDING' })).items).toHaveLength(0);
    expect((await devicesOf(owner, orgId, { status: 'ACTIVE' })).items.map((item) => item.deviceId)).toEqual([first.device.id]);

    // 20 parallel approvals of one pending device: one decides
    const third = (await register(installer, 'wait-3', created.code)).data as Registered;
    const decisions = await Promise.all(
      Array.from({ length: 20 }, () => world.call(owner, 'POST', '/org/device/approve', { orgId, deviceId: third.device.id })),
    );
    expect(decisions.filter((answer) => answer.errcode === 0)).toHaveLength(1);
    expect(decisions.filter((answer) => answer.errcode === ErrorCode.ORG_DEVICE_NOT_PENDING)).toHaveLength(19);

    // another organisation cannot take a device this one holds
    const other = await orgWithOwner();
    const foreign = await deployCode(other.owner, other.orgId);
    const taken = await register(installer, 'wait-1', foreign.code);
    expect(taken.errcode).toBe(ErrorCode.ORG_DEVICE_IN_OTHER_ORG);
    await world.refused(
      other.owner,
      'POST',
      '/org/device/approve',
      { orgId: other.orgId, deviceId: third.device.id },
      'ORG_DEVICE_NOT_FOUND',
    );
  });

  it('lists devices newest first in keyset pages, by group with its sub-tree', async () => {
    const { owner, orgId } = await orgWithOwner();
    const top = await group(owner, orgId, 'Top');
    const sub = await group(owner, orgId, 'Sub', top.id);
    const elsewhere = await group(owner, orgId, 'Elsewhere');
    const installer = await world.person();
    const intoSub = await deployCode(owner, orgId, { groupId: sub.id });
    const intoElsewhere = await deployCode(owner, orgId, { groupId: elsewhere.id });
    for (const name of ['a', 'b', 'c']) expect((await register(installer, `sub-${name}`, intoSub.code)).errcode).toBe(0);
    expect((await register(installer, 'far', intoElsewhere.code)).errcode).toBe(0);

    const underTop = await devicesOf(owner, orgId, { groupId: top.id });
    expect(underTop.items.map((item) => item.name).sort()).toEqual(['PC sub-a', 'PC sub-b', 'PC sub-c']);
    const first = await devicesOf(owner, orgId, { pageSize: 3 });
    expect(first.items).toHaveLength(3);
    expect(first.next).not.toBeNull();
    const second = await devicesOf(owner, orgId, { pageSize: 3, before: first.next });
    expect(second.items).toHaveLength(1);
    expect(second.next).toBeNull();
    const all = [...first.items, ...second.items].map((item) => item.deviceId);
    expect(new Set(all).size).toBe(4);
    await world.refused(owner, 'GET', '/org/device/list', { orgId, groupId: '01NOPE0000000000000000000' }, 'ORG_DEVICE_GROUP_NOT_FOUND');
  });

  it('shows nothing to a stranger, a member or a department admin, and answers bad input in the caller’s language', async () => {
    const { owner, orgId } = await orgWithOwner();
    const root = await group(owner, orgId, 'Root');
    const created = await deployCode(owner, orgId, { groupId: root.id });
    const installer = await world.person();
    expect((await register(installer, 'seen', created.code)).errcode).toBe(0);

    const stranger = await world.person();
    await world.refused(stranger, 'GET', '/org/device/list', { orgId }, 'ORG_NOT_FOUND');
    await world.refused(stranger, 'POST', '/org/deployCode/create', { orgId, name: 'Mine', expiresInHours: 1 }, 'ORG_NOT_FOUND');
    const member = await world.person();
    await world.addMember(orgId, member.id, 'MEMBER');
    await world.refused(member, 'GET', '/org/device/list', { orgId }, 'ORG_PERMISSION_DENIED');
    // the installer is not a member: enrolling a device gives them nothing of the organisation
    await world.refused(installer, 'GET', '/org/device/list', { orgId }, 'ORG_NOT_FOUND');

    const departmentId = await world.department(owner, orgId, 'Sales');
    const departmentAdmin = await world.person();
    await world.addMember(orgId, departmentAdmin.id, 'DEPARTMENT_ADMIN', { departmentId, adminOf: [departmentId] });
    expect((await devicesOf(departmentAdmin, orgId)).items).toEqual([]);
    expect((await world.ok<{ roots: GroupNode[] }>(departmentAdmin, 'GET', '/org/deviceGroup/list', { orgId })).roots).toEqual([]);
    await world.refused(
      departmentAdmin,
      'POST',
      '/org/deviceGroup/update',
      { orgId, groupId: root.id, name: 'Mine' },
      'ORG_DEVICE_GROUP_NOT_FOUND',
    );
    await world.refused(departmentAdmin, 'POST', '/org/deviceGroup/create', { orgId, name: 'Mine' }, 'ORG_PERMISSION_DENIED');

    const zero = await world.call(owner, 'POST', '/org/deployCode/create', { orgId, name: 'Bad', expiresInHours: 0 }, 'ko');
    expect(zero.status).toBe(400);
    expect(zero.errcode).toBe(ErrorCode.VALIDATION_FAILED);
    const tooLong = await world.call(owner, 'POST', '/org/deviceGroup/create', { orgId, name: 'x'.repeat(65) }, 'zh-tw');
    expect(tooLong.status).toBe(400);
    expect(tooLong.errcode).toBe(ErrorCode.VALIDATION_FAILED);
    const badCode = await world.call(installer, 'POST', '/device/register', {
      deviceId: 'b',
      name: 'B',
      clientType: 'WIN',
      deployCode: '',
    });
    expect(badCode.status).toBe(400);
  });

  it('writes exactly one audit row for each change of the devices’ audit actions', async () => {
    const { owner, orgId } = await orgWithOwner();
    const before = (await world.auditRows(orgId)).length;
    const parent = await group(owner, orgId, 'Parent');
    const child = await group(owner, orgId, 'Child');
    await world.ok(owner, 'POST', '/org/deviceGroup/update', { orgId, groupId: child.id, name: 'Kid' });
    await world.ok(owner, 'POST', '/org/deviceGroup/move', { orgId, groupId: child.id, parentId: parent.id });
    await world.ok(owner, 'POST', '/org/deviceGroup/delete', { orgId, groupId: child.id });
    const created = await deployCode(owner, orgId, { requiresApproval: true });
    const installer = await world.person();
    const one = (await register(installer, 'audit-1', created.code)).data as Registered;
    const two = (await register(installer, 'audit-2', created.code)).data as Registered;
    await world.ok(owner, 'POST', '/org/device/approve', { orgId, deviceId: one.device.id });
    await world.ok(owner, 'POST', '/org/device/reject', { orgId, deviceId: two.device.id });
    await world.ok(owner, 'POST', '/org/deployCode/revoke', { orgId, deployCodeId: created.id });
    // the installer removes one from their own list: it leaves the organisation's too
    expect((await world.ok<{ removed: number }>(installer, 'POST', '/device/remove', { deviceId: two.device.id })).removed).toBe(1);
    expect((await devicesOf(owner, orgId)).items.map((item) => item.deviceId)).toEqual([one.device.id]);
    // refused changes write nothing
    await world.refused(owner, 'POST', '/org/device/approve', { orgId, deviceId: one.device.id }, 'ORG_DEVICE_NOT_PENDING');
    await world.refused(
      owner,
      'POST',
      '/org/deviceGroup/move',
      { orgId, groupId: parent.id, parentId: parent.id },
      'ORG_DEVICE_GROUP_CYCLE',
    );

    const rows = (await world.auditRows(orgId)).slice(before);
    expect(rows.map((row) => row.action)).toEqual([
      'deviceGroup.create',
      'deviceGroup.create',
      'deviceGroup.update',
      'deviceGroup.move',
      'deviceGroup.delete',
      'deployCode.create',
      'device.enrol',
      'device.enrol',
      'device.approve',
      'device.reject',
      'deployCode.revoke',
      'device.remove',
    ]);
    const byInstaller = (action: string) => action === 'device.enrol' || action === 'device.remove';
    expect(rows.filter((row) => byInstaller(row.action)).map((row) => row.actor_user_id)).toEqual([
      installer.id,
      installer.id,
      installer.id,
    ]);
    expect(rows.filter((row) => !byInstaller(row.action)).every((row) => row.actor_user_id === owner.id)).toBe(true);
    // the code itself is in no audit row
    expect(JSON.stringify(rows)).not.toContain(created.code);
  });
});

describe.each(testDialects())('organisation devices and the personal plan ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const world = orgWorld(ctx);
  beforeAll(async () => {
    await pricingSeedStep.run(ctx.database.db, {
      dir: SEED_DIR,
      readJson: (file) => JSON.parse(readFileSync(path.join(SEED_DIR, file), 'utf8')),
    });
  });

  const register = (who: Person, deviceId: string, code?: string) =>
    world.call(who, 'POST', '/device/register', { deviceId, name: deviceId, clientType: 'LINUX', ...(code ? { deployCode: code } : {}) });

  it('enrolled devices count against the code, not the installer’s device limit; a rejected one counts again', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner, 'Plan');
    const { code } = await world.ok<{ code: string }>(owner, 'POST', '/org/deployCode/create', {
      orgId,
      name: 'Many',
      expiresInHours: 1,
      maxUses: 20,
      requiresApproval: true,
    });
    const installer = await world.person();
    const enrolled: string[] = [];
    for (let i = 0; i < FREE_DEVICES + 2; i++) {
      const answer = await register(installer, `org-${i}`, code);
      expect(answer.errcode, answer.errmsg).toBe(0);
      enrolled.push((answer.data as Registered).device.id);
    }
    // the 12 enrolled devices leave the free plan's personal devices free: 9 of its 10 pass
    for (let i = 0; i < FREE_DEVICES - 1; i++) expect((await register(installer, `own-${i}`)).errcode).toBe(0);
    // a rejected device is the installer's again: it is the tenth, and one more is over the limit
    await world.ok(owner, 'POST', '/org/device/reject', { orgId, deviceId: enrolled[0] });
    await world.ok(owner, 'POST', '/org/device/approve', { orgId, deviceId: enrolled[1] });
    expect((await register(installer, 'own-over')).errcode).toBe(ErrorCode.DEVICE_LIMIT_REACHED);
  });
});
