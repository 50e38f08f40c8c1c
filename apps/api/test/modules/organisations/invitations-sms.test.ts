import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { ErrorCode, translate } from '@llk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitation } from '../../../src/modules/organisations/invitations.service';
import { newIdentity, signUpByEmail } from '../../accounts';
import { testDialects, type TestAppOptions, useTestApp } from '../../helper';
import { orgWorld, type Person } from './support';

// Invitations by SMS through Aliyun (ADR 0044): Aliyun sends approved templates only, so an
// invitation goes as the route's invitation template with the organisation's name (cut to 35
// characters) and the link's token (32 characters) as variables. A number whose route has no
// invitation template is refused (ORG_INVITATION_SMS_UNAVAILABLE) before anything is made: here
// the mainland route has one, the international route only a Spanish one. A local fake of
// Dysmsapi keeps what it was asked to send (sms-notices.test.ts checks the signatures).

interface Hit {
  endpoint: 'mainland' | 'intl';
  params: Record<string, string>;
}
const hits: Hit[] = [];

function fakeDysmsapi(endpoint: Hit['endpoint']): Server {
  return createServer((req, res) => {
    const params = Object.fromEntries(new URL(req.url ?? '/', 'http://fake').searchParams);
    hits.push({ endpoint, params });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ RequestId: `fake-${endpoint}`, Code: 'OK', Message: 'OK', BizId: '1^0' }));
  });
}

const mainland = fakeDysmsapi('mainland');
const intl = fakeDysmsapi('intl');
const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

const options: TestAppOptions = { env: {} };
beforeAll(async () => {
  Object.assign(options.env!, {
    ALIYUN_SMS_ENDPOINT: `http://127.0.0.1:${await listen(mainland)}`,
    ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-mainland',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'mainland-secret',
    ALIYUN_SMS_SIGN_NAME: '领连科',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_CN_CODE',
    ALIYUN_SMS_INVITATION_TEMPLATE_CODE: 'SMS_CN_INVITE',
    ALIYUN_SMS_INTL_ENDPOINT: `http://127.0.0.1:${await listen(intl)}`,
    ALIYUN_SMS_INTL_SIGN_NAME: 'LLK Remote',
    ALIYUN_SMS_INTL_TEMPLATE_CODE: 'SMS_INTL_CODE_EN',
    ALIYUN_SMS_INTL_INVITATION_TEMPLATE_CODES: 'es:SMS_INTL_INVITE_ES',
  });
});
afterAll(async () => {
  await close(mainland);
  await close(intl);
});

const LONG_NAME = 'Shenzhen Linglianke Remote Technology Company Limited Futian';
let serial = 0;
/** A US number of this run (the international route). */
const usNumber = () => `+1202555${String(1000 + (serial++ % 9000)).padStart(4, '0')}`;
const invitesTo = (digits: string) =>
  hits.filter((hit) => hit.params.PhoneNumbers === digits && hit.params.TemplateCode?.includes('INVITE'));

