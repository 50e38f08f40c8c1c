import { ADMIN_SESSION_COOKIE, SESSION_COOKIE } from '@llk/contracts';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { createStaff } from '../../../src/modules/admin';
import { signUp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';

// Staff set-up (one-time link → password + TOTP), log-in, log-out, /admin/me (ADR 0019).

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct-horse-battery';
let ipCounter = 0;
const newIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

/** The authenticator's code for `secret`, `steps` periods of 30 s from now. */
function codeFor(secret: string, steps = 0): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

describe.each(testDialects())('staff set-up and log-in on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const post = (url: string, payload: object, extra: { cookie?: string; ip?: string; origin?: string | null } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: extra.ip ?? '127.0.0.1',
      headers: { 'accept-language': 'en', ...(extra.origin === null ? {} : { origin: extra.origin ?? ORIGIN }) },
      ...(extra.cookie ? { cookies: { [ADMIN_SESSION_COOKIE]: extra.cookie } } : {}),
    });

  async function newMember(role: 'OWNER' | 'CONTENT' = 'OWNER') {
    const username = `m${Math.random().toString(36).slice(2, 10)}`;
    const created = await createStaff(ctx.database.db, { username, role, createdBy: null });
    return { ...created, username };
  }

  /** A member who finished the set-up: their secret and session cookie. */
  async function setUpMember(role: 'OWNER' | 'CONTENT' = 'OWNER') {
    const member = await newMember(role);
    const start = await post('/admin/setup/start', { token: member.setupToken });
    const { secret } = start.json().data as { secret: string };
    const done = await post('/admin/setup', { token: member.setupToken, password: PASSWORD, secret, code: codeFor(secret) });
    expect(done.statusCode).toBe(200);
    const cookie = done.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!.value;
    return { ...member, secret, cookie };
  }

  it('opens a set-up link with a fresh secret each time, and refuses an unknown link', async () => {
    const member = await newMember('CONTENT');
    const first = await post('/admin/setup/start', { token: member.setupToken });
    expect(first.statusCode).toBe(200);
    const data = first.json().data as { username: string; role: string; secret: string; uri: string };
    expect(data).toMatchObject({ username: member.username, role: 'CONTENT' });
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.uri).toContain(`otpauth://totp/LLK%20Remote:admin%3A${member.username}?`);
    const second = (await post('/admin/setup/start', { token: member.setupToken })).json().data as { secret: string };
    expect(second.secret).not.toBe(data.secret);

    const unknown = await post('/admin/setup/start', { token: 'A'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errcode: 80002 });
    const malformed = await post('/admin/setup/start', { token: 'short' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errcode: 40001 });
  });

  it('sets password and TOTP, signs in with a Path=/admin HttpOnly SameSite=Strict cookie, audits it, and uses the link up', async () => {
    const member = await newMember('CONTENT');
    const { secret } = (await post('/admin/setup/start', { token: member.setupToken })).json().data as { secret: string };
    const wrongCode = await post('/admin/setup', { token: member.setupToken, password: PASSWORD, secret, code: codeFor(secret, 5) });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ errcode: 80004 });
    const weak = await post('/admin/setup', { token: member.setupToken, password: 'short1!', secret, code: codeFor(secret) });
    expect(weak.json()).toMatchObject({
      errcode: 40001,
      data: { fields: [{ field: 'body.password', rule: 'validation.staffPasswordFormat' }] },
    });

    const done = await post('/admin/setup', {
      token: member.setupToken,
      password: PASSWORD,
      secret,
      code: codeFor(secret),
      language: 'en',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toEqual({
      id: member.id,
      username: member.username,
      role: 'CONTENT',
      permissions: ['dashboard.read', 'content.manage'],
      language: 'en',
    });
    const cookie = done.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ path: '/admin', httpOnly: true, sameSite: 'Strict', maxAge: 43_200 });
    expect(cookie.secure).toBeFalsy();

    const row = await ctx.database.db.selectFrom('staff').selectAll().where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.totp_secret).not.toContain(secret);
    expect(row).toMatchObject({ setup_token_hash: null, setup_expires_at: null, locale: 'en' });
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id', 'ip'])
      .where('target_id', '=', member.id)
      .orderBy('at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['staff.create', 'staff.setup']);
    expect(audit[1]).toMatchObject({ staff_id: member.id, ip: '127.0.0.1' });

    const again = await post('/admin/setup', { token: member.setupToken, password: PASSWORD, secret, code: codeFor(secret, 1) });
    expect(again.json()).toMatchObject({ errcode: 80002 });
    const me = await ctx.app.inject({ method: 'GET', url: '/admin/me', cookies: { [ADMIN_SESSION_COOKIE]: cookie.value } });
    expect(me.json()).toMatchObject({ errcode: 0, data: { username: member.username, role: 'CONTENT', language: 'en' } });
  });

  it('uses a link once when 20 set-ups race: one session, one audit record', async () => {
    const member = await newMember('OWNER');
    const { secret } = (await post('/admin/setup/start', { token: member.setupToken })).json().data as { secret: string };
    const code = codeFor(secret);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/admin/setup', { token: member.setupToken, password: PASSWORD, secret, code })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).every((a) => a.json().errcode === 80002)).toBe(true);
    expect(await ctx.database.db.selectFrom('staff_sessions').select('id').where('staff_id', '=', member.id).execute()).toHaveLength(1);
    expect(
      await ctx.database.db
        .selectFrom('audit_log')
        .select('id')
        .where('target_id', '=', member.id)
        .where('action', '=', 'staff.setup')
        .execute(),
    ).toHaveLength(1);
  });

  it('refuses an expired link', async () => {
    const member = await createStaff(
      ctx.database.db,
      { username: `x${Date.now().toString(36)}`, role: 'OPS', createdBy: null },
      new Date(Date.now() - 24 * 3_600_000 - 1000),
    );
    const answer = await post('/admin/setup/start', { token: member.setupToken });
    expect(answer.json()).toMatchObject({ errcode: 80002 });
  });

  it('logs in with username (any case), password and a fresh code; each code once; audits the log-in', async () => {
    const member = await setUpMember('OWNER');
    const ip = newIp();
    const ok = await post(
      '/admin/login',
      { username: member.username.toUpperCase(), password: PASSWORD, code: codeFor(member.secret, 1) },
      { ip },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      id: member.id,
      role: 'OWNER',
      permissions: expect.arrayContaining(['staff.manage', 'audit.read']),
    });
    expect(ok.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)).toMatchObject({ path: '/admin', httpOnly: true, sameSite: 'Strict' });
    const replay = await post('/admin/login', { username: member.username, password: PASSWORD, code: codeFor(member.secret, 1) }, { ip });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ errcode: 80003, errmsg: 'The username, password or authenticator code is wrong.' });
    const logins = await ctx.database.db
      .selectFrom('audit_log')
      .select(['staff_id', 'ip'])
      .where('action', '=', 'staff.login')
      .where('target_id', '=', member.id)
      .execute();
    expect(logins).toEqual([{ staff_id: member.id, ip }]);
  });

  it('answers one error for a wrong password, a wrong code, an unknown name, a locked or unfinished member', async () => {
    const member = await setUpMember('SUPPORT' as 'OWNER');
    const pending = await newMember('CONTENT');
    const locked = await setUpMember('CONTENT');
    await ctx.database.db.updateTable('staff').set({ locked_at: new Date().toISOString() }).where('id', '=', locked.id).execute();
    const tries = [
      { username: member.username, password: 'wrong-password-123', code: codeFor(member.secret, 1) },
      { username: member.username, password: PASSWORD, code: codeFor(member.secret, 5) },
      { username: 'nobody-here', password: PASSWORD, code: '123456' },
      { username: pending.username, password: PASSWORD, code: '123456' },
      { username: locked.username, password: PASSWORD, code: codeFor(locked.secret, 1) },
    ];
    for (const payload of tries) {
      const answer = await post('/admin/login', payload, { ip: newIp() });
      expect(answer.statusCode, payload.username).toBe(400);
      expect(answer.json(), payload.username).toMatchObject({ errcode: 80003 });
      expect(answer.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('backs off after 5 failures on a member like customer log-ins (429 with Retry-After), even for the right password', async () => {
    const member = await setUpMember('CONTENT');
    for (let i = 0; i < 5; i++) {
      const answer = await post(
        '/admin/login',
        { username: member.username, password: `wrong-password-${i}x`, code: '000000' },
        { ip: newIp() },
      );
      expect(answer.json().errcode).toBe(80003);
    }
    const locked = await post(
      '/admin/login',
      { username: member.username, password: PASSWORD, code: codeFor(member.secret, 1) },
      { ip: newIp() },
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ errcode: 10013 });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a state-changing call with the staff cookie from another site, and a log-in body without a code', async () => {
    const member = await setUpMember('CONTENT');
    const crossSite = await post('/admin/logout', {}, { cookie: member.cookie, origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    const noOrigin = await post('/admin/logout', {}, { cookie: member.cookie, origin: null });
    expect(noOrigin.statusCode).toBe(403);
    const noCode = await post('/admin/login', { username: member.username, password: PASSWORD });
    expect(noCode.json()).toMatchObject({ errcode: 40001 });
    const stillIn = await ctx.app.inject({ method: 'GET', url: '/admin/me', cookies: { [ADMIN_SESSION_COOKIE]: member.cookie } });
    expect(stillIn.statusCode).toBe(200);
  });

  it('logs out: the session ends and the cookie is cleared on /admin', async () => {
    const member = await setUpMember('CONTENT');
    const out = await post('/admin/logout', {}, { cookie: member.cookie });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)).toMatchObject({ value: '', path: '/admin' });
    const me = await ctx.app.inject({ method: 'GET', url: '/admin/me', cookies: { [ADMIN_SESSION_COOKIE]: member.cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('keeps the language a member chooses, and a customer session opens no /admin/me', async () => {
    const member = await setUpMember('CONTENT');
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/admin/me/language',
      payload: { language: 'en' },
      headers: { origin: ORIGIN },
      cookies: { [ADMIN_SESSION_COOKIE]: member.cookie },
    });
    expect(put.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/admin/me', cookies: { [ADMIN_SESSION_COOKIE]: member.cookie } });
    expect(me.json().data.language).toBe('en');
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/admin/me/language',
      payload: { language: 'fr' },
      headers: { origin: ORIGIN },
      cookies: { [ADMIN_SESSION_COOKIE]: member.cookie },
    });
    expect(bad.json()).toMatchObject({ errcode: 40001 });

    const customer = await signUp(ctx.app);
    const asCustomer = await ctx.app.inject({
      method: 'GET',
      url: '/admin/me',
      cookies: { [SESSION_COOKIE]: customer.token, [ADMIN_SESSION_COOKIE]: customer.token },
    });
    expect(asCustomer.statusCode).toBe(401);
  });
});
