import { ErrorCode, ORG_INVITATION_IMPORT_MAX, translate } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { toDbDate } from '../../../src/infrastructure/db/dialect';
import { renderInvitation } from '../../../src/modules/organisations/invitation-texts';
import { markAccepted } from '../../../src/modules/organisations/invitations.repository';
import { listInvitations, resendInvitation } from '../../../src/modules/organisations/invitations.service';
import { loadMembership } from '../../../src/modules/organisations/membership';
import { newIdentity, signUpByEmail } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { orgWorld, type Person } from './support';

// Invitations on both databases (ADR 0044): create, list, resend, revoke and expiry (a moved
// clock through the services' `now`, no sleeps), the mail with its link in the dev outbox, the
// public preview, accept by the right and the wrong account, 20 parallel accepts, a CSV import of
// 1,000 rows answered row by row, a department admin's sub-tree, bad input in the caller's language.

const DAY_MS = 86_400_000;

interface Invitation {
  id: string;
  channel: string;
  target: string;
  role: { id: string; code: string };
  departmentId: string | null;
  status: string;
  sentCount: number;
}
interface ImportAnswer {
  rows: { line: number; target: string; result: string; reason: string | null; invitationId: string | null }[];
  counts: Record<string, number>;
}

async function outbox(app: App, to: string): Promise<{ purpose: string; subject: string | null; text: string }[]> {
  const res = await app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}` });
  return (res.json() as { data: { messages: { purpose: string; subject: string | null; text: string }[] } }).data.messages;
}

/** The token of the newest invitation sent to the address, read from its link. */
async function sentToken(app: App, to: string, locale = 'en'): Promise<string> {
  const message = (await outbox(app, to)).find((one) => one.purpose === 'ORG_INVITATION');
  expect(message, `an invitation to ${to}`).toBeDefined();
  const link = new RegExp(`${app.config.webOrigin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/${locale}/org/join\\?token=([A-Za-z0-9_-]+)`);
  const match = link.exec(message!.text);
  expect(match, message!.text).not.toBeNull();
  return match![1]!;
}

describe('the invitation’s texts', () => {
  it('keep an organisation’s name as typed, placeholders and replacement patterns in it included', () => {
    const name = "Acme {link} $' $& {days}";
    const texts = renderInvitation('en', { org: name, days: 7, link: 'https://llk.example/en/org/join?token=abc' });
    expect(texts.subject).toContain(name);
    expect(texts.body).toContain(name);
    expect(texts.body.match(/https:\/\/llk\.example\/en\/org\/join\?token=abc/g)).toHaveLength(1);
  });
});

describe.each(testDialects())('organisation invitations ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const world = orgWorld(ctx);
  const { ok, refused, call } = world;

  /** Somebody signed up by email alone: the email is verified. */
  async function emailPerson(): Promise<Person & { email: string }> {
    const user = await signUpByEmail(ctx.app, newIdentity());
    const row = await ctx.database.db.selectFrom('users').select('id').where('username', '=', user.username).executeTakeFirstOrThrow();
    return { token: user.token, id: row.id, username: user.username, email: user.email };
  }

  const deps = () => ({
    db: ctx.database.db,
    delivery: ctx.app.delivery,
    webOrigin: ctx.app.config.webOrigin,
    onSendError: () => {},
    kv: ctx.app.kv,
    limits: ctx.app.config.orgSends,
  });

  it('creates, lists, resends (once a minute), revokes and expires invitations; the mail holds the link', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner, 'Acme Invites');
    const sales = await world.department(owner, orgId, 'Sales');
    const invitee = await emailPerson();
    const created = await ok<Invitation>(owner, 'POST', '/org/invitation/create', {
      orgId,
      channel: 'EMAIL',
      target: invitee.email.toUpperCase(),
      roleId: 'MEMBER',
      departmentId: sales,
    });
    expect(created).toMatchObject({ channel: 'EMAIL', target: invitee.email, status: 'PENDING', departmentId: sales, sentCount: 1 });
    const mail = (await outbox(ctx.app, invitee.email)).find((one) => one.purpose === 'ORG_INVITATION')!;
    expect(mail.subject).toContain('Acme Invites');
    const token = await sentToken(ctx.app, invitee.email);
    // only the hash is stored
    const stored = await ctx.database.db.selectFrom('org_invitations').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    const preview = await call(null, 'GET', '/org/invitation/preview', { token });
    expect(preview.errcode, preview.errmsg).toBe(0);
    expect(preview.data).toMatchObject({ orgName: 'Acme Invites', role: { code: 'MEMBER' }, channel: 'EMAIL' });

    await refused(
      owner,
      'POST',
      '/org/invitation/create',
      { orgId, channel: 'EMAIL', target: invitee.email, roleId: 'MEMBER', departmentId: sales },
      'ORG_INVITATION_PENDING',
    );
    const soon = await call(owner, 'POST', '/org/invitation/resend', { orgId, invitationId: created.id }, 'fr');
    expect([soon.status, soon.errcode]).toEqual([429, ErrorCode.ORG_INVITATION_TOO_SOON]);
    expect(soon.errmsg).toMatch(/^L’invitation vient d’être envoyée\. Vous pourrez la renvoyer dans \d+ secondes\.$/);

    // a minute later: sent again with a new link; the old one stops working
    const caller = { orgId, userId: owner.id, ip: null, locale: 'en' as const };
    const resent = await resendInvitation(deps(), caller, created.id, new Date(Date.now() + 61_000));
    expect(resent.sentCount).toBe(2);
    const newToken = await sentToken(ctx.app, invitee.email);
    expect(newToken).not.toBe(token);
    await refused(null, 'GET', '/org/invitation/preview', { token }, 'ORG_INVITATION_INVALID');
    await ok(invitee, 'GET', '/org/invitation/preview', { token: newToken });

    // eight days on it reads EXPIRED, and its link is invalid
    const me = await loadMembership(ctx.database.db, orgId, owner.id);
    const later = new Date(Date.now() + 8 * DAY_MS);
    const expired = await listInvitations(ctx.database.db, me, { orgId, status: 'EXPIRED', pageSize: 50 }, later);
    expect(expired.items.map((item) => item.id)).toEqual([created.id]);
    expect((await listInvitations(ctx.database.db, me, { orgId, status: 'PENDING', pageSize: 50 }, later)).items).toEqual([]);

    // revoke: the link is invalid, a second revoke or a resend is refused
    const second = await ok<Invitation>(owner, 'POST', '/org/invitation/create', {
      orgId,
      channel: 'PHONE',
      target: '+34 612 345 678',
      roleId: 'MEMBER',
    });
    expect(second.target).toBe('+34612345678');
    const smsToken = await sentToken(ctx.app, '+34612345678');
    await ok(owner, 'POST', '/org/invitation/revoke', { orgId, invitationId: second.id });
    await refused(null, 'GET', '/org/invitation/preview', { token: smsToken }, 'ORG_INVITATION_INVALID');
    await refused(owner, 'POST', '/org/invitation/revoke', { orgId, invitationId: second.id }, 'ORG_INVITATION_CLOSED');
    await refused(owner, 'POST', '/org/invitation/resend', { orgId, invitationId: second.id }, 'ORG_INVITATION_CLOSED');

    // the list: newest first, by status, in pages
    const all = await ok<{ items: Invitation[]; next: string | null }>(owner, 'GET', '/org/invitation/list', { orgId, pageSize: 1 });
    expect(all.items.map((item) => item.id)).toEqual([second.id]);
    const rest = await ok<{ items: Invitation[]; next: string | null }>(owner, 'GET', '/org/invitation/list', {
      orgId,
      pageSize: 1,
      before: all.next!,
    });
    expect(rest.items.map((item) => [item.id, item.status])).toEqual([[created.id, 'PENDING']]);
    expect(rest.next).toBeNull();
    const revoked = await ok<{ items: Invitation[] }>(owner, 'GET', '/org/invitation/list', { orgId, status: 'REVOKED' });
    expect(revoked.items.map((item) => item.id)).toEqual([second.id]);

    // a member already
    await refused(
      owner,
      'POST',
      '/org/invitation/create',
      { orgId, channel: 'PHONE', target: await ownerMobile(owner), roleId: 'MEMBER' },
      'ORG_ALREADY_MEMBER',
    );

    const actions = (await world.auditRows(orgId)).map((row) => row.action).filter((action) => action.startsWith('invitation.'));
    expect(actions).toEqual(['invitation.create', 'invitation.resend', 'invitation.create', 'invitation.revoke']);
  });

  async function ownerMobile(person: Person): Promise<string> {
    const row = await ctx.database.db.selectFrom('users').select('mobile').where('id', '=', person.id).executeTakeFirstOrThrow();
    return row.mobile!;
  }

  it('is accepted by the account whose verified email or phone it names, once; 20 parallel accepts make one membership', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    const sales = await world.department(owner, orgId, 'Sales');
    const invitee = await emailPerson();
    const stranger = await emailPerson();
    await ok(owner, 'POST', '/org/invitation/create', {
      orgId,
      channel: 'EMAIL',
      target: invitee.email,
      roleId: 'ADMIN',
      departmentId: sales,
    });
    const token = await sentToken(ctx.app, invitee.email);
    await refused(null, 'POST', '/org/invitation/accept', { token }, 'UNAUTHORIZED');
    const wrong = await call(stranger, 'POST', '/org/invitation/accept', { token }, 'ja');
    expect([wrong.status, wrong.errcode, wrong.errmsg]).toEqual([
      403,
      ErrorCode.ORG_INVITATION_NOT_YOURS,
      translate('ja', 'errors.orgInvitationNotYours'),
    ]);
    await refused(invitee, 'POST', '/org/invitation/accept', { token: 'no-such-token-at-all' }, 'ORG_INVITATION_INVALID');

    const answers = await Promise.all(Array.from({ length: 20 }, () => call(invitee, 'POST', '/org/invitation/accept', { token })));
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(answers.filter((answer) => answer.errcode === 0)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.errcode !== 0))
      expect([ErrorCode.ORG_INVITATION_INVALID, ErrorCode.ORG_ALREADY_MEMBER]).toContain(answer.errcode);
    const members = await ctx.database.db
      .selectFrom('org_members')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('user_id', '=', invitee.id)
      .execute();
    expect(members.map((row) => [row.role_id, row.department_id, row.status])).toEqual([['ADMIN', sales, 'ACTIVE']]);
    const accepts = (await world.auditRows(orgId)).filter((row) => row.action === 'invitation.accept');
    expect(accepts.map((row) => row.actor_user_id)).toEqual([invitee.id]);
    await refused(null, 'GET', '/org/invitation/preview', { token }, 'ORG_INVITATION_INVALID');
    const info = await ok<{ role: { code: string } }>(invitee, 'GET', '/org/info', { orgId });
    expect(info.role.code).toBe('ADMIN');

    // by phone, the number typed in its national form; the account's mobile was verified at sign-up
    const phonePerson = await world.person();
    const mobile = await ownerMobile(phonePerson);
    await ok(owner, 'POST', '/org/invitation/create', { orgId, channel: 'PHONE', target: mobile.replace(/^\+86/, ''), roleId: 'MEMBER' });
    const smsToken = await sentToken(ctx.app, mobile);
    await refused(invitee, 'POST', '/org/invitation/accept', { token: smsToken }, 'ORG_INVITATION_NOT_YOURS');
    await ok(phonePerson, 'POST', '/org/invitation/accept', { token: smsToken });
    expect((await ok<{ list: { id: string }[] }>(phonePerson, 'GET', '/org/list')).list.map((org) => org.id)).toEqual([orgId]);
  });

  it('imports 1,000 rows answered row by row (valid, invalid, duplicate, already invited, already a member)', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    const sales = await world.department(owner, orgId, 'Sales');
    const emea = await world.department(owner, orgId, 'EMEA', sales);
    const member = await emailPerson();
    await world.addMember(orgId, member.id);
    await ok(owner, 'POST', '/org/invitation/create', { orgId, channel: 'EMAIL', target: 'pending@import.example', roleId: 'MEMBER' });

    const lines = ['email,role,department'];
    const expected: string[] = [];
    for (let i = 0; i < ORG_INVITATION_IMPORT_MAX; i += 1) {
      if (i === 0) {
        lines.push(`${member.email},member,`);
        expected.push('ALREADY_MEMBER');
      } else if (i === 1) {
        lines.push('pending@import.example,MEMBER,');
        expected.push('ALREADY_INVITED');
      } else if (i % 50 === 2) {
        lines.push(`not-an-email-${i},member,`);
        expected.push('INVALID');
      } else if (i % 50 === 3) {
        lines.push(`p${i}@import.example,Nope role,`);
        expected.push('INVALID');
      } else if (i % 50 === 4) {
        lines.push(`p${i}@import.example,member,Sales/Nowhere`);
        expected.push('INVALID');
      } else if (i % 50 === 5 && i > 50) {
        lines.push(`p${i - 5}@import.example,member,`);
        expected.push('ALREADY_INVITED');
      } else {
        lines.push(i % 2 ? `p${i}@import.example,Member,sales / emea` : `"p${i}@import.example",ADMIN,${sales}`);
        expected.push('INVITED');
      }
    }
    const started = performance.now();
    const answer = await call(owner, 'POST', '/org/invitation/import', { orgId, csv: lines.join('\n') }, 'es');
    const took = performance.now() - started;
    console.info(`org invitation import (${dialect}): ${ORG_INVITATION_IMPORT_MAX} rows in ${Math.round(took)} ms`);
    expect(answer.errcode, answer.errmsg).toBe(0);
    const data = answer.data as ImportAnswer;
    expect(data.rows.map((row) => row.result)).toEqual(expected);
    expect(data.rows.map((row) => row.line)).toEqual(expected.map((_, index) => index + 2));
    expect(data.counts).toEqual({
      INVITED: expected.filter((one) => one === 'INVITED').length,
      ALREADY_MEMBER: 1,
      ALREADY_INVITED: expected.filter((one) => one === 'ALREADY_INVITED').length,
      INVALID: expected.filter((one) => one === 'INVALID').length,
    });
    expect(data.rows[2]!.reason).toBe(translate('es', 'validation.emailInvalid'));
    expect(data.rows[3]!.reason).toBe(translate('es', 'errors.orgRoleNotFound'));
    expect(data.rows[4]!.reason).toBe(translate('es', 'errors.orgDepartmentNotFound'));
    expect(took).toBeLessThan(10_000);

    const stored = await ctx.database.db
      .selectFrom('org_invitations')
      .select(['target', 'role_id', 'department_id'])
      .where('org_id', '=', orgId)
      .where('target', 'in', ['p7@import.example', 'p8@import.example'])
      .orderBy('target')
      .execute();
    expect(stored).toEqual([
      { target: 'p7@import.example', role_id: 'MEMBER', department_id: emea },
      { target: 'p8@import.example', role_id: 'ADMIN', department_id: sales },
    ]);
    await sentToken(ctx.app, 'p998@import.example', 'es');
    const imports = (await world.auditRows(orgId)).filter((row) => row.action === 'invitation.import');
    expect(imports.map((row) => JSON.parse(row.after_json!))).toEqual([{ rows: ORG_INVITATION_IMPORT_MAX, ...data.counts }]);

    const tooLarge = await call(
      owner,
      'POST',
      '/org/invitation/import',
      { orgId, csv: `${lines.join('\n')}\nextra@import.example,member,` },
      'ko',
    );
    expect([tooLarge.status, tooLarge.errcode, tooLarge.errmsg]).toEqual([
      400,
      ErrorCode.ORG_INVITATION_IMPORT_TOO_LARGE,
      translate('ko', 'errors.orgInvitationImportTooLarge', { max: ORG_INVITATION_IMPORT_MAX }),
    ]);
    await refused(owner, 'POST', '/org/invitation/import', { orgId, csv: 'name,department\nx,y' }, 'ORG_INVITATION_IMPORT_HEADER');
  });

  it('lets a department admin invite only into their sub-tree, roles they may give, and see only those invitations', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    const sales = await world.department(owner, orgId, 'Sales');
    const emea = await world.department(owner, orgId, 'EMEA', sales);
    const engineering = await world.department(owner, orgId, 'Engineering');
    const admin = await world.person();
    await world.addMember(orgId, admin.id, 'DEPARTMENT_ADMIN', { departmentId: sales, adminOf: [sales] });
    const invite = (target: string, roleId: string, departmentId?: string) => ({
      orgId,
      channel: 'EMAIL',
      target,
      roleId,
      ...(departmentId ? { departmentId } : {}),
    });

    const inside = await ok<Invitation>(admin, 'POST', '/org/invitation/create', invite('da1@example.com', 'MEMBER', emea));
    await refused(admin, 'POST', '/org/invitation/create', invite('da2@example.com', 'MEMBER', engineering), 'ORG_DEPARTMENT_NOT_FOUND');
    await refused(admin, 'POST', '/org/invitation/create', invite('da2@example.com', 'MEMBER'), 'ORG_PERMISSION_DENIED');
    await refused(admin, 'POST', '/org/invitation/create', invite('da2@example.com', 'ADMIN', emea), 'ORG_ROLE_TOO_HIGH');
    await refused(admin, 'POST', '/org/invitation/create', invite('da2@example.com', 'OWNER', emea), 'ORG_PERMISSION_DENIED');
    await refused(
      owner,
      'POST',
      '/org/invitation/create',
      invite('da2@example.com', 'DEPARTMENT_ADMIN', emea),
      'ORG_INVITATION_ROLE_SCOPED',
    );
    const outside = await ok<Invitation>(owner, 'POST', '/org/invitation/create', invite('eng@example.com', 'MEMBER', engineering));

    const seen = await ok<{ items: Invitation[] }>(admin, 'GET', '/org/invitation/list', { orgId });
    expect(seen.items.map((item) => item.id)).toEqual([inside.id]);
    await refused(admin, 'POST', '/org/invitation/revoke', { orgId, invitationId: outside.id }, 'ORG_INVITATION_NOT_FOUND');
    await refused(admin, 'POST', '/org/invitation/resend', { orgId, invitationId: outside.id }, 'ORG_INVITATION_NOT_FOUND');
    await ok(admin, 'POST', '/org/invitation/revoke', { orgId, invitationId: inside.id });
    // a custom role reaches the whole organisation: not a department admin's to give, even with permissions they hold
    const { id: helpdesk } = await ok<{ id: string }>(owner, 'POST', '/org/role/save', {
      orgId,
      name: 'Helpdesk',
      permissions: ['members.read'],
    });
    await refused(admin, 'POST', '/org/invitation/create', invite('da3@example.com', helpdesk, emea), 'ORG_ROLE_TOO_HIGH');
    // an owner's ADMIN invitation into the admin's sub-tree is seen, but a new link for it is not theirs to send
    const bosses = await ok<Invitation>(owner, 'POST', '/org/invitation/create', invite('boss@example.com', 'ADMIN', emea));
    await refused(admin, 'POST', '/org/invitation/resend', { orgId, invitationId: bosses.id }, 'ORG_ROLE_TOO_HIGH');
    // the accept's conditional UPDATE holds only with the link's current token (a resend that raced it made a new one)
    const stamp = toDbDate(new Date());
    expect(await markAccepted(ctx.database.db, bosses.id, 'a-token-hash-of-an-old-link', admin.id, stamp)).toBe(false);
    await ok(owner, 'POST', '/org/invitation/revoke', { orgId, invitationId: bosses.id });

    const imported = await ok<ImportAnswer>(admin, 'POST', '/org/invitation/import', {
      orgId,
      csv: `email,role,department\nin@example.com,member,Sales/EMEA\nout@example.com,member,Engineering\nnone@example.com,member,`,
    });
    expect(imported.rows.map((row) => [row.target, row.result, row.reason])).toEqual([
      ['in@example.com', 'INVITED', null],
      ['out@example.com', 'INVALID', translate('en', 'errors.orgDepartmentNotFound')],
      ['none@example.com', 'INVALID', translate('en', 'errors.orgPermissionDenied')],
    ]);
    // a plain member may not invite
    const plain = await world.person();
    await world.addMember(orgId, plain.id);
    await refused(plain, 'POST', '/org/invitation/create', invite('x@example.com', 'MEMBER'), 'ORG_PERMISSION_DENIED');
  });

  it('answers bad input with envelope errors in the caller’s language, never a 500', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner);
    const cases: Array<[string, 'GET' | 'POST', string, Record<string, unknown>]> = [
      ['es', 'POST', '/org/invitation/create', { orgId, channel: 'FAX', target: 'a@example.com', roleId: 'MEMBER' }],
      ['ja', 'POST', '/org/invitation/create', { orgId, channel: 'EMAIL', target: 'not an email', roleId: 'MEMBER' }],
      ['fr', 'POST', '/org/invitation/create', { orgId, channel: 'PHONE', target: '12', roleId: 'MEMBER' }],
      ['ko', 'POST', '/org/invitation/import', { orgId }],
      ['zh-tw', 'GET', '/org/invitation/list', { orgId, status: 'LOST' }],
      ['en', 'GET', '/org/invitation/preview', {}],
    ];
    for (const [locale, method, url, input] of cases) {
      const answer = await call(owner, method, url, input, locale);
      expect(answer.status, `${url} ${JSON.stringify(input)}`).toBe(400);
      expect(answer.errcode).toBe(ErrorCode.VALIDATION_FAILED);
      expect(answer.errmsg).not.toBe(translate('en', 'errors.validationFailed'));
    }
    const unknown = await call(
      owner,
      'POST',
      '/org/invitation/create',
      { orgId, channel: 'EMAIL', target: 'a@example.com', roleId: 'NOPE' },
      'zh-CN',
    );
    expect([unknown.status, unknown.errmsg]).toEqual([404, translate('zh-CN', 'errors.orgRoleNotFound')]);
  });
});
