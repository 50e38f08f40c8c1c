import { ErrorCode, translate, type TLocale } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { eraseAccount } from '../../../src/flows/account-erasure';
import { signUp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { body, codeFor, post } from '../profile/support';
import { orgWorld, type Person } from './support';

// An account and its organisations (ADR 0043, "An erased account"): cancelling is refused while
// the account is an organisation's last active owner; the erasure removes every membership and
// department-admin row with a `member.erase` row by nobody, and an organisation it became the last
// owner of during the cooling-off gets its first-joined admin as owner, or is recorded owner-less.

const DAY_MS = 24 * 3_600_000;

interface AuditPage {
  items: { action: string; actorUserId: string | null; actorName: string | null; ip: string | null; targetId: string; before: unknown }[];
}

describe.each(testDialects())('an organisation member’s cancelled account ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect, { env: { CODE_IP_HOURLY_LIMIT: '1000', CODE_IP_DAILY_LIMIT: '1000' } });
  const world = orgWorld(ctx);
  const { ok } = world;

  /** A person with their phone, so that they can ask for a CANCEL_ACCOUNT code. */
  async function account(): Promise<Person & { mobile: string }> {
    const user = await signUp(ctx.app);
    const row = await ctx.database.db.selectFrom('users').select('id').where('username', '=', user.username).executeTakeFirstOrThrow();
    return { token: user.token, id: row.id, username: user.username, mobile: user.mobile };
  }
  const cancelCode = (user: Person & { mobile: string }) =>
    codeFor(ctx.app, { channel: 'SMS', smsType: 'CANCEL_ACCOUNT' }, user.token, user.mobile);
  const cancel = (user: Person, code: string, locale = 'en') => post(ctx.app, '/user/cancel', user.token, { channel: 'SMS', code }, locale);
  const erase = (user: Person) => eraseAccount(ctx.database.db, ctx.app.kv, user.id, new Date(Date.now() + 16 * DAY_MS));
  const memberships = (userId: string) => ctx.database.db.selectFrom('org_members').selectAll().where('user_id', '=', userId).execute();
  const adminRows = (userId: string) =>
    ctx.database.db.selectFrom('org_department_admins').selectAll().where('user_id', '=', userId).execute();
  const roleOf = async (orgId: string, userId: string) =>
    (
      await ctx.database.db
        .selectFrom('org_members')
        .select('role_id')
        .where('org_id', '=', orgId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.role_id;
  const joinedEarlier = (orgId: string, userId: string, at: string) =>
    ctx.database.db.updateTable('org_members').set({ joined_at: at }).where('org_id', '=', orgId).where('user_id', '=', userId).execute();

  it('refuses the cancellation of an organisation’s last active owner in the caller’s language, and accepts it once ownership has moved', async () => {
    const owner = await account();
    const orgId = await world.createOrg(owner, 'Acme Remote');
    const admin = await world.person();
    await world.addMember(orgId, admin.id, 'ADMIN');
    // a disabled owner is no owner: the organisation would still be left to an erased account
    await world.addMember(orgId, world.fakeUserId(), 'OWNER', { status: 'DISABLED' });

    const code = await cancelCode(owner);
    for (const locale of ['en', 'fr', 'ja', 'zh-tw'] as TLocale[]) {
      const res = await cancel(owner, code, locale);
      expect([res.statusCode, body(res).errcode, body(res).errmsg]).toEqual([
        409,
        ErrorCode.ORG_SOLE_OWNER_CANCEL,
        translate(locale, 'errors.orgSoleOwnerCancel', { name: 'Acme Remote' }),
      ]);
    }
    expect(translate('en', 'errors.orgSoleOwnerCancel', { name: 'Acme Remote' })).toBe(
      'You are the only owner of “Acme Remote”. Transfer ownership to another member or close the organisation before cancelling your account.',
    );
    const info = await ctx.app.inject({ url: '/user/info', headers: { authorization: owner.token } });
    expect(body<{ cancellation: unknown }>(info).data.cancellation).toBeNull();

    // the refusal came before the code was spent: after the transfer the same code cancels
    await ok(owner, 'POST', '/org/owner/transfer', { orgId, userId: admin.id });
    const res = await cancel(owner, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ eraseAt: string }>(res).data.eraseAt).toEqual(expect.any(String));
  });

  it('lets a co-owner cancel, and refuses an owner of two organisations while either would be left to them', async () => {
    const first = await account();
    const second = await account();
    const shared = await world.createOrg(first, 'Shared');
    await world.addMember(shared, second.id, 'OWNER');
    expect((await cancel(first, await cancelCode(first))).statusCode).toBe(200);

    const own = await world.createOrg(second, 'Zeta Alone');
    const refused = await cancel(second, await cancelCode(second));
    expect(body(refused)).toMatchObject({
      errcode: ErrorCode.ORG_SOLE_OWNER_CANCEL,
      errmsg: translate('en', 'errors.orgSoleOwnerCancel', { name: 'Zeta Alone' }),
    });
    await world.addMember(own, world.fakeUserId(), 'OWNER');
    // the other owner of Shared is in their cooling-off but still its owner: the erasure decides
    expect(body(await cancel(second, await cancelCode(second))).errcode).toBe(0);
  });

  it('erases every membership and department-admin row of the account, each audited by nobody', async () => {
    const owner = await world.person();
    const user = await account();
    const acme = await world.createOrg(owner, 'Acme');
    const beta = await world.createOrg(owner, 'Beta');
    const sales = await world.department(owner, acme, 'Sales');
    const emea = await world.department(owner, acme, 'EMEA', sales);
    await world.addMember(acme, user.id, 'DEPARTMENT_ADMIN', { departmentId: emea, adminOf: [sales, emea] });
    await world.addMember(beta, user.id, 'MEMBER', { status: 'DISABLED' });
    const keeper = world.fakeUserId();
    await world.addMember(acme, keeper, 'DEPARTMENT_ADMIN', { adminOf: [sales] });
    expect((await cancel(user, await cancelCode(user))).statusCode).toBe(200);

    expect(await erase(user)).toBe(true);
    expect(await memberships(user.id)).toEqual([]);
    expect(await adminRows(user.id)).toEqual([]);
    expect((await adminRows(keeper)).map((row) => row.department_id)).toEqual([sales]);

    const acmeRows = (await world.auditRows(acme)).filter((row) => row.action === 'member.erase');
    expect(acmeRows.map((row) => [row.actor_user_id, row.ip, row.target_type, row.target_id, row.after_json])).toEqual([
      [null, null, 'member', user.id, null],
    ]);
    expect(JSON.parse(acmeRows[0]?.before_json ?? 'null')).toEqual({
      roleId: 'DEPARTMENT_ADMIN',
      departmentId: emea,
      status: 'ACTIVE',
      adminOfDepartmentIds: [sales, emea].sort(),
    });
    const betaRows = (await world.auditRows(beta)).filter((row) => row.action === 'member.erase');
    expect(betaRows.map((row) => JSON.parse(row.before_json ?? 'null') as unknown)).toEqual([
      { roleId: 'MEMBER', departmentId: null, status: 'DISABLED', adminOfDepartmentIds: [] },
    ]);

    // the owner reads it in the log: nobody did it, from nowhere
    const page = await ok<AuditPage>(owner, 'GET', '/org/audit/list', { orgId: acme, action: 'member.erase' });
    expect(page.items).toEqual([expect.objectContaining({ actorUserId: null, actorName: null, ip: null, targetId: user.id })]);
    // the department is empty of its admin: it deletes
    await ok(owner, 'POST', '/org/department/delete', { orgId: acme, departmentId: emea });
  });

  it('makes the first-joined admin the owner of an organisation the erased account was the last owner of, or records it owner-less', async () => {
    const founder = await account();
    const user = await account();
    const acme = await world.createOrg(founder, 'Acme');
    const solo = await world.createOrg(user, 'Solo');
    await world.addMember(solo, founder.id, 'OWNER');
    await world.addMember(solo, world.fakeUserId(), 'MEMBER');
    await world.addMember(acme, user.id, 'ADMIN');
    const later = world.fakeUserId();
    await world.addMember(acme, later, 'ADMIN');
    await joinedEarlier(acme, founder.id, '2020-01-01T00:00:00.000Z');
    expect((await cancel(user, await cancelCode(user))).statusCode).toBe(200);

    // during the cooling-off: the founder hands Acme to the user (becoming ADMIN) and leaves Solo
    await ok(founder, 'POST', '/org/owner/transfer', { orgId: acme, userId: user.id });
    await ok(founder, 'POST', '/org/member/leave', { orgId: solo });

    expect(await erase(user)).toBe(true);
    expect([await roleOf(acme, founder.id), await roleOf(acme, later), await roleOf(acme, user.id)]).toEqual(['OWNER', 'ADMIN', undefined]);
    const acmeTail = (await world.auditRows(acme)).slice(-2);
    expect(acmeTail.map((row) => [row.action, row.actor_user_id, row.target_id])).toEqual([
      ['member.erase', null, user.id],
      ['owner.assign', null, founder.id],
    ]);
    expect([JSON.parse(acmeTail[1]?.before_json ?? 'null'), JSON.parse(acmeTail[1]?.after_json ?? 'null')]).toEqual([
      { roleId: 'ADMIN', erasedOwner: user.id },
      { roleId: 'OWNER' },
    ]);
    // the new owner runs the organisation
    await ok(founder, 'POST', '/org/update', { orgId: acme, name: 'Acme Again' });

    // Solo has only a member left: nobody is made owner, and the log says it has none
    const soloTail = (await world.auditRows(solo)).slice(-2);
    expect(soloTail.map((row) => [row.action, row.actor_user_id, row.target_type, row.target_id])).toEqual([
      ['member.erase', null, 'member', user.id],
      ['org.ownerless', null, 'organisation', solo],
    ]);
    expect(await world.membersByRole(solo, 'OWNER')).toEqual([]);
    expect(await world.membersByRole(solo, 'MEMBER')).toHaveLength(1);
  });

  it('erases once when the job runs 20 times at once: one row per membership', async () => {
    const owner = await world.person();
    const user = await account();
    const orgIds = [await world.createOrg(owner, 'One'), await world.createOrg(owner, 'Two')];
    for (const orgId of orgIds) await world.addMember(orgId, user.id, 'ADMIN');
    expect((await cancel(user, await cancelCode(user))).statusCode).toBe(200);

    const results = await Promise.all(Array.from({ length: 20 }, () => erase(user)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await memberships(user.id)).toEqual([]);
    for (const orgId of orgIds)
      expect((await world.auditRows(orgId)).filter((row) => row.action === 'member.erase').map((row) => row.target_id)).toEqual([user.id]);
  });
});
