import { ErrorCode, translate } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { toDbDate } from '../../../src/infrastructure/db/dialect';
import { orgAccessFor } from '../../../src/modules/organisations/access-decision';
import { testDialects, useTestApp } from '../../helper';
import { orgWorld, type Person } from './support';

// The organisation's access rules (ADR 0046): the specificity order, table-driven (the nearest
// object wins, then the nearest subject; a sub-tree rule reaches below its own level only when
// it says so), a disabled member, strangers and other organisations, bad input in the caller's
// language, 20 simultaneous creates of one rule, and the audit row of each change.

interface Rule {
  id: string;
  permission: string;
}
interface Explanation {
  permission: string | null;
  ruleId: string | null;
  reason: string;
  rule: Rule | null;
  applying: Rule[];
}
interface Page<T> {
  items: T[];
  next: string | null;
}

type TSubject = 'alice' | 'D1' | 'D2' | 'D3' | 'role';
type TObject = 'X' | 'G1' | 'G2' | 'G3';
interface RuleSpec {
  name: string;
  subject: TSubject;
  object: TObject;
  permission: 'VIEW' | 'CONTROL' | 'MANAGE';
  subjectSubtree?: boolean;
  objectSubtree?: boolean;
}

describe.each(testDialects())('organisation access rules ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const world = orgWorld(ctx);

  async function device(orgId: string, deviceId: string, groupId: string | null, status = 'ACTIVE'): Promise<void> {
    const stamp = toDbDate(new Date());
    await ctx.database.db
      .insertInto('org_devices')
      .values({
        device_id: deviceId,
        org_id: orgId,
        group_id: groupId,
        status,
        device_key: `key-${deviceId}`,
        name: `PC ${deviceId}`,
        client_type: 'WIN',
        deploy_code_id: null,
        enrolled_by: 'installer',
        enrolled_at: stamp,
        decided_by: null,
        decided_at: null,
        updated_at: stamp,
      })
      .execute();
  }

  async function group(owner: Person, orgId: string, name: string, parentId: string | null = null): Promise<string> {
    return (await world.ok<{ id: string }>(owner, 'POST', '/org/deviceGroup/create', { orgId, name, parentId })).id;
  }

  /** Departments D1 > D2 > D3 with alice (MEMBER) in D3; groups G1 > G2 > G3 with device X in G3. */
  async function fleet() {
    const owner = await world.person();
    const alice = await world.person();
    const orgId = await world.createOrg(owner, 'Access');
    const D1 = await world.department(owner, orgId, 'D1');
    const D2 = await world.department(owner, orgId, 'D2', D1);
    const D3 = await world.department(owner, orgId, 'D3', D2);
    await world.addMember(orgId, alice.id, 'MEMBER', { departmentId: D3 });
    const G1 = await group(owner, orgId, 'G1');
    const G2 = await group(owner, orgId, 'G2', G1);
    const G3 = await group(owner, orgId, 'G3', G2);
    const X = `dev-${orgId}`;
    await device(orgId, X, G3);
    const subjects: Record<TSubject, { type: string; id: string }> = {
      alice: { type: 'MEMBER', id: alice.id },
      D1: { type: 'DEPARTMENT', id: D1 },
      D2: { type: 'DEPARTMENT', id: D2 },
      D3: { type: 'DEPARTMENT', id: D3 },
      role: { type: 'ROLE', id: 'MEMBER' },
    };
    const objects: Record<TObject, { type: string; id: string }> = {
      X: { type: 'DEVICE', id: X },
      G1: { type: 'GROUP', id: G1 },
      G2: { type: 'GROUP', id: G2 },
      G3: { type: 'GROUP', id: G3 },
    };
    return { owner, alice, orgId, X, subjects, objects, D1, G1, G3 };
  }

  const CASES: Array<[string, RuleSpec[], string | null]> = [
    ['no rule, no access', [], null],
    [
      'the member beats the role',
      [
        { name: 'role', subject: 'role', object: 'X', permission: 'MANAGE' },
        { name: 'member', subject: 'alice', object: 'X', permission: 'VIEW' },
      ],
      'member',
    ],
    [
      'the department beats the role',
      [
        { name: 'role', subject: 'role', object: 'X', permission: 'MANAGE' },
        { name: 'dept', subject: 'D3', object: 'X', permission: 'CONTROL' },
      ],
      'dept',
    ],
    [
      'the member beats the department',
      [
        { name: 'dept', subject: 'D3', object: 'X', permission: 'MANAGE' },
        { name: 'member', subject: 'alice', object: 'X', permission: 'VIEW' },
      ],
      'member',
    ],
    [
      'the device beats its group, whoever the subject',
      [
        { name: 'group', subject: 'alice', object: 'G3', permission: 'MANAGE' },
        { name: 'device', subject: 'role', object: 'X', permission: 'VIEW' },
      ],
      'device',
    ],
    ['the device’s own group applies without sub-tree', [{ name: 'own', subject: 'alice', object: 'G3', permission: 'CONTROL' }], 'own'],
    [
      'a group two levels up without sub-tree does not reach',
      [{ name: 'top', subject: 'alice', object: 'G1', permission: 'MANAGE' }],
      null,
    ],
    [
      'a group two levels up with sub-tree reaches',
      [{ name: 'top', subject: 'alice', object: 'G1', permission: 'MANAGE', objectSubtree: true }],
      'top',
    ],
    [
      'the nearer group beats the farther one',
      [
        { name: 'far', subject: 'alice', object: 'G1', permission: 'VIEW', objectSubtree: true },
        { name: 'near', subject: 'role', object: 'G2', permission: 'MANAGE', objectSubtree: true },
      ],
      'near',
    ],
    ['a department above without sub-tree does not reach', [{ name: 'd2', subject: 'D2', object: 'X', permission: 'MANAGE' }], null],
    [
      'a deeper department rule beats a shallower one',
      [
        { name: 'd1', subject: 'D1', object: 'X', permission: 'MANAGE', subjectSubtree: true },
        { name: 'd2', subject: 'D2', object: 'X', permission: 'VIEW', subjectSubtree: true },
      ],
      'd2',
    ],
    [
      'the object decides before the subject: the role on the device beats the member on a group',
      [
        { name: 'member-group', subject: 'alice', object: 'G3', permission: 'VIEW' },
        { name: 'dept-group', subject: 'D3', object: 'G2', permission: 'CONTROL', objectSubtree: true },
        { name: 'role-device', subject: 'role', object: 'X', permission: 'MANAGE' },
      ],
      'role-device',
    ],
  ];

  it('the most specific rule wins, for every row of the table; explain, whoCanReach, memberReach and orgAccessFor agree', async () => {
    const { owner, alice, orgId, X, subjects, objects } = await fleet();
    const got: string[] = [];
    const expected: string[] = [];
    for (const [title, specs, winner] of CASES) {
      await ctx.database.db.deleteFrom('org_access_rules').where('org_id', '=', orgId).execute();
      const ids = new Map<string, Rule>();
      for (const spec of specs) {
        const rule = await world.ok<Rule>(owner, 'POST', '/org/accessRule/create', {
          orgId,
          subject: { ...subjects[spec.subject], subtree: spec.subjectSubtree ?? false },
          object: { ...objects[spec.object], subtree: spec.objectSubtree ?? false },
          permission: spec.permission,
        });
        ids.set(spec.name, rule);
      }
      const explained = await world.ok<Explanation>(owner, 'GET', '/org/access/explain', { orgId, deviceId: X, userId: alice.id });
      const name = [...ids].find(([, rule]) => rule.id === explained.ruleId)?.[0] ?? null;
      got.push(`${title}: ${name} ${explained.permission} ${explained.reason}`);
      const want = winner === null ? null : ids.get(winner)!;
      expected.push(`${title}: ${winner} ${want?.permission ?? null} ${winner === null ? 'NO_RULE' : 'RULE'}`);
      expect(explained.rule?.id ?? null).toBe(want?.id ?? null);
      expect(explained.applying[0]?.id ?? null).toBe(want?.id ?? null);

      const decided = await orgAccessFor(ctx.database.db, { orgId, userId: alice.id, deviceId: X });
      expect(decided?.ruleId ?? null).toBe(want?.id ?? null);
      const who = await world.ok<Page<{ userId: string; ruleId: string }>>(owner, 'GET', '/org/access/whoCanReach', { orgId, deviceId: X });
      expect(who.items.find((item) => item.userId === alice.id)?.ruleId ?? null).toBe(want?.id ?? null);
      const reach = await world.ok<Page<{ deviceId: string; ruleId: string }>>(owner, 'GET', '/org/access/memberReach', {
        orgId,
        userId: alice.id,
      });
      expect(reach.items.map((item) => [item.deviceId, item.ruleId])).toEqual(want ? [[X, want.id]] : []);
    }
    expect(got).toEqual(expected);
    expect(got).toHaveLength(12);
  });

  it('a disabled member reaches nothing, and a device waiting for approval is reached by nobody', async () => {
    const { owner, alice, orgId, X, subjects, objects, G3 } = await fleet();
    await world.ok(owner, 'POST', '/org/accessRule/create', { orgId, subject: subjects.alice, object: objects.X, permission: 'MANAGE' });
    const pending = `pending-${orgId}`;
    await device(orgId, pending, G3, 'PENDING');
    await world.ok(owner, 'POST', '/org/accessRule/create', {
      orgId,
      subject: subjects.alice,
      object: { type: 'DEVICE', id: pending },
      permission: 'MANAGE',
    });
    expect((await world.ok<Explanation>(owner, 'GET', '/org/access/explain', { orgId, deviceId: X, userId: alice.id })).permission).toBe(
      'MANAGE',
    );
    const waiting = await world.ok<Explanation>(owner, 'GET', '/org/access/explain', { orgId, deviceId: pending, userId: alice.id });
    expect([waiting.permission, waiting.reason]).toEqual([null, 'DEVICE_NOT_ACTIVE']);

    await world.ok(owner, 'POST', '/org/member/disable', { orgId, userId: alice.id });
    const disabled = await world.ok<Explanation>(owner, 'GET', '/org/access/explain', { orgId, deviceId: X, userId: alice.id });
    expect([disabled.permission, disabled.ruleId, disabled.reason]).toEqual([null, null, 'MEMBER_DISABLED']);
    expect(disabled.applying).toHaveLength(1);
    expect((await world.ok<Page<unknown>>(owner, 'GET', '/org/access/memberReach', { orgId, userId: alice.id })).items).toEqual([]);
    expect((await world.ok<Page<unknown>>(owner, 'GET', '/org/access/whoCanReach', { orgId, deviceId: X })).items).toEqual([]);
    expect((await orgAccessFor(ctx.database.db, { orgId, userId: alice.id, deviceId: X }))?.permission).toBeNull();
  });

  it('explain, whoCanReach and memberReach answer rules and members: a custom role with devices.read alone is refused them', async () => {
    const a = await fleet();
    const helpdesk = await world.person();
    const role = await world.ok<{ id: string }>(a.owner, 'POST', '/org/role/save', {
      orgId: a.orgId,
      name: 'Helpdesk',
      permissions: ['devices.read'],
    });
    await world.addMember(a.orgId, helpdesk.id, role.id);
    await world.ok(a.owner, 'POST', '/org/accessRule/create', {
      orgId: a.orgId,
      subject: a.subjects.alice,
      object: a.objects.X,
      permission: 'CONTROL',
    });
    // the devices are theirs to read
    await world.ok(helpdesk, 'GET', '/org/device/list', { orgId: a.orgId });
    // the rules, and who reaches what by them, are not (as /org/accessRule/list and /org/member/list are not)
    for (const [url, input] of [
      ['/org/accessRule/list', { orgId: a.orgId }],
      ['/org/access/explain', { orgId: a.orgId, deviceId: a.X, userId: a.alice.id }],
      ['/org/access/whoCanReach', { orgId: a.orgId, deviceId: a.X }],
      ['/org/access/memberReach', { orgId: a.orgId, userId: a.alice.id }],
    ] as const) {
      const answer = await world.call(helpdesk, 'GET', url, input, 'es');
      expect([url, answer.status, answer.errcode]).toEqual([url, 403, ErrorCode.ORG_PERMISSION_DENIED]);
      expect(answer.errmsg).toBe(translate('es', 'errors.orgPermissionDenied'));
    }
    // with access.manage added, all three answer
    await world.ok(a.owner, 'POST', '/org/role/save', {
      orgId: a.orgId,
      roleId: role.id,
      name: 'Helpdesk',
      permissions: ['devices.read', 'access.manage'],
    });
    const who = await world.ok<{ items: { userId: string; permission: string }[] }>(helpdesk, 'GET', '/org/access/whoCanReach', {
      orgId: a.orgId,
      deviceId: a.X,
    });
    expect(who.items).toEqual([expect.objectContaining({ userId: a.alice.id, permission: 'CONTROL' })]);
  });

  it('a stranger gets ORG_NOT_FOUND, a plain member ORG_PERMISSION_DENIED; another organisation’s device, member or rule is not found', async () => {
    const a = await fleet();
    const b = await fleet();
    const stranger = await world.person();
    const rule = await world.ok<Rule>(a.owner, 'POST', '/org/accessRule/create', {
      orgId: a.orgId,
      subject: a.subjects.alice,
      object: a.objects.X,
      permission: 'VIEW',
    });
    await world.refused(stranger, 'GET', '/org/access/explain', { orgId: a.orgId, deviceId: a.X, userId: a.alice.id }, 'ORG_NOT_FOUND');
    await world.refused(stranger, 'GET', '/org/accessRule/list', { orgId: a.orgId }, 'ORG_NOT_FOUND');
    await world.refused(a.alice, 'POST', '/org/accessRule/delete', { orgId: a.orgId, ruleId: rule.id }, 'ORG_PERMISSION_DENIED');
    // b's owner names a's device, member and rule inside b
    const inB = { orgId: b.orgId };
    await world.refused(b.owner, 'GET', '/org/access/explain', { ...inB, deviceId: a.X, userId: b.alice.id }, 'ORG_DEVICE_NOT_FOUND');
    await world.refused(b.owner, 'GET', '/org/access/explain', { ...inB, deviceId: b.X, userId: a.alice.id }, 'ORG_MEMBER_NOT_FOUND');
    await world.refused(b.owner, 'GET', '/org/access/whoCanReach', { ...inB, deviceId: a.X }, 'ORG_DEVICE_NOT_FOUND');
    await world.refused(b.owner, 'GET', '/org/access/memberReach', { ...inB, userId: a.alice.id }, 'ORG_MEMBER_NOT_FOUND');
    await world.refused(
      b.owner,
      'POST',
      '/org/accessRule/create',
      { ...inB, subject: b.subjects.alice, object: a.objects.X, permission: 'VIEW' },
      'ORG_DEVICE_NOT_FOUND',
    );
    await world.refused(
      b.owner,
      'POST',
      '/org/accessRule/create',
      { ...inB, subject: a.subjects.D1, object: b.objects.X, permission: 'VIEW' },
      'ORG_DEPARTMENT_NOT_FOUND',
    );
    await world.refused(
      b.owner,
      'POST',
      '/org/accessRule/create',
      { ...inB, subject: b.subjects.alice, object: a.objects.G1, permission: 'VIEW' },
      'ORG_DEVICE_GROUP_NOT_FOUND',
    );
    await world.refused(
      b.owner,
      'POST',
      '/org/accessRule/update',
      { ...inB, ruleId: rule.id, permission: 'MANAGE' },
      'ORG_ACCESS_RULE_NOT_FOUND',
    );
    await world.refused(b.owner, 'POST', '/org/accessRule/delete', { ...inB, ruleId: rule.id }, 'ORG_ACCESS_RULE_NOT_FOUND');
    expect((await world.ok<Page<Rule>>(b.owner, 'GET', '/org/accessRule/list', inB)).items).toEqual([]);
    expect(
      (await world.ok<Page<Rule>>(a.owner, 'GET', '/org/accessRule/list', { orgId: a.orgId })).items.map((item) => item.permission),
    ).toEqual(['VIEW']);
  });

  it('answers bad input with envelope errors in the caller’s language, never a 500', async () => {
    const { owner, orgId, subjects, objects } = await fleet();
    const cases: Array<[string, 'GET' | 'POST', string, Record<string, unknown>]> = [
      ['fr', 'POST', '/org/accessRule/create', { orgId, subject: subjects.alice, object: objects.X, permission: 'ROOT' }],
      [
        'ja',
        'POST',
        '/org/accessRule/create',
        { orgId, subject: { ...subjects.alice, subtree: true }, object: objects.X, permission: 'VIEW' },
      ],
      [
        'es',
        'POST',
        '/org/accessRule/create',
        { orgId, subject: subjects.alice, object: { ...objects.X, subtree: true }, permission: 'VIEW' },
      ],
      ['ko', 'POST', '/org/accessRule/create', { orgId, subject: { type: 'TEAM', id: 'x' }, object: objects.X, permission: 'VIEW' }],
      ['zh-CN', 'GET', '/org/accessRule/list', { orgId, subjectType: 'MEMBER' }],
      ['zh-tw', 'GET', '/org/accessRule/list', { orgId, before: 'yesterday' }],
      ['fr', 'GET', '/org/access/whoCanReach', { orgId, deviceId: objects.X.id, pageSize: 0 }],
      ['ja', 'GET', '/org/access/explain', { orgId, deviceId: objects.X.id }],
    ];
    for (const [locale, method, url, input] of cases) {
      const answer = await world.call(owner, method, url, input, locale);
      expect(answer.status, `${url} ${JSON.stringify(input)}`).toBe(400);
      expect(answer.errcode).toBe(ErrorCode.VALIDATION_FAILED);
      expect(answer.errmsg).not.toBe(translate('en', 'errors.validationFailed'));
    }
    const rule = await world.ok<Rule>(owner, 'POST', '/org/accessRule/create', {
      orgId,
      subject: subjects.alice,
      object: objects.X,
      permission: 'VIEW',
    });
    const subtreeOnMember = await world.call(
      owner,
      'POST',
      '/org/accessRule/update',
      { orgId, ruleId: rule.id, permission: 'VIEW', subjectSubtree: true },
      'ko',
    );
    expect([subtreeOnMember.status, subtreeOnMember.errcode]).toEqual([400, ErrorCode.VALIDATION_FAILED]);
    const again = await world.call(
      owner,
      'POST',
      '/org/accessRule/create',
      { orgId, subject: subjects.alice, object: objects.X, permission: 'MANAGE' },
      'fr',
    );
    expect([again.status, again.errcode, again.errmsg]).toEqual([
      409,
      ErrorCode.ORG_ACCESS_RULE_DUPLICATE,
      translate('fr', 'errors.orgAccessRuleDuplicate'),
    ]);
    const gone = await world.call(owner, 'POST', '/org/accessRule/delete', { orgId, ruleId: 'NOPE' }, 'zh-tw');
    expect([gone.status, gone.errcode, gone.errmsg]).toEqual([
      404,
      ErrorCode.ORG_ACCESS_RULE_NOT_FOUND,
      translate('zh-tw', 'errors.orgAccessRuleNotFound'),
    ]);
  });

  it('whoCanReach and memberReach page by id, and leave out who and what is not reached', async () => {
    const { owner, alice, orgId, X, subjects, objects, D1, G3 } = await fleet();
    const inD3 = [alice.id];
    for (let i = 0; i < 4; i++) {
      const id = world.fakeUserId();
      inD3.push(id);
      await world.addMember(orgId, id, 'MEMBER', { departmentId: subjects.D3.id });
    }
    // a member of D1 only: the D3 rule does not reach up the tree
    await world.addMember(orgId, world.fakeUserId(), 'MEMBER', { departmentId: D1 });
    await world.ok(owner, 'POST', '/org/accessRule/create', { orgId, subject: subjects.D3, object: objects.G3, permission: 'CONTROL' });
    const pages: string[][] = [];
    let after: string | undefined;
    do {
      const page = await world.ok<Page<{ userId: string; permission: string }>>(owner, 'GET', '/org/access/whoCanReach', {
        orgId,
        deviceId: X,
        pageSize: 2,
        ...(after ? { after } : {}),
      });
      expect(page.items.every((item) => item.permission === 'CONTROL')).toBe(true);
      pages.push(page.items.map((item) => item.userId));
      after = page.next ?? undefined;
    } while (after !== undefined);
    expect(pages.flat()).toEqual([...inD3].sort());
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    // a page that holds exactly the rest says there is no next one (no empty page to ask for)
    const whole = await world.ok<Page<{ userId: string }>>(owner, 'GET', '/org/access/whoCanReach', { orgId, deviceId: X, pageSize: 5 });
    expect([whole.items.length, whole.next]).toEqual([5, null]);
    const lastTwo = await world.ok<Page<{ userId: string }>>(owner, 'GET', '/org/access/whoCanReach', {
      orgId,
      deviceId: X,
      pageSize: 3,
      after: pages[0]!.at(-1)!,
    });
    expect([lastTwo.items.map((item) => item.userId), lastTwo.next]).toEqual([[...pages[1]!, ...pages[2]!], null]);

    const devices = [X];
    for (let i = 0; i < 2; i++) {
      devices.push(`more-${i}-${orgId}`);
      await device(orgId, devices.at(-1)!, G3);
    }
    await device(orgId, `elsewhere-${orgId}`, null);
    const first = await world.ok<Page<{ deviceId: string }>>(owner, 'GET', '/org/access/memberReach', {
      orgId,
      userId: alice.id,
      pageSize: 2,
    });
    const second = await world.ok<Page<{ deviceId: string }>>(owner, 'GET', '/org/access/memberReach', {
      orgId,
      userId: alice.id,
      pageSize: 2,
      after: first.next!,
    });
    expect(first.items).toHaveLength(2);
    expect([...first.items, ...second.items].map((item) => item.deviceId)).toEqual([...devices].sort());
    expect(second.next).toBeNull();
    const all = await world.ok<Page<{ deviceId: string }>>(owner, 'GET', '/org/access/memberReach', {
      orgId,
      userId: alice.id,
      pageSize: 3,
    });
    expect([all.items.length, all.next]).toEqual([3, null]);
  });

  it('20 simultaneous creates of one rule make exactly one, the others ORG_ACCESS_RULE_DUPLICATE, with one audit row', async () => {
    const { owner, orgId, subjects, objects } = await fleet();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        world.call(owner, 'POST', '/org/accessRule/create', {
          orgId,
          subject: subjects.D3,
          object: objects.G3,
          permission: (['VIEW', 'CONTROL', 'MANAGE'] as const)[i % 3],
        }),
      ),
    );
    expect(answers.filter((answer) => answer.errcode === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errcode === ErrorCode.ORG_ACCESS_RULE_DUPLICATE)).toHaveLength(19);
    const rows = await ctx.database.db.selectFrom('org_access_rules').selectAll().where('org_id', '=', orgId).execute();
    expect(rows).toHaveLength(1);
    const audit = (await world.auditRows(orgId)).filter((row) => row.action === 'accessRule.create');
    expect(audit.map((row) => row.target_id)).toEqual([rows[0]!.id]);
  });

  it('update and delete write one audit row each; the list pages newest first and filters by subject and by object', async () => {
    const { owner, orgId, subjects, objects } = await fleet();
    const made: Rule[] = [];
    for (const subject of ['alice', 'D1', 'D2', 'D3', 'role'] as const)
      made.push(
        await world.ok<Rule>(owner, 'POST', '/org/accessRule/create', {
          orgId,
          subject: subjects[subject],
          object: objects.G3,
          permission: 'VIEW',
        }),
      );
    made.push(
      await world.ok<Rule>(owner, 'POST', '/org/accessRule/create', {
        orgId,
        subject: subjects.alice,
        object: objects.X,
        permission: 'VIEW',
      }),
    );

    const first = await world.ok<Page<Rule>>(owner, 'GET', '/org/accessRule/list', { orgId, pageSize: 4 });
    const second = await world.ok<Page<Rule>>(owner, 'GET', '/org/accessRule/list', { orgId, pageSize: 4, before: first.next! });
    expect([...first.items, ...second.items].map((rule) => rule.id)).toEqual(made.map((rule) => rule.id).reverse());
    expect(second.next).toBeNull();
    const ofAlice = await world.ok<Page<Rule>>(owner, 'GET', '/org/accessRule/list', {
      orgId,
      subjectType: 'MEMBER',
      subjectId: subjects.alice.id,
    });
    expect(ofAlice.items.map((rule) => rule.id)).toEqual([made[5]!.id, made[0]!.id]);
    const onX = await world.ok<Page<Rule>>(owner, 'GET', '/org/accessRule/list', { orgId, objectType: 'DEVICE', objectId: objects.X.id });
    expect(onX.items.map((rule) => rule.id)).toEqual([made[5]!.id]);

    const changed = await world.ok<Rule & { subject: { subtree: boolean } }>(owner, 'POST', '/org/accessRule/update', {
      orgId,
      ruleId: made[1]!.id,
      permission: 'MANAGE',
      subjectSubtree: true,
    });
    expect([changed.permission, changed.subject.subtree]).toEqual(['MANAGE', true]);
    await world.ok(owner, 'POST', '/org/accessRule/delete', { orgId, ruleId: made[2]!.id });
    const audit = await world.auditRows(orgId);
    const update = audit.filter((row) => row.action === 'accessRule.update');
    expect(update.map((row) => [row.target_type, row.target_id, JSON.parse(row.before_json!), JSON.parse(row.after_json!)])).toEqual([
      [
        'accessRule',
        made[1]!.id,
        { permission: 'VIEW', subjectSubtree: false, objectSubtree: false },
        { permission: 'MANAGE', subjectSubtree: true, objectSubtree: false },
      ],
    ]);
    const deleted = audit.filter((row) => row.action === 'accessRule.delete');
    expect(deleted.map((row) => [row.target_id, row.after_json])).toEqual([[made[2]!.id, null]]);
    expect(audit.filter((row) => row.action === 'accessRule.create')).toHaveLength(6);
    expect(
      await ctx.database.db.selectFrom('org_access_rules').select('id').where('id', '=', made[2]!.id).executeTakeFirst(),
    ).toBeUndefined();
  });
});
