import { ErrorCode, type TAdminUserDetail, type TAdminUserProfile, type TAdminUsersPage } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { newId, toDbDate } from '../../../src/infrastructure/db/dialect';
import { newIp, signUp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { body, newUser } from '../orders/support';
import { auditOf, newStaff, type Staff } from '../admin/support';

// The back office's users (ADR 0019): search by id and prefixes with keyset pages, a user's
// page, and the audited actions with a required reason.

const DAY_MS = 86_400_000;

describe.each(testDialects())('back office: users on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const db = () => ctx.database.db;
  const get = (url: string, staff: Staff) => ctx.app.inject({ url, cookies: staff.cookies, headers: { 'accept-language': 'en' } });
  const post = (url: string, staff: Staff, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url,
      cookies: staff.cookies,
      payload,
      remoteAddress: '10.9.8.7',
      headers: { 'accept-language': 'en', origin: ctx.app.config.webOrigin },
    });
  const infoStatus = async (token: string) => (await ctx.app.inject({ url: '/user/info', headers: { authorization: token } })).statusCode;
  const login = (account: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/h5Login',
      payload: { loginType: 'account', account, password },
      remoteAddress: newIp(),
      headers: { 'accept-language': 'en' },
    });

  it('finds a user by exact id and by prefix of username (any case), phone and email, and pages on (created_at, id)', async () => {
    const support = await newStaff(db(), 'SUPPORT');
    const users = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    const ids = await Promise.all(
      users.map(
        async (user) => (await db().selectFrom('users').select('id').where('username', '=', user.username).executeTakeFirstOrThrow()).id,
      ),
    );
    const search = async (q: string, extra = '') => {
      const res = await get(`/admin/users?q=${encodeURIComponent(q)}${extra}`, support);
      expect(res.statusCode, res.body).toBe(200);
      return body<TAdminUsersPage>(res).data;
    };
    expect((await search(ids[1]!)).items.map((item) => item.id)).toEqual([ids[1]]);
    expect((await search(users[2]!.username.toUpperCase())).items.map((item) => item.id)).toEqual([ids[2]]);
    expect((await search(users[0]!.mobile.slice(0, 10))).items.map((item) => item.id)).toContain(ids[0]);
    expect((await search(users[0]!.mobile)).items.map((item) => item.id)).toEqual([ids[0]]);
    expect((await search(users[1]!.email.slice(0, 12).toUpperCase())).items.map((item) => item.id)).toContain(ids[1]);
    // an id prefix is not a match, and LIKE wildcards are plain characters
    expect((await search(ids[1]!.slice(0, 20))).items).toEqual([]);
    expect((await search(`${users[0]!.username.slice(0, 3)}_`)).items).toEqual([]);
    expect((await search('%')).items).toEqual([]);

    // the three share a username prefix: pages of one, newest first, then the end
    const prefix = users[0]!.username.slice(0, 10);
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const page: TAdminUsersPage = await search(prefix, `&limit=1${next ? `&before=${encodeURIComponent(next)}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.items.map((item) => item.id));
      next = page.next;
    } while (next);
    expect(seen.filter((id) => ids.includes(id))).toEqual([ids[2], ids[1], ids[0]]);
    expect(new Set(seen).size).toBe(seen.length);

    for (const bad of ['?before=nope', '?limit=0', '?limit=101', `?q=${'x'.repeat(101)}`, '?q=a%00b', '?extra=1']) {
      const res = await get(`/admin/users${bad}`, support);
      expect({ bad, status: res.statusCode, errcode: body(res).errcode }).toEqual({
        bad,
        status: 400,
        errcode: ErrorCode.VALIDATION_FAILED,
      });
    }
  });

  it('reads a phone typed without its calling code in the region the staff member chose (CN when none); a bad region is a 400 envelope', async () => {
    const support = await newStaff(db(), 'SUPPORT');
    const user = await newUser(ctx.app);
    await db().updateTable('users').set({ mobile: '+34612345678' }).where('id', '=', user.id).execute();
    const ids = async (query: string) => {
      const res = await get(`/admin/users?${query}`, support);
      expect(res.statusCode, res.body).toBe(200);
      return body<TAdminUsersPage>(res).data.items.map((item) => item.id);
    };
    expect(await ids(`q=${encodeURIComponent('612 345 678')}&region=ES`)).toEqual([user.id]);
    expect(await ids(`q=${encodeURIComponent('612 345 678')}`)).toEqual([]);
    expect(await ids(`q=${encodeURIComponent('612 345 678')}&region=CN`)).toEqual([]);
    expect(await ids(`q=${encodeURIComponent('612 345 678')}&region=FR`)).toEqual([]);
    expect(await ids(`q=${encodeURIComponent('+34 612 345 678')}`)).toEqual([user.id]);
    expect(await ids(`q=${encodeURIComponent('0034 612 345 678')}&region=FR`)).toEqual([user.id]);
    // the first digits of a national number: after the region's calling code
    expect(await ids(`q=${encodeURIComponent('612 34')}&region=ES`)).toContain(user.id);
    expect(await ids(`q=${encodeURIComponent('612 34')}`)).not.toContain(user.id);

    const messages: string[] = [];
    for (const [region, language] of [
      ['ZZ', 'en'],
      ['es', 'en'],
      ['ESP', 'en'],
      ['', 'en'],
      ['ZZ', 'zh-CN'],
    ] as const) {
      const res = await ctx.app.inject({
        url: `/admin/users?q=612345678&region=${region}`,
        cookies: support.cookies,
        headers: { 'accept-language': language },
      });
      const envelope = body(res);
      expect({ region, status: res.statusCode, errcode: envelope.errcode }).toEqual({
        region,
        status: 400,
        errcode: ErrorCode.VALIDATION_FAILED,
      });
      messages.push(envelope.errmsg);
    }
    // the message is in the caller's language
    expect(messages[4]).not.toEqual(messages[0]);
    expect(messages[4]).toMatch(/[\u4e00-\u9fff]/);
  });

  it('a prefix matching more than 200 users reads 200 per field, answers the newest of them and says it was capped', async () => {
    const support = await newStaff(db(), 'SUPPORT');
    const stem = `cap${Math.random().toString(36).slice(2, 7)}`;
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    const rows = Array.from({ length: 502 }, (_, i) => ({
      id: newId(base + i * 1000),
      username: `${stem}${String(i).padStart(3, '0')}`,
      username_norm: `${stem}${String(i).padStart(3, '0')}`,
      mobile: null,
      email: null,
      nickname: 'n',
      password_hash: 'x',
      password_changed_at: toDbDate(base),
      created_at: toDbDate(base + i * 1000),
      updated_at: toDbDate(base),
    }));
    for (let i = 0; i < rows.length; i += 100)
      await db()
        .insertInto('users')
        .values(rows.slice(i, i + 100))
        .execute();
    const search = async (q: string) => body<TAdminUsersPage>(await get(`/admin/users?q=${q}&limit=100`, support)).data;

    const broad = await search(stem);
    expect(broad.capped).toBe(true);
    expect(broad.items).toHaveLength(100);
    const created = broad.items.map((item) => item.createdAt);
    expect(created).toEqual([...created].sort().reverse()); // newest first among those read
    // a narrower prefix (ten users) is complete
    const narrow = await search(`${stem}10`);
    expect(narrow.capped).toBe(false);
    expect(narrow.items.map((item) => item.username)).toEqual(Array.from({ length: 10 }, (_, i) => `${stem}10${9 - i}`));
    expect((await search(`${stem}501`)).items.map((item) => item.username)).toEqual([`${stem}501`]);
  });

  it("shows a user's profile, orders, open sessions, devices and referral relations; an unknown id is a 404 envelope", async () => {
    const finance = await newStaff(db(), 'FINANCE');
    const user = await newUser(ctx.app);
    const res = await get(`/admin/users/${user.id}`, finance);
    expect(res.statusCode, res.body).toBe(200);
    const detail = body<TAdminUserDetail>(res).data;
    expect(detail.profile).toMatchObject({
      id: user.id,
      username: user.username,
      lockedAt: null,
      twoStep: false,
      monitorCount: expect.any(Number),
    });
    expect(detail.sessions).toHaveLength(1);
    expect(detail.orders).toEqual([]);
    expect(detail.devices).toEqual([]);
    expect(detail.referral).toEqual({ referredBy: null, ambassador: null });
    const missing = await get(`/admin/users/${newId()}`, finance);
    expect({ status: missing.statusCode, errcode: body(missing).errcode, errmsg: body(missing).errmsg }).toEqual({
      status: 404,
      errcode: ErrorCode.ADMIN_USER_NOT_FOUND,
      errmsg: 'No such customer.',
    });
  });

  it('grants membership days and screen walls through fulfilment, each audited with before, after, reason and address', async () => {
    const support = await newStaff(db(), 'SUPPORT');
    const user = await newUser(ctx.app);
    const before = await db().selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    const t0 = Date.now();
    const granted = await post(`/admin/users/${user.id}/grant-membership`, support, { days: 30, reason: 'service outage 11-20' });
    expect(granted.statusCode, granted.body).toBe(200);
    const profile = body<TAdminUserProfile>(granted).data;
    expect(profile.memberPlan).toBe('PRO');
    const end = Date.parse(profile.memberExpiresAt!);
    expect(end).toBeGreaterThanOrEqual(t0 + 30 * DAY_MS);
    expect(end).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

    const walls = await post(`/admin/users/${user.id}/grant-walls`, support, { walls: 4, reason: 'goodwill' });
    expect(walls.statusCode, walls.body).toBe(200);
    expect(body<TAdminUserProfile>(walls).data.monitorCount).toBe(Number(before.monitor_count) + 4);

    const audit = await auditOf(db(), user.id);
    expect(audit.map((row) => row.action)).toEqual(['user.grantMembershipDays', 'user.grantWalls']);
    expect(audit[0]).toMatchObject({ staff_id: support.id, target_type: 'user', reason: 'service outage 11-20', ip: '10.9.8.7' });
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ memberExpiresAt: before.member_expires_at, memberPlan: before.member_plan });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({
      memberExpiresAt: profile.memberExpiresAt,
      memberPlan: 'PRO',
      grantedDays: 30,
    });
    expect(JSON.parse(audit[1]!.before_json!).monitorCount + 4).toBe(JSON.parse(audit[1]!.after_json!).monitorCount);
  });

  it('refuses an action without a reason, with bad numbers or on an unknown user, changing nothing', async () => {
    const support = await newStaff(db(), 'SUPPORT');
    const user = await newUser(ctx.app);
    const cases: [string, Record<string, unknown>][] = [
      ['grant-membership', { days: 30 }],
      ['grant-membership', { days: 30, reason: '   ' }],
      ['grant-membership', { days: 0, reason: 'x' }],
      ['grant-membership', { days: 1.5, reason: 'x' }],
      ['grant-membership', { days: '30', reason: 'x' }],
      ['grant-walls', { walls: 101, reason: 'x' }],
      ['lock', {}],
      ['reset-two-step', { reason: 'lost phone' }],
      ['reset-two-step', { reason: 'lost phone', identityCheck: '' }],
      ['end-sessions', { reason: 'x'.repeat(501) }],
    ];
    for (const [action, payload] of cases) {
      const res = await post(`/admin/users/${user.id}/${action}`, support, payload);
      expect({ action, payload, status: res.statusCode, errcode: body(res).errcode }).toEqual({
        action,
        payload,
        status: 400,
        errcode: ErrorCode.VALIDATION_FAILED,
      });
    }
    const unknown = await post(`/admin/users/${newId()}/grant-walls`, support, { walls: 1, reason: 'x' });
    expect({ status: unknown.statusCode, errcode: body(unknown).errcode }).toEqual({
      status: 404,
      errcode: ErrorCode.ADMIN_USER_NOT_FOUND,
    });
    expect(await infoStatus(user.token)).toBe(200);
    expect(await auditOf(db(), user.id)).toEqual([]);
  });

  it('locks an account (sessions end, every sign-in refused) and unlocks it, both audited', async () => {
    const support = await newStaff(db(), 'SUPPORT');
    const user = await signUp(ctx.app);
    const id = (await db().selectFrom('users').select('id').where('username', '=', user.username).executeTakeFirstOrThrow()).id;
    const locked = await post(`/admin/users/${id}/lock`, support, { reason: 'card fraud report #42' });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(body<TAdminUserProfile>(locked).data.lockedAt).not.toBeNull();
    expect(await infoStatus(user.token)).toBe(401);
    const refused = await login(user.username, user.password);
    expect({ status: refused.statusCode, errcode: body(refused).errcode }).toEqual({ status: 403, errcode: ErrorCode.ACCOUNT_LOCKED });
    const again = await post(`/admin/users/${id}/lock`, support, { reason: 'twice' });
    expect({ status: again.statusCode, errcode: body(again).errcode }).toEqual({ status: 409, errcode: ErrorCode.ADMIN_LOCK_UNCHANGED });

    const unlocked = await post(`/admin/users/${id}/unlock`, support, { reason: 'cleared by the bank' });
    expect(body<TAdminUserProfile>(unlocked).data.lockedAt).toBeNull();
    expect((await login(user.username, user.password)).statusCode).toBe(200);

    const audit = await auditOf(db(), id);
    expect(audit.map((row) => row.action)).toEqual(['user.lock', 'user.unlock']);
    expect(JSON.parse(audit[0]!.before_json!).lockedAt).toBeNull();
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ lockedAt: expect.any(String), sessionsEnded: 1 });
    expect(JSON.parse(audit[1]!.after_json!).lockedAt).toBeNull();
  });

  it("ends one of the customer's sessions by id, audited; another user's or an unknown session is a 404 envelope", async () => {
    const support = await newStaff(db(), 'SUPPORT');
    const user = await signUp(ctx.app);
    const id = (await db().selectFrom('users').select('id').where('username', '=', user.username).executeTakeFirstOrThrow()).id;
    const second = await login(user.username, user.password);
    const secondToken = body<{ access_token: string }>(second).data.access_token;
    const detail = body<TAdminUserDetail>(await get(`/admin/users/${id}`, support)).data;
    expect(detail.sessions).toHaveLength(2);
    const other = await newUser(ctx.app);
    const foreign = body<TAdminUserDetail>(await get(`/admin/users/${other.id}`, support)).data.sessions[0]!.id;
    const wrong = await post(`/admin/users/${id}/sessions/${foreign}/end`, support, { reason: 'x' });
    expect({ status: wrong.statusCode, errcode: body(wrong).errcode }).toEqual({ status: 404, errcode: ErrorCode.SESSION_NOT_FOUND });
    expect(await infoStatus(other.token)).toBe(200);

    const newest = detail.sessions[0]!.id;
    const ended = await post(`/admin/users/${id}/sessions/${newest}/end`, support, { reason: 'unknown device in Lagos' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect([await infoStatus(user.token), await infoStatus(secondToken)].sort()).toEqual([200, 401]);
    const audit = await auditOf(db(), id);
    expect(audit.map((row) => [row.action, row.reason, JSON.parse(row.after_json!).sessionEnded])).toEqual([
      ['user.endSession', 'unknown device in Lagos', newest],
    ]);
  });

  it("ends all the customer's sessions, and resets two-step verification only with an identity check note", async () => {
    const support = await newStaff(db(), 'SUPPORT');
    const user = await newUser(ctx.app);
    const ended = await post(`/admin/users/${user.id}/end-sessions`, support, { reason: 'customer lost a laptop' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await infoStatus(user.token)).toBe(401);

    const none = await post(`/admin/users/${user.id}/reset-two-step`, support, {
      reason: 'lost phone',
      identityCheck: 'called back on the number on file',
    });
    expect({ status: none.statusCode, errcode: body(none).errcode }).toEqual({
      status: 409,
      errcode: ErrorCode.ADMIN_TWO_STEP_NOT_ENABLED,
    });

    const now = toDbDate(new Date());
    await db()
      .insertInto('user_totp')
      .values({ user_id: user.id, secret_enc: 'x', enabled_at: now, last_step: 0, created_at: now })
      .execute();
    await db()
      .insertInto('totp_backup_codes')
      .values({ id: newId(), user_id: user.id, code_hash: 'h', used_at: null, created_at: now })
      .execute();
    const reset = await post(`/admin/users/${user.id}/reset-two-step`, support, {
      reason: 'lost phone',
      identityCheck: 'ID card photo matched, ticket 991',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(body<TAdminUserProfile>(reset).data.twoStep).toBe(false);
    expect(await db().selectFrom('totp_backup_codes').select('id').where('user_id', '=', user.id).execute()).toEqual([]);

    const audit = await auditOf(db(), user.id);
    expect(audit.map((row) => row.action)).toEqual(['user.endSessions', 'user.resetTwoStep']);
    expect(JSON.parse(audit[0]!.after_json!).sessionsEnded).toBe(1);
    expect(JSON.parse(audit[1]!.before_json!).twoStep).toBe(true);
    expect(JSON.parse(audit[1]!.after_json!)).toMatchObject({ twoStep: false, identityCheck: 'ID card photo matched, ticket 991' });
  });
});
