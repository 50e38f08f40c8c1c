import { ErrorCode, translate } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/composition/config';
import { newIdentity, signUpByEmail } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { orgWorld, type Person } from './support';

// The sending quota of organisations: invitations per person (all their organisations together)
// and per organisation, hourly and daily, an import counting its rows; and how many organisations
// one person creates. Small limits here: a person 5 an hour, an organisation 8 a day, 3 new
// organisations an hour. Over a limit: RATE_LIMITED in the caller's language, nothing made.

const env = {
  ORG_SEND_CALLER_HOURLY_LIMIT: '5',
  ORG_SEND_CALLER_DAILY_LIMIT: '100',
  ORG_SEND_ORG_HOURLY_LIMIT: '100',
  ORG_SEND_ORG_DAILY_LIMIT: '8',
  ORG_CREATE_HOURLY_LIMIT: '3',
  ORG_CREATE_DAILY_LIMIT: '100',
};

let serial = 0;
const address = () => `quota-${Date.now().toString(36)}-${serial++}@example.com`;

describe('the quota’s documented defaults', () => {
  it('lets a person send 2,000 invitations an hour and 5,000 a day, an organisation 2,000 and 10,000, a person create 10 organisations an hour and 50 a day', () => {
    expect(loadConfig({}).orgSends).toEqual({
      perCaller: { hourly: 2000, daily: 5000 },
      perOrg: { hourly: 2000, daily: 10000 },
      creates: { hourly: 10, daily: 50 },
    });
  });
});

describe.each(testDialects())('the sending quota of organisations ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect, { env });
  const world = orgWorld(ctx);
  const { ok, call } = world;

  async function person(): Promise<Person> {
    const user = await signUpByEmail(ctx.app, newIdentity());
    const row = await ctx.database.db.selectFrom('users').select('id').where('username', '=', user.username).executeTakeFirstOrThrow();
    return { token: user.token, id: row.id, username: user.username };
  }
  const invitationCount = async (orgId: string) =>
    (await ctx.database.db.selectFrom('org_invitations').select('id').where('org_id', '=', orgId).execute()).length;
  const csv = (count: number) => `email,role\n${Array.from({ length: count }, () => `${address()},MEMBER`).join('\n')}\n`;

  it('lets a person send 5 invitations an hour: an import counts its rows, a refused one is taken back, 20 parallel creates pass 2', async () => {
    const owner = await person();
    const orgId = await world.createOrg(owner, 'Quota Co');
    const first = await ok<{ counts: { INVITED: number } }>(owner, 'POST', '/org/invitation/import', { orgId, csv: csv(3) });
    expect(first.counts.INVITED).toBe(3);

    // 3 more rows would make 6: refused whole, in the caller's language, nothing made
    const over = await call(owner, 'POST', '/org/invitation/import', { orgId, csv: csv(3) }, 'ja');
    expect(over.status).toBe(429);
    expect(over.errcode).toBe(ErrorCode.RATE_LIMITED);
    expect(over.errmsg).toBe(translate('ja', 'errors.rateLimited'));
    expect(await invitationCount(orgId)).toBe(3);

    // the refused import's rows were taken back: 2 of 20 parallel creates pass
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(owner, 'POST', '/org/invitation/create', { orgId, channel: 'EMAIL', target: address(), roleId: 'MEMBER' }),
      ),
    );
    expect(answers.filter((answer) => answer.errcode === 0)).toHaveLength(2);
    expect(answers.filter((answer) => answer.errcode === ErrorCode.RATE_LIMITED)).toHaveLength(18);
    expect(await invitationCount(orgId)).toBe(5);

    // a resend is a send; the person's quota covers their other organisations too
    const [pending] = (await ok<{ items: { id: string }[] }>(owner, 'GET', '/org/invitation/list', { orgId })).items;
    const resend = await call(owner, 'POST', '/org/invitation/resend', { orgId, invitationId: pending!.id }, 'fr');
    expect(resend.errcode).toBe(ErrorCode.RATE_LIMITED);
    expect(resend.errmsg).toBe(translate('fr', 'errors.rateLimited'));
    const otherOrg = await world.createOrg(owner, 'Quota Two');
    const elsewhere = await call(owner, 'POST', '/org/invitation/create', {
      orgId: otherOrg,
      channel: 'EMAIL',
      target: address(),
      roleId: 'MEMBER',
    });
    expect(elsewhere.errcode).toBe(ErrorCode.RATE_LIMITED);
    expect(await invitationCount(otherOrg)).toBe(0);
  });

  it('lets an organisation send 8 invitations a day, all its admins together', async () => {
    const owner = await person();
    const admin = await person();
    const orgId = await world.createOrg(owner, 'Quota Org');
    await world.addMember(orgId, admin.id, 'ADMIN');
    for (let i = 0; i < 4; i += 1)
      await ok(owner, 'POST', '/org/invitation/create', { orgId, channel: 'EMAIL', target: address(), roleId: 'MEMBER' });
    await ok(admin, 'POST', '/org/invitation/import', { orgId, csv: csv(4) });
    expect(await invitationCount(orgId)).toBe(8);
    const byAdmin = await call(
      admin,
      'POST',
      '/org/invitation/create',
      { orgId, channel: 'EMAIL', target: address(), roleId: 'MEMBER' },
      'zh-CN',
    );
    expect(byAdmin.errcode).toBe(ErrorCode.RATE_LIMITED);
    expect(byAdmin.errmsg).toBe(translate('zh-CN', 'errors.rateLimited'));
    const byOwner = await call(owner, 'POST', '/org/invitation/import', { orgId, csv: csv(1) });
    expect(byOwner.errcode).toBe(ErrorCode.RATE_LIMITED);
    expect(await invitationCount(orgId)).toBe(8);
  });

  it('lets a person create 3 organisations an hour; of 20 parallel creates 3 pass', async () => {
    const owner = await person();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call(owner, 'POST', '/org/create', { name: `Org ${i}` }, 'es')));
    expect(answers.filter((answer) => answer.errcode === 0)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.errcode !== 0);
    expect(refused).toHaveLength(17);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.errmsg).toBe(translate('es', 'errors.rateLimited'));
    }
    const owned = await ctx.database.db.selectFrom('org_members').select('org_id').where('user_id', '=', owner.id).execute();
    expect(owned).toHaveLength(3);
  });
});
