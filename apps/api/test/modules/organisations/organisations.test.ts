import { ErrorCode, ORG_AUDIT_ACTIONS, ORG_DEPARTMENT_DEPTH_MAX, translate } from '@llk/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDialects, useTestApp } from '../../helper';
import { orgWorld } from './support';

// Organisations on both databases (ADR 0043): the organisation's card, departments and their
// moves, a department admin's sub-tree, custom roles, the last owner, parallel changes, the
// audit row of every change, and bad input answered in the caller's language.

interface Info {
  id: string;
  name: string;
  logoUrl: string | null;
  contactEmail: string | null;
  role: { code: string };
  permissions: string[];
  memberCount: number;
}
interface Node {
  id: string;
  name: string;
  parentId: string | null;
  memberCount: number;
  children: Node[];
}
interface MemberPage {
  items: {
    userId: string;
    username: string | null;
    role: { id: string };
    departmentId: string | null;
    adminOfDepartmentIds: string[];
    status: string;
  }[];
  next: string | null;
}
interface AuditPage {
  items: { id: string; action: string; actorUserId: string | null; targetId: string; before: unknown; after: unknown; ip: string | null }[];
  next: string | null;
}

/** Written by the accounts-erase job, not by a route. */
const ERASURE_ACTIONS: string[] = ['member.erase', 'owner.assign', 'org.ownerless'];

const shape = (nodes: Node[]): unknown => nodes.map((node) => ({ [node.name]: shape(node.children) }));