describe.each(testDialects())('organisation invitations by Aliyun SMS ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect, options);
  const world = orgWorld(ctx);

  async function owner(): Promise<Person> {
    const user = await signUpByEmail(ctx.app, newIdentity());
    const row = await ctx.database.db.selectFrom('users').select('id').where('username', '=', user.username).executeTakeFirstOrThrow();
    return { token: user.token, id: row.id, username: user.username };
  }
  const invitationsOf = (orgId: string) => ctx.database.db.selectFrom('org_invitations').selectAll().where('org_id', '=', orgId).execute();

  it('sends a mainland number the invitation template with the organisation’s name cut to 35 characters and a token that opens the invitation', async () => {
    const me = await owner();
    const orgId = await world.createOrg(me, LONG_NAME);
    const mobile = newIdentity().mobile;
    await world.ok(me, 'POST', '/org/invitation/create', { orgId, channel: 'PHONE', target: mobile, roleId: 'MEMBER' });
    const [sent, ...more] = invitesTo(mobile.slice(3));
    expect(more).toEqual([]);
    expect(sent?.endpoint).toBe('mainland');
    expect(sent?.params).toMatchObject({ TemplateCode: 'SMS_CN_INVITE', SignName: '领连科', RegionId: 'cn-hangzhou' });
    const variables = JSON.parse(sent!.params.TemplateParam!) as Record<string, string>;
    expect(Object.keys(variables).sort()).toEqual(['org', 'token']);
    expect([...variables.org!]).toHaveLength(35);
    expect(variables.org).toBe(`${[...LONG_NAME].slice(0, 34).join('')}…`);
    expect(variables.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const preview = await world.call(null, 'GET', '/org/invitation/preview', { token: variables.token! });
    expect(preview.errcode, preview.errmsg).toBe(0);
    expect((preview.data as { orgName: string }).orgName).toBe(LONG_NAME);
  });

  it('sends an international number its language’s template, and refuses one whose language has none (create, resend, import)', async () => {
    const me = await owner();
    const orgId = await world.createOrg(me, 'Acme SMS');
    const spanish = usNumber();
    const es = await world.call(me, 'POST', '/org/invitation/create', { orgId, channel: 'PHONE', target: spanish, roleId: 'MEMBER' }, 'es');
    expect(es.errcode, es.errmsg).toBe(0);
    const [sent] = invitesTo(spanish.slice(1));
    expect(sent?.endpoint).toBe('intl');
    expect(sent?.params.TemplateCode).toBe('SMS_INTL_INVITE_ES');
    expect(JSON.parse(sent!.params.TemplateParam!)).toMatchObject({ org: 'Acme SMS' });

    // English has no international invitation template: refused in the caller's language, nothing made
    const english = usNumber();
    for (const locale of ['en', 'fr', 'ja'] as const) {
      const answer = await world.call(
        me,
        'POST',
        '/org/invitation/create',
        { orgId, channel: 'PHONE', target: english, roleId: 'MEMBER' },
        locale,
      );
      expect(answer.status).toBe(409);
      expect(answer.errcode).toBe(ErrorCode.ORG_INVITATION_SMS_UNAVAILABLE);
      expect(answer.errmsg).toBe(translate(locale, 'errors.orgInvitationSmsUnavailable'));
    }
    expect((await invitationsOf(orgId)).map((row) => row.target)).toEqual([spanish]);
    expect(invitesTo(english.slice(1))).toEqual([]);

    // an invitation made while it could be sent (by the service with a delivery that carries it) is not resent in English
    const made = await createInvitation(
      {
        db: ctx.database.db,
        delivery: { ...ctx.app.delivery, carries: () => true, notify: async () => true },
        webOrigin: ctx.app.config.webOrigin,
        onSendError: () => {},
        kv: ctx.app.kv,
        limits: ctx.app.config.orgSends,
      },
      { orgId, userId: me.id, ip: null, locale: 'en' },
      { orgId, channel: 'PHONE', target: english, roleId: 'MEMBER' },
    );
    const resend = await world.call(me, 'POST', '/org/invitation/resend', { orgId, invitationId: made.id });
    expect(resend.errcode, resend.errmsg).toBe(ErrorCode.ORG_INVITATION_SMS_UNAVAILABLE);
    expect(invitesTo(english.slice(1))).toEqual([]);
    expect((await invitationsOf(orgId)).find((row) => row.id === made.id)?.sent_count).toBe(1);

    // an import answers the row INVALID with the reason, and invites the others
    const other = usNumber();
    const mobile = newIdentity().mobile;
    const imported = await world.call(
      me,
      'POST',
      '/org/invitation/import',
      { orgId, csv: `phone,role\n${other},MEMBER\n${mobile},MEMBER\n` },
      'fr',
    );
    expect(imported.errcode, imported.errmsg).toBe(0);
    const rows = (imported.data as { rows: { line: number; result: string; reason: string | null }[] }).rows;
    expect(rows).toEqual([
      expect.objectContaining({ line: 2, result: 'INVALID', reason: translate('fr', 'errors.orgInvitationSmsUnavailable') }),
      expect.objectContaining({ line: 3, result: 'INVITED', reason: null }),
    ]);
    expect(invitesTo(other.slice(1))).toEqual([]);
    expect(invitesTo(mobile.slice(3))).toHaveLength(1);
  });
});
