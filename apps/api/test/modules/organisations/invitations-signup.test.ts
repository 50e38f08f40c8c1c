import { ErrorCode } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { newIdentity, signUp, signUpByEmail } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { orgWorld, type Person } from './support';

// What the join page learns from a link (the inviter's name, the department, the address masked),
// and sign up, then join (ADR 0044, amendments): an email typed beside the phone at sign-up starts
// unverified; accepting the EMAIL invitation mailed to it verifies it in the join's transaction,
// never another address's, never a phone's. Both databases.

async function sentToken(app: App, to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}` });
  const messages = (res.json() as { data: { messages: { purpose: string; text: string }[] } }).data.messages;
  const message = messages.find((one) => one.purpose === 'ORG_INVITATION');
  expect(message, `an invitation to ${to}`).toBeDefined();
  const match = /\/org\/join\?token=([A-Za-z0-9_-]+)/.exec(message!.text);
  expect(match, message!.text).not.toBeNull();
  return match![1]!;
}

describe.each(testDialects())('invitation preview and sign up, then join ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const world = orgWorld(ctx);
  const { ok, refused, call } = world;

  /** Signed up with a phone and an email typed beside it: the email is unverified (ADR 0028). */
  async function phoneSignup(): Promise<Person & { email: string; mobile: string }> {
    const user = await signUp(ctx.app, newIdentity());
    const row = await ctx.database.db.selectFrom('users').select('id').where('username', '=', user.username).executeTakeFirstOrThrow();
    return { token: user.token, id: row.id, username: user.username, email: user.email, mobile: user.mobile };
  }

  async function emailVerifiedAt(userId: string): Promise<string | null> {
    const row = await ctx.database.db.selectFrom('users').select('email_verified_at').where('id', '=', userId).executeTakeFirstOrThrow();
    return row.email_verified_at;
  }

  async function membersOf(orgId: string) {
    return ctx.database.db
      .selectFrom('org_members')
      .select(['user_id', 'role_id'])
      .where('org_id', '=', orgId)
      .orderBy('user_id')
      .execute();
  }

  it('previews the inviter’s display name, the department and the masked address, and nothing more', async () => {
    const owner = await world.person();
    await ctx.database.db.updateTable('users').set({ nickname: 'Zhang Wei' }).where('id', '=', owner.id).execute();
    const orgId = await world.createOrg(owner, 'Acme Preview');
    const sales = await world.department(owner, orgId, 'Sales');
    const invitee = newIdentity();
    await ok(owner, 'POST', '/org/invitation/create', {
      orgId,
      channel: 'EMAIL',
      target: invitee.email,
      roleId: 'MEMBER',
      departmentId: sales,
    });
    const token = await sentToken(ctx.app, invitee.email);
    const preview = await call(null, 'GET', '/org/invitation/preview', { token });
    expect(preview.errcode, preview.errmsg).toBe(0);
    const data = preview.data as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(['channel', 'department', 'expiresAt', 'invitedBy', 'logoUrl', 'orgName', 'role', 'target']);
    expect(data).toMatchObject({ orgName: 'Acme Preview', invitedBy: 'Zhang Wei', department: 'Sales', target: 'u***@example.com' });
    expect(JSON.stringify(data)).not.toContain(invitee.email);
    expect(JSON.stringify(data)).not.toContain(owner.id);

    // by phone, without a department; an inviter with a blank nickname is named by the username
    await ctx.database.db.updateTable('users').set({ nickname: '  ' }).where('id', '=', owner.id).execute();
    await ok(owner, 'POST', '/org/invitation/create', { orgId, channel: 'PHONE', target: '+34 612 345 679', roleId: 'MEMBER' });
    const phone = await call(null, 'GET', '/org/invitation/preview', { token: await sentToken(ctx.app, '+34612345679') });
    expect(phone.errcode, phone.errmsg).toBe(0);
    expect(phone.data).toMatchObject({ invitedBy: owner.username, department: null, target: '+34 612 *** 679', channel: 'PHONE' });
  });

  it('accepting the invitation mailed to the account’s unverified email verifies it and joins, once of 20 parallel accepts', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    const invitee = await phoneSignup();
    expect(await emailVerifiedAt(invitee.id)).toBeNull();
    const created = await ok<{ id: string }>(owner, 'POST', '/org/invitation/create', {
      orgId,
      channel: 'EMAIL',
      target: invitee.email.toUpperCase(),
      roleId: 'MEMBER',
    });
    const token = await sentToken(ctx.app, invitee.email);

    const answers = await Promise.all(Array.from({ length: 20 }, () => call(invitee, 'POST', '/org/invitation/accept', { token })));
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(answers.filter((answer) => answer.errcode === 0)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.errcode !== 0))
      expect([ErrorCode.ORG_INVITATION_INVALID, ErrorCode.ORG_ALREADY_MEMBER]).toContain(answer.errcode);
    expect((await membersOf(orgId)).filter((row) => row.user_id === invitee.id)).toEqual([{ user_id: invitee.id, role_id: 'MEMBER' }]);
    expect(await emailVerifiedAt(invitee.id)).not.toBeNull();
    const info = await ok<{ emailVerified: boolean }>(invitee, 'GET', '/user/info');
    expect(info.emailVerified).toBe(true);

    const rows = (await world.auditRows(orgId)).filter((row) => row.target_id === created.id);
    expect(rows.map((row) => [row.action, row.actor_user_id])).toEqual([
      ['invitation.create', owner.id],
      ['invitation.accept', invitee.id],
      ['invitation.verifyEmail', invitee.id],
    ]);
  });

  it('never verifies another address: a different unverified email, another account, or a phone stay refused', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    const invitee = await phoneSignup();
    const other = newIdentity();

    // the invitation went to another address than the account's unverified email
    await ok(owner, 'POST', '/org/invitation/create', { orgId, channel: 'EMAIL', target: other.email, roleId: 'MEMBER' });
    const otherToken = await sentToken(ctx.app, other.email);
    const wrong = await call(invitee, 'POST', '/org/invitation/accept', { token: otherToken });
    expect([wrong.status, wrong.errcode]).toEqual([403, ErrorCode.ORG_INVITATION_NOT_YOURS]);

    // the invitee's own address, but accepted by somebody else
    await ok(owner, 'POST', '/org/invitation/create', { orgId, channel: 'EMAIL', target: invitee.email, roleId: 'MEMBER' });
    const token = await sentToken(ctx.app, invitee.email);
    const stranger = await signUpByEmail(ctx.app, newIdentity());
    const strangerPerson = { ...stranger, id: '' };
    await refused(strangerPerson, 'POST', '/org/invitation/accept', { token }, 'ORG_INVITATION_NOT_YOURS');

    // a phone invitation to a number the account holds unverified
    await ok(owner, 'POST', '/org/invitation/create', { orgId, channel: 'PHONE', target: invitee.mobile, roleId: 'MEMBER' });
    const smsToken = await sentToken(ctx.app, invitee.mobile);
    await ctx.database.db.updateTable('users').set({ mobile_verified_at: null }).where('id', '=', invitee.id).execute();
    await refused(invitee, 'POST', '/org/invitation/accept', { token: smsToken }, 'ORG_INVITATION_NOT_YOURS');

    expect(await emailVerifiedAt(invitee.id)).toBeNull();
    expect(await membersOf(orgId)).toEqual([{ user_id: owner.id, role_id: 'OWNER' }]);
    expect((await world.auditRows(orgId)).filter((row) => row.action === 'invitation.verifyEmail')).toEqual([]);
  });
});