describe.each(testDialects())('organisations ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const world = orgWorld(ctx);
  const { ok, refused, call } = world;

  it('creates, lists, reads and changes an organisation; a stranger learns nothing of it', async () => {
    const owner = await world.person();
    const created = await ok<{ id: string }>(owner, 'POST', '/org/create', {
      name: 'Acme Remote',
      logoUrl: 'https://cdn.example.com/acme.png',
      contactEmail: 'IT@Acme.example',
    });
    const list = await ok<{ list: { id: string; name: string; role: { code: string } }[] }>(owner, 'GET', '/org/list');
    expect(list.list).toEqual([
      expect.objectContaining({ id: created.id, name: 'Acme Remote', role: expect.objectContaining({ code: 'OWNER' }) }),
    ]);

    const info = await ok<Info>(owner, 'GET', '/org/info', { orgId: created.id });
    expect(info).toMatchObject({
      name: 'Acme Remote',
      logoUrl: 'https://cdn.example.com/acme.png',
      contactEmail: 'it@acme.example',
      memberCount: 1,
    });
    expect(info.permissions).toHaveLength(12);

    const changed = await ok<Info>(owner, 'POST', '/org/update', { orgId: created.id, name: 'Acme', logoUrl: null });
    expect(changed).toMatchObject({ name: 'Acme', logoUrl: null, contactEmail: 'it@acme.example' });

    const stranger = await world.person();
    expect((await ok<{ list: unknown[] }>(stranger, 'GET', '/org/list')).list).toEqual([]);
    const hidden = await refused(stranger, 'GET', '/org/info', { orgId: created.id }, 'ORG_NOT_FOUND');
    const missing = await refused(stranger, 'GET', '/org/info', { orgId: '01NOSUCHORG00000000000000' }, 'ORG_NOT_FOUND');
    expect([hidden.status, hidden.errmsg, hidden.data]).toEqual([missing.status, missing.errmsg, missing.data]);
    await refused(null, 'GET', '/org/info', { orgId: created.id }, 'UNAUTHORIZED');

    const rows = await world.auditRows(created.id);
    expect(rows.map((row) => row.action)).toEqual(['org.create', 'org.update']);
    expect(JSON.parse(rows[1]!.before_json!)).toMatchObject({ name: 'Acme Remote', logoUrl: 'https://cdn.example.com/acme.png' });
    expect(JSON.parse(rows[1]!.after_json!)).toMatchObject({ name: 'Acme', logoUrl: null });
    expect(rows[1]!.actor_user_id).toBe(owner.id);
  });

  it('moves department sub-trees by rewriting their paths, and refuses a move under itself', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    const a = await world.department(owner, orgId, 'A');
    const b = await world.department(owner, orgId, 'B', a);
    const c = await world.department(owner, orgId, 'C', b);
    const d = await world.department(owner, orgId, 'D');
    const tree = async () => (await ok<{ roots: Node[] }>(owner, 'GET', '/org/department/list', { orgId })).roots;
    expect(shape(await tree())).toEqual([{ A: [{ B: [{ C: [] }] }] }, { D: [] }]);

    await ok(owner, 'POST', '/org/department/move', { orgId, departmentId: b, parentId: d });
    expect(shape(await tree())).toEqual([{ A: [] }, { D: [{ B: [{ C: [] }] }] }]);
    const paths = await ctx.database.db.selectFrom('org_departments').select(['id', 'path']).where('org_id', '=', orgId).execute();
    expect(Object.fromEntries(paths.map((row) => [row.id, row.path]))).toEqual({
      [a]: `/${a}/`,
      [b]: `/${d}/${b}/`,
      [c]: `/${d}/${b}/${c}/`,
      [d]: `/${d}/`,
    });

    for (const [departmentId, parentId] of [
      [b, b],
      [b, c],
      [d, c],
    ])
      await refused(owner, 'POST', '/org/department/move', { orgId, departmentId, parentId }, 'ORG_DEPARTMENT_CYCLE');
    await ok(owner, 'POST', '/org/department/move', { orgId, departmentId: c, parentId: null });
    expect(shape(await tree())).toEqual([{ A: [] }, { C: [] }, { D: [{ B: [] }] }]);

    await world.addMember(orgId, world.fakeUserId(), 'MEMBER', { departmentId: b });
    await refused(owner, 'POST', '/org/department/delete', { orgId, departmentId: d }, 'ORG_DEPARTMENT_NOT_EMPTY');
    await refused(owner, 'POST', '/org/department/delete', { orgId, departmentId: b }, 'ORG_DEPARTMENT_NOT_EMPTY');
    await ok(owner, 'POST', '/org/department/delete', { orgId, departmentId: a });
    await ok(owner, 'POST', '/org/department/save', { orgId, departmentId: c, name: 'C renamed' });
    expect(shape(await tree())).toEqual([{ 'C renamed': [] }, { D: [{ B: [] }] }]);
    expect((await tree()).find((node) => node.name === 'D')?.children[0]?.memberCount).toBe(1);

    // another organisation's department is not there
    const other = await world.createOrg(owner, 'Other');
    await refused(owner, 'POST', '/org/department/move', { orgId: other, departmentId: b, parentId: null }, 'ORG_DEPARTMENT_NOT_FOUND');
    expect((await world.auditRows(orgId)).map((row) => row.action)).toEqual([
      'org.create',
      'department.create',
      'department.create',
      'department.create',
      'department.create',
      'department.move',
      'department.move',
      'department.delete',
      'department.update',
    ]);
  });

  it('keeps the tree within ORG_DEPARTMENT_DEPTH_MAX levels, for a new department and for a moved sub-tree', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    const chain: string[] = [];
    for (let level = 1; level <= ORG_DEPARTMENT_DEPTH_MAX; level += 1)
      chain.push(await world.department(owner, orgId, `L${level}`, chain.at(-1) ?? null));
    const tooDeep = await call(owner, 'POST', '/org/department/save', { orgId, name: 'One more', parentId: chain.at(-1) }, 'fr');
    expect([tooDeep.status, tooDeep.errcode, tooDeep.errmsg]).toEqual([
      409,
      ErrorCode.ORG_DEPARTMENT_TOO_DEEP,
      translate('fr', 'errors.orgDepartmentTooDeep', { max: ORG_DEPARTMENT_DEPTH_MAX }),
    ]);
    const top = await world.department(owner, orgId, 'Two levels');
    await world.department(owner, orgId, 'Below', top);
    const [deepest, secondDeepest] = [chain.at(-1), chain.at(-2)];
    await refused(owner, 'POST', '/org/department/move', { orgId, departmentId: top, parentId: deepest }, 'ORG_DEPARTMENT_TOO_DEEP');
    await refused(owner, 'POST', '/org/department/move', { orgId, departmentId: top, parentId: secondDeepest }, 'ORG_DEPARTMENT_TOO_DEEP');
    await ok(owner, 'POST', '/org/department/move', { orgId, departmentId: top, parentId: chain.at(-3) });
  });

  it('a department admin sees and manages only their sub-tree', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    const sales = await world.department(owner, orgId, 'Sales');
    const europe = await world.department(owner, orgId, 'Europe', sales);
    const ops = await world.department(owner, orgId, 'Ops');
    const lead = await world.person();
    await world.addMember(orgId, lead.id, 'MEMBER', { departmentId: sales });
    await ok(owner, 'POST', '/org/member/setRole', { orgId, userId: lead.id, roleId: 'DEPARTMENT_ADMIN', departmentIds: [sales] });
    const [inEurope, inOps, inNone] = [world.fakeUserId(), world.fakeUserId(), world.fakeUserId()];
    await world.addMember(orgId, inEurope, 'MEMBER', { departmentId: europe });
    await world.addMember(orgId, inOps, 'MEMBER', { departmentId: ops });
    await world.addMember(orgId, inNone, 'MEMBER');

    const seen = await ok<MemberPage>(lead, 'GET', '/org/member/list', { orgId });
    expect(seen.items.map((item) => item.userId).sort()).toEqual([lead.id, inEurope].sort());
    const all = await ok<MemberPage>(owner, 'GET', '/org/member/list', { orgId });
    expect(all.items).toHaveLength(5);
    expect(all.items.find((item) => item.userId === lead.id)?.adminOfDepartmentIds).toEqual([sales]);
    const tree = await ok<{ roots: Node[] }>(lead, 'GET', '/org/department/list', { orgId });
    expect(shape(tree.roots)).toEqual([{ Sales: [{ Europe: [] }] }]);

    for (const userId of [inOps, inNone]) {
      await refused(lead, 'POST', '/org/member/disable', { orgId, userId }, 'ORG_MEMBER_NOT_FOUND');
      await refused(lead, 'POST', '/org/member/setDepartment', { orgId, userId, departmentId: europe }, 'ORG_MEMBER_NOT_FOUND');
    }
    await refused(lead, 'GET', '/org/member/list', { orgId, departmentId: ops }, 'ORG_DEPARTMENT_NOT_FOUND');
    await refused(lead, 'POST', '/org/member/setDepartment', { orgId, userId: inEurope, departmentId: ops }, 'ORG_DEPARTMENT_NOT_FOUND');
    await refused(lead, 'POST', '/org/member/setDepartment', { orgId, userId: inEurope, departmentId: null }, 'ORG_PERMISSION_DENIED');
    await refused(lead, 'POST', '/org/department/save', { orgId, parentId: ops, name: 'Night shift' }, 'ORG_DEPARTMENT_NOT_FOUND');
    await refused(lead, 'POST', '/org/department/save', { orgId, parentId: null, name: 'Rogue' }, 'ORG_PERMISSION_DENIED');
    await refused(lead, 'POST', '/org/department/move', { orgId, departmentId: europe, parentId: ops }, 'ORG_DEPARTMENT_NOT_FOUND');
    await refused(lead, 'POST', '/org/member/setRole', { orgId, userId: inEurope, roleId: 'ADMIN' }, 'ORG_ROLE_TOO_HIGH');
    await refused(
      lead,
      'POST',
      '/org/member/setRole',
      { orgId, userId: inEurope, roleId: 'DEPARTMENT_ADMIN', departmentIds: [europe] },
      'ORG_ROLE_TOO_HIGH',
    );

    // an admin placed in the lead's department is out of the lead's reach, and a billing admin out of an admin's
    const boss = world.fakeUserId();
    await world.addMember(orgId, boss, 'ADMIN', { departmentId: europe });
    await refused(lead, 'POST', '/org/member/disable', { orgId, userId: boss }, 'ORG_MEMBER_OUTRANKS');
    await refused(lead, 'POST', '/org/member/setRole', { orgId, userId: boss, roleId: 'MEMBER' }, 'ORG_MEMBER_OUTRANKS');
    await refused(lead, 'POST', '/org/member/setDepartment', { orgId, userId: boss, departmentId: sales }, 'ORG_MEMBER_OUTRANKS');
    await refused(lead, 'POST', '/org/member/remove', { orgId, userId: boss }, 'ORG_MEMBER_OUTRANKS');
    // a custom role's permissions reach the whole organisation: not a department admin's to give
    const { id: helpdesk } = await ok<{ id: string }>(owner, 'POST', '/org/role/save', {
      orgId,
      name: 'Helpdesk',
      permissions: ['members.read', 'members.manage'],
    });
    await refused(lead, 'POST', '/org/member/setRole', { orgId, userId: inEurope, roleId: helpdesk }, 'ORG_ROLE_TOO_HIGH');
    // another department admin sitting in the lead's sub-tree may administer more than it (all of Sales and Ops)
    const deputy = world.fakeUserId();
    await world.addMember(orgId, deputy, 'DEPARTMENT_ADMIN', { departmentId: europe, adminOf: [sales, ops] });
    await refused(lead, 'POST', '/org/member/disable', { orgId, userId: deputy }, 'ORG_MEMBER_OUTRANKS');
    await refused(lead, 'POST', '/org/member/setRole', { orgId, userId: deputy, roleId: 'MEMBER' }, 'ORG_MEMBER_OUTRANKS');
    await refused(lead, 'POST', '/org/member/remove', { orgId, userId: deputy }, 'ORG_MEMBER_OUTRANKS');
    const admin = await world.person();
    await world.addMember(orgId, admin.id, 'ADMIN');
    const payer = world.fakeUserId();
    await world.addMember(orgId, payer, 'BILLING_ADMIN');
    await refused(admin, 'POST', '/org/member/remove', { orgId, userId: payer }, 'ORG_MEMBER_OUTRANKS');
    await ok(owner, 'POST', '/org/member/remove', { orgId, userId: payer });

    await ok(lead, 'POST', '/org/department/save', { orgId, parentId: europe, name: 'Paris' });
    await ok(lead, 'POST', '/org/member/setDepartment', { orgId, userId: inEurope, departmentId: sales });
    await ok(lead, 'POST', '/org/member/disable', { orgId, userId: inEurope });
    const filtered = await ok<MemberPage>(lead, 'GET', '/org/member/list', { orgId, status: 'DISABLED' });
    expect(filtered.items.map((item) => item.userId)).toEqual([inEurope]);
    // moving Ops under Europe brings its members into the lead's sub-tree
    await ok(owner, 'POST', '/org/department/move', { orgId, departmentId: ops, parentId: europe });
    await ok(lead, 'POST', '/org/member/disable', { orgId, userId: inOps });
  });

  it('custom roles: unique names, no permission the author lacks, not deleted while held; built-ins stay', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    const admin = await world.person();
    await world.addMember(orgId, admin.id, 'ADMIN');
    const auditor = await world.person();
    await world.addMember(orgId, auditor.id);

    await refused(auditor, 'GET', '/org/audit/list', { orgId }, 'ORG_PERMISSION_DENIED');
    const { id } = await ok<{ id: string }>(admin, 'POST', '/org/role/save', {
      orgId,
      name: 'Auditor',
      permissions: ['audit.read', 'members.read'],
    });
    await refused(admin, 'POST', '/org/role/save', { orgId, name: 'auditor', permissions: [] }, 'ORG_ROLE_NAME_TAKEN');
    await refused(admin, 'POST', '/org/role/save', { orgId, name: 'Payer', permissions: ['billing'] }, 'ORG_ROLE_TOO_HIGH');
    await refused(admin, 'POST', '/org/role/save', { orgId, roleId: 'ADMIN', name: 'Boss', permissions: [] }, 'ORG_ROLE_BUILT_IN');
    await refused(admin, 'POST', '/org/role/delete', { orgId, roleId: 'MEMBER' }, 'ORG_ROLE_BUILT_IN');

    await ok(admin, 'POST', '/org/member/setRole', { orgId, userId: auditor.id, roleId: id });
    expect((await ok<AuditPage>(auditor, 'GET', '/org/audit/list', { orgId })).items.length).toBeGreaterThan(0);
    await refused(auditor, 'POST', '/org/update', { orgId, name: 'Mine now' }, 'ORG_PERMISSION_DENIED');
    const roles = await ok<{ list: { id: string; code: string; memberCount: number; builtIn: boolean; scoped: boolean }[] }>(
      auditor,
      'GET',
      '/org/role/list',
      { orgId },
    );
    expect(roles.list.map((role) => role.code)).toEqual(['OWNER', 'ADMIN', 'BILLING_ADMIN', 'DEPARTMENT_ADMIN', 'MEMBER', 'CUSTOM']);
    expect(roles.list.find((role) => role.id === id)).toMatchObject({ memberCount: 1, builtIn: false, scoped: false });
    expect(roles.list.find((role) => role.id === 'DEPARTMENT_ADMIN')).toMatchObject({ builtIn: true, scoped: true });

    await refused(admin, 'POST', '/org/role/delete', { orgId, roleId: id }, 'ORG_ROLE_IN_USE');
    await ok(admin, 'POST', '/org/member/setRole', { orgId, userId: auditor.id, roleId: 'MEMBER' });
    await ok(admin, 'POST', '/org/role/delete', { orgId, roleId: id });
    await refused(admin, 'POST', '/org/member/setRole', { orgId, userId: auditor.id, roleId: id }, 'ORG_ROLE_NOT_FOUND');
    await refused(
      admin,
      'POST',
      '/org/member/setRole',
      { orgId, userId: auditor.id, roleId: 'DEPARTMENT_ADMIN' },
      'ORG_ROLE_DEPARTMENTS_REQUIRED',
    );
    // a role of another organisation is not this one's
    const elsewhere = await world.createOrg(owner, 'Elsewhere');
    const foreign = await ok<{ id: string }>(owner, 'POST', '/org/role/save', { orgId: elsewhere, name: 'Foreign', permissions: [] });
    await refused(admin, 'POST', '/org/member/setRole', { orgId, userId: auditor.id, roleId: foreign.id }, 'ORG_ROLE_NOT_FOUND');
  });

  it('keeps the last owner: no leaving, removal, demotion or disabling; ownership moves explicitly', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    const admin = await world.person();
    await world.addMember(orgId, admin.id, 'ADMIN');

    await refused(owner, 'POST', '/org/member/leave', { orgId }, 'ORG_LAST_OWNER');
    await refused(owner, 'POST', '/org/member/setRole', { orgId, userId: owner.id, roleId: 'ADMIN' }, 'ORG_LAST_OWNER');
    await refused(admin, 'POST', '/org/member/remove', { orgId, userId: owner.id }, 'ORG_LAST_OWNER');
    await refused(admin, 'POST', '/org/member/disable', { orgId, userId: owner.id }, 'ORG_LAST_OWNER');
    await refused(admin, 'POST', '/org/member/setRole', { orgId, userId: owner.id, roleId: 'MEMBER' }, 'ORG_LAST_OWNER');
    await refused(admin, 'POST', '/org/member/setRole', { orgId, userId: admin.id, roleId: 'OWNER' }, 'ORG_MEMBER_SELF');
    await refused(admin, 'POST', '/org/owner/transfer', { orgId, userId: admin.id }, 'ORG_PERMISSION_DENIED');
    await refused(owner, 'POST', '/org/member/remove', { orgId, userId: owner.id }, 'ORG_MEMBER_SELF');
    await refused(owner, 'POST', '/org/owner/transfer', { orgId, userId: owner.id }, 'ORG_MEMBER_SELF');

    await ok(owner, 'POST', '/org/owner/transfer', { orgId, userId: admin.id });
    expect(await world.membersByRole(orgId, 'OWNER')).toEqual([admin.id]);
    expect(await world.membersByRole(orgId, 'ADMIN')).toEqual([owner.id]);
    await refused(owner, 'POST', '/org/owner/transfer', { orgId, userId: admin.id }, 'ORG_PERMISSION_DENIED');
    // a second owner lets the first one go; an admin cannot touch an owner who is not the last
    await ok(admin, 'POST', '/org/member/setRole', { orgId, userId: owner.id, roleId: 'OWNER' });
    const third = await world.person();
    await world.addMember(orgId, third.id, 'ADMIN');
    await refused(third, 'POST', '/org/member/disable', { orgId, userId: owner.id }, 'ORG_PERMISSION_DENIED');
    await refused(third, 'POST', '/org/member/setRole', { orgId, userId: third.id, roleId: 'MEMBER' }, 'ORG_MEMBER_SELF');
    await ok(owner, 'POST', '/org/member/leave', { orgId });
    await refused(owner, 'GET', '/org/info', { orgId }, 'ORG_NOT_FOUND');
    await refused(admin, 'POST', '/org/member/leave', { orgId }, 'ORG_LAST_OWNER');
    // a disabled member sees nothing, and comes back when enabled
    await ok(admin, 'POST', '/org/member/disable', { orgId, userId: third.id });
    await refused(third, 'GET', '/org/info', { orgId }, 'ORG_NOT_FOUND');
    expect((await ok<{ list: unknown[] }>(third, 'GET', '/org/list')).list).toEqual([]);
    await ok(admin, 'POST', '/org/member/enable', { orgId, userId: third.id });
    expect((await ok<Info>(third, 'GET', '/org/info', { orgId })).role.code).toBe('ADMIN');
    await ok(admin, 'POST', '/org/member/remove', { orgId, userId: third.id });
    await refused(third, 'GET', '/org/info', { orgId }, 'ORG_NOT_FOUND');
    await refused(admin, 'POST', '/org/member/remove', { orgId, userId: third.id }, 'ORG_MEMBER_NOT_FOUND');
  });

  it('20 parallel ownership transfers by one owner: one wins, exactly one owner, one audit row', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    const targets = Array.from({ length: 20 }, () => world.fakeUserId());
    for (const target of targets) await world.addMember(orgId, target, 'MEMBER');
    const answers = await Promise.all(targets.map((userId) => call(owner, 'POST', '/org/owner/transfer', { orgId, userId })));
    const codes = answers.map((answer) => answer.errcode);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCode.ORG_PERMISSION_DENIED)).toHaveLength(19);
    const winner = targets[codes.indexOf(0)];
    expect(await world.membersByRole(orgId, 'OWNER')).toEqual([winner]);
    expect(await world.membersByRole(orgId, 'ADMIN')).toEqual([owner.id]);
    const transfers = (await world.auditRows(orgId)).filter((row) => row.action === 'owner.transfer');
    expect(transfers.map((row) => row.target_id)).toEqual([winner]);
  });

  it('20 parallel role changes of one member end in the state the last audit row says, each row chained to the one before', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    const target = world.fakeUserId();
    await world.addMember(orgId, target, 'MEMBER');
    const roles = ['ADMIN', 'BILLING_ADMIN', 'MEMBER', 'OWNER'];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(owner, 'POST', '/org/member/setRole', { orgId, userId: target, roleId: roles[i % roles.length] }),
      ),
    );
    expect(answers.map((answer) => answer.errcode)).toEqual(Array.from({ length: 20 }, () => 0));
    const rows = (await world.auditRows(orgId)).filter((row) => row.action === 'member.setRole');
    expect(rows).toHaveLength(20);
    let roleId = 'MEMBER';
    for (const row of rows) {
      expect((JSON.parse(row.before_json!) as { roleId: string }).roleId).toBe(roleId);
      roleId = (JSON.parse(row.after_json!) as { roleId: string }).roleId;
    }
    const member = await ctx.database.db
      .selectFrom('org_members')
      .select('role_id')
      .where('org_id', '=', orgId)
      .where('user_id', '=', target)
      .executeTakeFirstOrThrow();
    expect(member.role_id).toBe(roleId);
    expect((await world.membersByRole(orgId, 'OWNER')).length).toBeGreaterThanOrEqual(1);
  });

  it('lists members in keyset pages with search and filters, and the audit log newest first in pages', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    const team = await world.department(owner, orgId, 'Team');
    const sub = await world.department(owner, orgId, 'Sub', team);
    const people = [await world.person(), await world.person(), await world.person()];
    for (const [i, person] of people.entries())
      await world.addMember(orgId, person.id, i === 0 ? 'ADMIN' : 'MEMBER', { departmentId: i === 2 ? sub : team });
    for (let i = 0; i < 4; i += 1) await world.addMember(orgId, world.fakeUserId());

    const pages: string[] = [];
    let after: string | null = null;
    do {
      const page: MemberPage = await ok<MemberPage>(owner, 'GET', '/org/member/list', { orgId, pageSize: 3, ...(after ? { after } : {}) });
      pages.push(...page.items.map((item) => item.userId));
      after = page.next;
    } while (after);
    expect(pages).toHaveLength(8);
    expect(new Set(pages).size).toBe(8);
    expect(pages[0]).toBe(owner.id);

    const byName = await ok<MemberPage>(owner, 'GET', '/org/member/list', { orgId, q: people[1]!.username.toUpperCase() });
    expect(byName.items.map((item) => item.username)).toEqual([people[1]!.username]);
    const inTeam = await ok<MemberPage>(owner, 'GET', '/org/member/list', { orgId, departmentId: team });
    expect(inTeam.items.map((item) => item.userId).sort()).toEqual(people.map((person) => person.id).sort());
    const inSub = await ok<MemberPage>(owner, 'GET', '/org/member/list', { orgId, departmentId: sub });
    expect(inSub.items.map((item) => item.userId)).toEqual([people[2]!.id]);
    const admins = await ok<MemberPage>(owner, 'GET', '/org/member/list', { orgId, roleId: 'ADMIN' });
    expect(admins.items.map((item) => item.userId)).toEqual([people[0]!.id]);

    for (const person of people.slice(1))
      await ok(owner, 'POST', '/org/member/setDepartment', { orgId, userId: person.id, departmentId: null });
    const audit: AuditPage['items'] = [];
    let before: string | null = null;
    do {
      const page: AuditPage = await ok<AuditPage>(owner, 'GET', '/org/audit/list', { orgId, pageSize: 2, ...(before ? { before } : {}) });
      audit.push(...page.items);
      before = page.next;
    } while (before);
    expect(audit.map((row) => row.action)).toEqual([
      'member.setDepartment',
      'member.setDepartment',
      'department.create',
      'department.create',
      'org.create',
    ]);
    expect(audit[0]).toMatchObject({
      actorUserId: owner.id,
      targetId: people[2]!.id,
      before: { departmentId: sub },
      after: { departmentId: null },
    });
    expect(audit[0]!.ip).toMatch(/^10\./);
    const filtered = await ok<AuditPage>(owner, 'GET', '/org/audit/list', { orgId, action: 'department.create' });
    expect(filtered.items.map((row) => row.targetId).sort()).toEqual([team, sub].sort());
  });

  it('writes exactly one audit row for each change, of every action, and none for a refused one', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    const other = await world.person();
    await world.addMember(orgId, other.id);
    const leaver = await world.person();
    await world.addMember(orgId, leaver.id);
    let rows = (await world.auditRows(orgId)).length;
    const step = async (who: typeof owner, url: string, input: Record<string, unknown>, action: string) => {
      await ok(who, 'POST', url, { orgId, ...input });
      const after = await world.auditRows(orgId);
      expect(after.length, url).toBe(rows + 1);
      expect(after.at(-1)).toMatchObject({ action, actor_user_id: who.id });
      rows = after.length;
    };
    const refusedStep = async (url: string, input: Record<string, unknown>, error: Parameters<typeof refused>[4]) => {
      await refused(owner, 'POST', url, { orgId, ...input }, error);
      expect((await world.auditRows(orgId)).length, url).toBe(rows);
    };
    await step(owner, '/org/update', { contactEmail: 'ops@example.com' }, 'org.update');
    await step(owner, '/org/department/save', { name: 'Root' }, 'department.create');
    const [root] = (await world.auditRows(orgId)).slice(-1).map((row) => row.target_id);
    await step(owner, '/org/department/save', { name: 'Leaf', parentId: root }, 'department.create');
    const [leaf] = (await world.auditRows(orgId)).slice(-1).map((row) => row.target_id);
    await step(owner, '/org/department/save', { departmentId: leaf, name: 'Leaf 2' }, 'department.update');
    await refusedStep('/org/department/move', { departmentId: root, parentId: leaf }, 'ORG_DEPARTMENT_CYCLE');
    await step(owner, '/org/department/move', { departmentId: leaf, parentId: null }, 'department.move');
    await step(owner, '/org/role/save', { name: 'Helpdesk', permissions: ['devices.read'] }, 'role.create');
    const [role] = (await world.auditRows(orgId)).slice(-1).map((row) => row.target_id);
    await step(owner, '/org/role/save', { roleId: role, name: 'Helpdesk', permissions: ['devices.read', 'members.read'] }, 'role.update');
    await step(owner, '/org/member/setRole', { userId: other.id, roleId: role }, 'member.setRole');
    await refusedStep('/org/role/delete', { roleId: role }, 'ORG_ROLE_IN_USE');
    await step(owner, '/org/member/setDepartment', { userId: other.id, departmentId: root }, 'member.setDepartment');
    await refusedStep('/org/department/delete', { departmentId: root }, 'ORG_DEPARTMENT_NOT_EMPTY');
    await step(owner, '/org/member/disable', { userId: other.id }, 'member.disable');
    await step(owner, '/org/member/enable', { userId: other.id }, 'member.enable');
    await step(owner, '/org/member/setRole', { userId: other.id, roleId: 'MEMBER' }, 'member.setRole');
    await step(owner, '/org/role/delete', { roleId: role }, 'role.delete');
    await step(owner, '/org/department/delete', { departmentId: leaf }, 'department.delete');
    await step(leaver, '/org/member/leave', {}, 'member.leave');
    await refusedStep('/org/member/leave', {}, 'ORG_LAST_OWNER');
    await step(owner, '/org/owner/transfer', { userId: other.id }, 'owner.transfer');
    await step(other, '/org/member/remove', { userId: owner.id }, 'member.remove');
    const actions = new Set((await world.auditRows(orgId)).map((row) => row.action));
    // the invitations' actions: invitations.test.ts; an erased account's: erasure.test.ts; the devices': org-devices.test.ts
    const elsewhere = (action: string) =>
      /^(invitation|deviceGroup|deployCode|device|accessRule)\./.test(action) || ERASURE_ACTIONS.includes(action);
    expect([...actions].sort()).toEqual(ORG_AUDIT_ACTIONS.filter((action) => !elsewhere(action)).sort());
  });

  it('keeps a department a member administers until setRole gives them others (ORG_DEPARTMENT_HAS_ADMINS), even when both race', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    const sales = await world.department(owner, orgId, 'Sales');
    const emea = await world.department(owner, orgId, 'EMEA', sales);
    const apac = await world.department(owner, orgId, 'APAC');
    const lead = await world.person();
    await world.addMember(orgId, lead.id, 'DEPARTMENT_ADMIN', { adminOf: [emea, apac] });
    const rows = (await world.auditRows(orgId)).length;

    for (const locale of ['en', 'fr', 'ko']) {
      const answer = await call(owner, 'POST', '/org/department/delete', { orgId, departmentId: emea }, locale);
      expect([answer.status, answer.errcode, answer.errmsg]).toEqual([
        409,
        ErrorCode.ORG_DEPARTMENT_HAS_ADMINS,
        translate(locale as 'fr', 'errors.orgDepartmentHasAdmins'),
      ]);
    }
    // nor by the admin, inside whose sub-tree it is
    await refused(lead, 'POST', '/org/department/delete', { orgId, departmentId: emea }, 'ORG_DEPARTMENT_HAS_ADMINS');
    expect((await world.auditRows(orgId)).length).toBe(rows);

    // the lead is moved to APAC alone while 20 deletes of EMEA run: each is refused or deletes, once
    const [moved, ...answers] = await Promise.all([
      call(owner, 'POST', '/org/member/setRole', { orgId, userId: lead.id, roleId: 'DEPARTMENT_ADMIN', departmentIds: [apac] }),
      ...Array.from({ length: 20 }, () => call(owner, 'POST', '/org/department/delete', { orgId, departmentId: emea })),
    ]);
    expect(moved?.errcode).toBe(0);
    const codes = answers.map((answer) => answer.errcode);
    expect(codes.filter((code) => ![0, ErrorCode.ORG_DEPARTMENT_HAS_ADMINS, ErrorCode.ORG_DEPARTMENT_NOT_FOUND].includes(code))).toEqual(
      [],
    );
    // after the race it deletes, unless one of the 20 already did: deleted exactly once
    const last = await call(owner, 'POST', '/org/department/delete', { orgId, departmentId: emea });
    expect([0, ErrorCode.ORG_DEPARTMENT_NOT_FOUND]).toContain(last.errcode);
    expect([...codes, last.errcode].filter((code) => code === 0)).toHaveLength(1);

    const admins = await ctx.database.db.selectFrom('org_department_admins').select('department_id').where('org_id', '=', orgId).execute();
    expect(admins.map((row) => row.department_id)).toEqual([apac]);
    const deletes = (await world.auditRows(orgId)).filter((row) => row.action === 'department.delete');
    expect(deletes.map((row) => row.target_id)).toEqual([emea]);
  });

  it('shuts a disabled member out at their next call, their writes racing the disable included, and keeps their history', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    const admin = await world.person();
    await world.addMember(orgId, admin.id, 'ADMIN');
    await ok(admin, 'POST', '/org/update', { orgId, name: 'Renamed by the admin' });

    const [disabled, ...updates] = await Promise.all([
      call(owner, 'POST', '/org/member/disable', { orgId, userId: admin.id }),
      ...Array.from({ length: 20 }, (_, i) => call(admin, 'POST', '/org/update', { orgId, name: `Admin ${i}` })),
    ]);
    expect(disabled?.errcode).toBe(0);
    expect(updates.filter((answer) => ![0, ErrorCode.ORG_NOT_FOUND].includes(answer.errcode))).toEqual([]);
    // each write reads the caller again under the organisation's lock: none lands after the disable
    const rows = await world.auditRows(orgId);
    const disableAt = rows.findIndex((row) => row.action === 'member.disable');
    expect(rows.slice(disableAt + 1).filter((row) => row.actor_user_id === admin.id)).toEqual([]);
    const byAdmin = rows.filter((row) => row.actor_user_id === admin.id);
    expect(byAdmin).toHaveLength(1 + updates.filter((answer) => answer.errcode === 0).length);

    // out of the organisation at once, as a stranger is; their own account is untouched
    await refused(admin, 'GET', '/org/info', { orgId }, 'ORG_NOT_FOUND');
    await refused(admin, 'GET', '/org/member/list', { orgId }, 'ORG_NOT_FOUND');
    expect((await ok<{ list: unknown[] }>(admin, 'GET', '/org/list')).list).toEqual([]);
    expect((await ctx.app.inject({ url: '/user/info', headers: { authorization: admin.token } })).statusCode).toBe(200);

    // the history stays: the membership with its role, and their audit rows under their name
    const members = await ok<MemberPage>(owner, 'GET', '/org/member/list', { orgId, status: 'DISABLED' });
    expect(members.items.map((item) => [item.userId, item.role.id, item.status])).toEqual([[admin.id, 'ADMIN', 'DISABLED']]);
    const audit = await ok<{ items: { actorName: string | null }[] }>(owner, 'GET', '/org/audit/list', {
      orgId,
      actorUserId: admin.id,
      pageSize: 100,
    });
    expect(audit.items.map((item) => item.actorName)).toEqual(byAdmin.map(() => admin.username));

    await ok(owner, 'POST', '/org/member/enable', { orgId, userId: admin.id });
    expect((await ok<Info>(admin, 'GET', '/org/info', { orgId })).role.code).toBe('ADMIN');
  });

  it('keeps the audit log append-only in the database', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    const db = ctx.database.db;
    await expect(sql`UPDATE org_audit_log SET action = 'forged' WHERE org_id = ${orgId}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM org_audit_log WHERE org_id = ${orgId}`.execute(db)).rejects.toThrow(/append-only/);
    expect((await world.auditRows(orgId)).map((row) => row.action)).toEqual(['org.create']);
  });

  it('answers bad input with envelope errors in the caller’s language, never a 500', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    for (const locale of ['fr', 'ja', 'ko', 'zh-CN']) {
      const hidden = await call(await world.person(), 'GET', '/org/info', { orgId }, locale);
      expect([hidden.status, hidden.errcode, hidden.errmsg]).toEqual([
        404,
        ErrorCode.ORG_NOT_FOUND,
        translate(locale as 'fr', 'errors.orgNotFound'),
      ]);
      const last = await call(owner, 'POST', '/org/member/leave', { orgId }, locale);
      expect([last.status, last.errcode, last.errmsg]).toEqual([
        409,
        ErrorCode.ORG_LAST_OWNER,
        translate(locale as 'fr', 'errors.orgLastOwner'),
      ]);
    }
    const bad: Array<[string, Record<string, unknown>]> = [
      ['/org/create', { name: '' }],
      ['/org/create', { name: 'x'.repeat(65) }],
      ['/org/create', { name: 'Acme', logoUrl: 'http://insecure.example/logo.png' }],
      ['/org/create', { name: 'Acme', contactEmail: 'not an email' }],
      ['/org/member/setRole', { orgId, userId: owner.id }],
      ['/org/role/save', { orgId, name: 'Dup', permissions: ['billing', 'billing'] }],
      ['/org/role/save', { orgId, name: 'Odd', permissions: ['root'] }],
      ['/org/department/move', { orgId, departmentId: 'x' }],
    ];
    for (const [url, payload] of bad) {
      const [french, english] = [await call(owner, 'POST', url, payload, 'fr'), await call(owner, 'POST', url, payload, 'en')];
      const where = `${url} ${JSON.stringify(payload)}: ${french.errmsg}`;
      expect([french.status, french.errcode], where).toEqual([400, ErrorCode.VALIDATION_FAILED]);
      expect((french.data as { fields: unknown[] }).fields.length, where).toBeGreaterThan(0);
      expect(french.errmsg, where).not.toBe(english.errmsg);
    }
    const cursor = await call(owner, 'GET', '/org/member/list', { orgId, after: 'yesterday~x' }, 'es');
    expect([cursor.status, cursor.errcode]).toEqual([400, ErrorCode.VALIDATION_FAILED]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/org/create',
      headers: { authorization: owner.token, 'content-type': 'application/json', 'accept-language': 'ja' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errcode: number }).errcode).toBe(ErrorCode.MALFORMED_JSON);
  });
});
