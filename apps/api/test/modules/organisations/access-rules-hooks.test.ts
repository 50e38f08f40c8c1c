import { ErrorCode, translate } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { eraseMembershipsOf } from '../../../src/modules/organisations';
import { testDialects, useTestApp } from '../../helper';
import { orgWorld, type Person } from './support';

// When what an access rule names goes away (ADR 0046, decision 4): a department, device group or
// custom role that rules name is not deleted until the rules are; a member who leaves, is removed
// or erased, and a device that is rejected or removed, take their rules with them, one
// accessRule.delete audit row each, before the change's own row.

interface Rule {
  id: string;
}

describe.each(testDialects())('access rules when what they name goes away ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const world = orgWorld(ctx);

  let serial = 0;
  const register = async (who: Person, deployCode?: string) => {
    serial += 1;
    return world.ok<{ device: { id: string } }>(who, 'POST', '/device/register', {
      deviceId: `hook-${Date.now().toString(36)}-${serial}`,
      name: `PC ${serial}`,
      clientType: 'WIN',
      ...(deployCode ? { deployCode } : {}),
    });
  };
  const rule = (owner: Person, orgId: string, subject: { type: string; id: string }, object: { type: string; id: string }) =>
    world.ok<Rule>(owner, 'POST', '/org/accessRule/create', {
      orgId,
      subject: { ...subject, subtree: false },
      object: { ...object, subtree: false },
      permission: 'CONTROL',
    });
  const rulesOf = async (owner: Person, orgId: string) =>
    (await world.ok<{ items: Rule[] }>(owner, 'GET', '/org/accessRule/list', { orgId })).items.map((item) => item.id);

  it('refuses deleting a department, a device group or a custom role that rules name, in the caller’s language, until the rules go', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner, 'Hooks');
    const department = await world.department(owner, orgId, 'Support');
    const group = await world.ok<{ id: string }>(owner, 'POST', '/org/deviceGroup/create', { orgId, name: 'Floor', parentId: null });
    const role = await world.ok<{ id: string }>(owner, 'POST', '/org/role/save', {
      orgId,
      name: 'Helpdesk',
      permissions: ['devices.read'],
    });
    const made = [
      await rule(owner, orgId, { type: 'DEPARTMENT', id: department }, { type: 'GROUP', id: group.id }),
      await rule(owner, orgId, { type: 'ROLE', id: role.id }, { type: 'GROUP', id: group.id }),
    ];
    const deletes: Array<[string, Record<string, string>]> = [
      ['/org/department/delete', { orgId, departmentId: department }],
      ['/org/deviceGroup/delete', { orgId, groupId: group.id }],
      ['/org/role/delete', { orgId, roleId: role.id }],
    ];
    for (const [url, input] of deletes) {
      const answer = await world.call(owner, 'POST', url, input, 'ja');
      expect(answer.errcode, url).toBe(ErrorCode.ORG_ACCESS_RULES_NAME_IT);
      expect(answer.status).toBe(409);
      expect(answer.errmsg).toBe(translate('ja', 'errors.orgAccessRulesNameIt'));
    }
    const logged = (await world.auditRows(orgId)).length;
    for (const one of made) await world.ok(owner, 'POST', '/org/accessRule/delete', { orgId, ruleId: one.id });
    for (const [url, input] of deletes) await world.ok(owner, 'POST', url, input);
    const actions = (await world.auditRows(orgId)).slice(logged).map((row) => row.action);
    expect(actions).toEqual(['accessRule.delete', 'accessRule.delete', 'department.delete', 'deviceGroup.delete', 'role.delete']);
  });

  it('deletes the rules of a member who is removed, leaves or is erased, and of a device rejected or removed, each audited', async () => {
    const owner = await world.person();
    const installer = await world.person();
    const [removed, leaving, erased, kept] = [await world.person(), await world.person(), await world.person(), await world.person()];
    const orgId = await world.createOrg(owner, 'Leavers');
    for (const member of [removed, leaving, erased, kept]) await world.addMember(orgId, member.id, 'MEMBER');
    const code = await world.ok<{ code: string }>(owner, 'POST', '/org/deployCode/create', {
      orgId,
      name: 'Waiting',
      expiresInHours: 24,
      requiresApproval: true,
    });
    const [pc, rejected, uninstalled] = [
      await register(installer, code.code),
      await register(installer, code.code),
      await register(installer, code.code),
    ];
    await world.ok(owner, 'POST', '/org/device/approve', { orgId, deviceId: pc.device.id });
    await world.ok(owner, 'POST', '/org/device/approve', { orgId, deviceId: uninstalled.device.id });
    const device = (one: { device: { id: string } }) => ({ type: 'DEVICE', id: one.device.id });
    const member = (who: Person) => ({ type: 'MEMBER', id: who.id });
    const keep = await rule(owner, orgId, member(kept), device(pc));
    await rule(owner, orgId, member(removed), device(pc));
    await rule(owner, orgId, member(leaving), device(pc));
    await rule(owner, orgId, member(erased), device(pc));
    await rule(owner, orgId, member(kept), device(rejected));
    await rule(owner, orgId, member(kept), device(uninstalled));
    expect(await rulesOf(owner, orgId)).toHaveLength(6);

    const logged = (await world.auditRows(orgId)).length;
    await world.ok(owner, 'POST', '/org/member/remove', { orgId, userId: removed.id });
    await world.ok(leaving, 'POST', '/org/member/leave', { orgId });
    await ctx.database.db.transaction().execute((trx) => eraseMembershipsOf(trx, erased.id));
    await world.ok(owner, 'POST', '/org/device/reject', { orgId, deviceId: rejected.device.id });
    await world.ok(installer, 'POST', '/device/remove', { deviceId: uninstalled.device.id });

    expect(await rulesOf(owner, orgId)).toEqual([keep.id]);
    const rows = (await world.auditRows(orgId)).slice(logged);
    expect(rows.map((row) => row.action)).toEqual([
      'accessRule.delete',
      'member.remove',
      'accessRule.delete',
      'member.leave',
      'accessRule.delete',
      'member.erase',
      'accessRule.delete',
      'device.reject',
      'accessRule.delete',
      'device.remove',
    ]);
    // each rule's row names who took it away: the owner, the member leaving, nobody for the erasure, the owner, the installer
    expect(rows.filter((row) => row.action === 'accessRule.delete').map((row) => row.actor_user_id)).toEqual([
      owner.id,
      leaving.id,
      null,
      owner.id,
      installer.id,
    ]);
  });
});
