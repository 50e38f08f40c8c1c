import { BUILT_IN_ORG_ROLES, ErrorCode, ORG_BUILT_IN_ROLE_CODES, type TOrgBuiltInRoleCode } from '@llk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORG_ROUTES } from '../../../src/modules/organisations';
import { listBuiltInRoles } from '../../../src/modules/organisations/organisations.repository';
import { testDialects, useTestApp } from '../../helper';
import { type Answer, orgWorld, type Person } from './support';

// Every /org/* route × every built-in role, a disabled member and a stranger, with what each may
// do derived from BUILT_IN_ORG_ROLES (as the staff matrix is from ROLE_PERMISSIONS). Allowed calls
// name ids that do not exist, so they change nothing and answer the route's own "not found";
// /org/member/leave goes last for each caller.

type TCaller = TOrgBuiltInRoleCode | 'DISABLED' | 'STRANGER';
const NOPE = '01NOPE0000000000000000000';

function input(route: string, orgId: string): Record<string, unknown> {
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /org/create': { name: 'Matrix spin-off' },
    'GET /org/list': {},
    'POST /org/update': { orgId, name: 'Matrix' },
    'GET /org/member/list': { orgId },
    'POST /org/member/setRole': { orgId, userId: NOPE, roleId: 'MEMBER' },
    'POST /org/member/setDepartment': { orgId, userId: NOPE, departmentId: null },
    'POST /org/member/disable': { orgId, userId: NOPE },
    'POST /org/member/enable': { orgId, userId: NOPE },
    'POST /org/member/remove': { orgId, userId: NOPE },
    'POST /org/owner/transfer': { orgId, userId: NOPE },
    'POST /org/role/save': { orgId, roleId: NOPE, name: 'Nope', permissions: [] },
    'POST /org/role/delete': { orgId, roleId: NOPE },
    'POST /org/department/save': { orgId, departmentId: NOPE, name: 'Nope' },
    'POST /org/department/move': { orgId, departmentId: NOPE, parentId: null },
    'POST /org/department/delete': { orgId, departmentId: NOPE },
    'POST /org/invitation/create': { orgId, channel: 'EMAIL', target: 'matrix@example.com', roleId: NOPE },
    'POST /org/invitation/resend': { orgId, invitationId: NOPE },
    'POST /org/invitation/revoke': { orgId, invitationId: NOPE },
    'POST /org/invitation/import': { orgId, csv: `email,role\nmatrix@example.com,${NOPE}` },
    'GET /org/invitation/preview': { token: NOPE },
    'POST /org/invitation/accept': { token: NOPE },
    'POST /org/deviceGroup/create': { orgId, parentId: NOPE, name: 'Nope' },
    'POST /org/deviceGroup/update': { orgId, groupId: NOPE, name: 'Nope' },
    'POST /org/deviceGroup/move': { orgId, groupId: NOPE, parentId: null },
    'POST /org/deviceGroup/delete': { orgId, groupId: NOPE },
    'POST /org/deployCode/create': { orgId, name: 'Nope', groupId: NOPE, expiresInHours: 1 },
    'POST /org/deployCode/revoke': { orgId, deployCodeId: NOPE },
    'POST /org/device/approve': { orgId, deviceId: NOPE },
    'POST /org/device/reject': { orgId, deviceId: NOPE },
    'POST /org/accessRule/create': {
      orgId,
      subject: { type: 'ROLE', id: 'MEMBER' },
      object: { type: 'DEVICE', id: NOPE },
      permission: 'VIEW',
    },
    'POST /org/accessRule/update': { orgId, ruleId: NOPE, permission: 'VIEW' },
    'POST /org/accessRule/delete': { orgId, ruleId: NOPE },
    'GET /org/access/explain': { orgId, deviceId: NOPE, userId: NOPE },
    'GET /org/access/whoCanReach': { orgId, deviceId: NOPE },
    'GET /org/access/memberReach': { orgId, userId: NOPE },
  };
  return bodies[route] ?? { orgId };
}

const CALLERS = ['OWNER', 'ADMIN', 'BILLING_ADMIN', 'DEPARTMENT_ADMIN', 'MEMBER', 'DISABLED', 'STRANGER'] as const;

function allowed(caller: TCaller, need: string): boolean {
  if (need === 'signedIn' || need === 'public') return true;
  if (caller === 'DISABLED' || caller === 'STRANGER') return false;
  if (need === 'member') return true;
  if (need === 'owner') return caller === 'OWNER';
  return (BUILT_IN_ORG_ROLES[caller].permissions as readonly string[]).includes(need);
}

/** A stranger or a disabled member: not found; a member without the need: denied (403); else the route's own answer. */
function expectedOutcome(caller: TCaller, need: string): 'allowed' | 'ORG_NOT_FOUND 404' | 'ORG_PERMISSION_DENIED 403' {
  if (allowed(caller, need)) return 'allowed';
  return caller === 'DISABLED' || caller === 'STRANGER' ? 'ORG_NOT_FOUND 404' : 'ORG_PERMISSION_DENIED 403';
}

function outcomeOf(answer: Answer): string {
  if (answer.status >= 500) return `${answer.status} ${answer.errmsg}`;
  if (answer.errcode === ErrorCode.ORG_NOT_FOUND) return `ORG_NOT_FOUND ${answer.status}`;
  if (answer.errcode === ErrorCode.ORG_PERMISSION_DENIED) return `ORG_PERMISSION_DENIED ${answer.status}`;
  return 'allowed';
}

describe.each(testDialects())('organisation role matrix ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const world = orgWorld(ctx);

  it('the built-in role rows carry the permissions of BUILT_IN_ORG_ROLES', async () => {
    const rows = await listBuiltInRoles(ctx.database.db);
    expect(rows.map((row) => row.id).sort()).toEqual([...ORG_BUILT_IN_ROLE_CODES].sort());
    for (const row of rows) {
      const code = row.code as TOrgBuiltInRoleCode;
      expect(row.id).toBe(code);
      expect([...(JSON.parse(row.permissions) as string[])].sort(), code).toEqual([...BUILT_IN_ORG_ROLES[code].permissions].sort());
    }
  });

  it('documents exactly the routes of ORG_ROUTES', async () => {
    const res = await ctx.app.inject({ url: '/openapi.json' });
    const paths = (res.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    const documented = Object.entries(paths)
      .filter(([path]) => path.startsWith('/org/'))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(Object.keys(ORG_ROUTES).sort());
  });

  it('edits and deletes a custom role only when the caller holds every permission it has or would get', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner, 'Roles');
    const { id: settingsOnly } = await world.ok<{ id: string }>(owner, 'POST', '/org/role/save', {
      orgId,
      name: 'Settings only',
      permissions: ['settings'],
    });
    const callers: Array<[string, Person, readonly string[]]> = [
      ['OWNER', owner, BUILT_IN_ORG_ROLES.OWNER.permissions],
      ['ADMIN', await world.person(), BUILT_IN_ORG_ROLES.ADMIN.permissions],
      ['Settings only', await world.person(), ['settings']],
    ];
    await world.addMember(orgId, callers[1]![1].id, 'ADMIN');
    await world.addMember(orgId, callers[2]![1].id, settingsOnly);
    const targets: Array<[string, string[]]> = [
      ['Payer', ['billing', 'members.read']],
      ['Helpdesk', ['members.manage']],
      ['Empty', []],
    ];
    const roleRow = (roleId: string) =>
      ctx.database.db.selectFrom('org_roles').select(['name', 'permissions']).where('id', '=', roleId).executeTakeFirst();
    const auditCount = async () => (await world.auditRows(orgId)).length;

    const expected: string[] = [];
    const got: string[] = [];
    for (const [callerName, caller, held] of callers) {
      for (const [targetName, permissions] of targets) {
        const within = permissions.every((permission) => held.includes(permission));
        const made = await world.ok<{ id: string }>(owner, 'POST', '/org/role/save', {
          orgId,
          name: `${targetName} for ${callerName}`,
          permissions,
        });
        const before = await roleRow(made.id);
        const rows = await auditCount();
        const outcome = (answer: Answer) =>
          answer.errcode === 0 ? 'ok' : answer.errcode === ErrorCode.ORG_ROLE_TOO_HIGH ? 'TOO_HIGH' : answer.errmsg;
        const attempts: Array<[string, Record<string, unknown>, boolean]> = [
          ['rename', { roleId: made.id, name: `${targetName} by ${callerName}`, permissions }, within],
          ['strip', { roleId: made.id, name: `${targetName} stripped by ${callerName}`, permissions: [] }, within],
          [
            'add billing',
            { roleId: made.id, name: `${targetName} paid by ${callerName}`, permissions: ['billing'] },
            within && held.includes('billing'),
          ],
        ];
        for (const [what, change, allowedHere] of attempts) {
          if (what !== 'rename' && !within) continue;
          expected.push(`${callerName} ${what} ${targetName} → ${allowedHere ? 'ok' : 'TOO_HIGH'}`);
          got.push(
            `${callerName} ${what} ${targetName} → ${outcome(await world.call(caller, 'POST', '/org/role/save', { orgId, ...change }))}`,
          );
        }
        if (!within) {
          // refused: the role and the log are as they were, and it does not delete either
          expect(await roleRow(made.id)).toEqual(before);
          expect(await auditCount()).toBe(rows);
          const answers = await Promise.all(
            Array.from({ length: 20 }, () => world.call(caller, 'POST', '/org/role/delete', { orgId, roleId: made.id })),
          );
          expect(answers.map(outcome)).toEqual(Array.from({ length: 20 }, () => 'TOO_HIGH'));
          expect(await roleRow(made.id)).toEqual(before);
          expect(await auditCount()).toBe(rows);
          continue;
        }
        expected.push(`${callerName} delete ${targetName} → ok`);
        got.push(
          `${callerName} delete ${targetName} → ${outcome(await world.call(caller, 'POST', '/org/role/delete', { orgId, roleId: made.id }))}`,
        );
        expect(await roleRow(made.id)).toBeUndefined();
      }
    }
    expect(got).toEqual(expected);
    // the admin and the settings-only member were refused the billing role, the latter the helpdesk too
    expect(expected.filter((line) => line.endsWith('TOO_HIGH'))).toEqual([
      'ADMIN rename Payer → TOO_HIGH',
      'ADMIN add billing Helpdesk → TOO_HIGH',
      'ADMIN add billing Empty → TOO_HIGH',
      'Settings only rename Payer → TOO_HIGH',
      'Settings only rename Helpdesk → TOO_HIGH',
      'Settings only add billing Empty → TOO_HIGH',
    ]);
  });

  describe('walks every route for every caller', () => {
    let orgId = '';
    const callers = new Map<TCaller, Person>();
    const counts = { allowed: 0, 'ORG_PERMISSION_DENIED 403': 0, 'ORG_NOT_FOUND 404': 0 };

    beforeAll(async () => {
      const owner = await world.person();
      callers.set('OWNER', owner);
      orgId = await world.createOrg(owner, 'Matrix');
      const departmentId = await world.department(owner, orgId, 'Sales');
      for (const caller of ['ADMIN', 'BILLING_ADMIN', 'DEPARTMENT_ADMIN', 'MEMBER', 'DISABLED', 'STRANGER'] as const) {
        const person = await world.person();
        callers.set(caller, person);
        if (caller === 'STRANGER') continue;
        if (caller === 'DISABLED') await world.addMember(orgId, person.id, 'ADMIN', { status: 'DISABLED' });
        else
          await world.addMember(orgId, person.id, caller, {
            departmentId,
            ...(caller === 'DEPARTMENT_ADMIN' ? { adminOf: [departmentId] } : {}),
          });
      }
    });

    const order = Object.entries(ORG_ROUTES).sort(
      ([a], [b]) => Number(a === 'POST /org/member/leave') - Number(b === 'POST /org/member/leave'),
    );

    it.each(CALLERS)('%s', async (caller) => {
      const person = callers.get(caller)!;
      const expected: string[] = [];
      const got: string[] = [];
      for (const [route, need] of order) {
        const [method, url] = route.split(' ') as ['GET' | 'POST', string];
        const answer = await world.call(person, method, url, input(route, orgId));
        expected.push(`${route} → ${expectedOutcome(caller, need)}`);
        got.push(`${route} → ${outcomeOf(answer)}`);
      }
      expect(got).toEqual(expected);
      for (const line of expected) counts[line.split(' → ')[1] as keyof typeof counts] += 1;
    });

    it('covered every route for every caller', () => {
      expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(Object.keys(ORG_ROUTES).length * 7);
      console.info(`org role matrix (${dialect}): ${JSON.stringify(counts)}`);
    });
  });
});
