import { ErrorCode, type TAmbassadorInfo } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { fromDbDate, toDbDate } from '../../../src/infrastructure/db/dialect';
import { recordCommission, reverseCommissionsForOrder } from '../../../src/modules/referrals/commission.service';
import { maskedMainland, newIdentity, newIp, outboxCode, sendCode, signUp, type Identity } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { messageOf } from '../../messages';
import { DAY, HOUR } from './fixtures';

interface Envelope<T = Record<string, unknown>> {
  errcode: number;
  errmsg: string;
  data: T;
}
const body = <T = Record<string, unknown>>(res: { json(): unknown }) => res.json() as Envelope<T>;

interface JoinResult {
  activityType: string;
  referralCode: string;
  referralLink: string;
  joinedAt: string;
  created: boolean;
}
interface Info {
  joined: boolean;
  referralCode: string | null;
  referralLink: string | null;
  referredCount: number;
  referredUsers: Array<{ account: string; boundAt: string; expiresAt: string; remainingDays: number; active: boolean }>;
  totals: { pendingFen: number; effectiveFen: number; reversedFen: number };
  commissionCount: number;
  commissions: Array<{
    account: string;
    orderId: string;
    itemType: string;
    baseAmountFen: number;
    amountFen: number;
    state: string;
    reversedAt: string | null;
  }>;
  rules: Record<string, number>;
}

const WEB = 'https://www.llk.example';
const PATH = '/activity/participant/marketingAmbassador';

describe.each(testDialects())('ambassador programme on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect, { env: { CODE_IP_HOURLY_LIMIT: '10000', CODE_IP_DAILY_LIMIT: '10000', WEB_ORIGIN: WEB } });
  const db = () => ctx.database.db;

  const join = (token: string, query = '?activityType=LZ', headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `${PATH}${query}`, headers: { authorization: token, ...headers } });
  const info = (token: string) => ctx.app.inject({ url: PATH, headers: { authorization: token } });

  /** Signs up through POST /signup with a Cookie header, as the browser's /api forward does. */
  async function signUpWithCookie(cookie: string | null, identity: Identity = newIdentity(), referralCode?: string) {
    const sent = await sendCode(ctx.app, { mobile: identity.mobile, smsType: 'SIGNUP' });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await outboxCode(ctx.app, identity.mobile);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/signup',
      payload: {
        username: identity.username,
        mobile: identity.mobile,
        code,
        password: identity.password,
        confirmPassword: identity.password,
        email: identity.email,
        ...(referralCode !== undefined ? { referralCode } : {}),
      },
      headers: cookie ? { cookie } : {},
      remoteAddress: newIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const user = await db().selectFrom('users').selectAll().where('mobile', '=', identity.mobile).executeTakeFirstOrThrow();
    return { res, user, token: body<{ access_token: string }>(res).data.access_token };
  }

  /** POST /signup without a cookie, from a fresh address, in the given language. */
  const postSignup = (payload: Record<string, unknown>, lang?: string) =>
    ctx.app.inject({ method: 'POST', url: '/signup', payload, headers: lang ? { 'accept-language': lang } : {}, remoteAddress: newIp() });

  async function newAmbassador() {
    const me = await signUp(ctx.app);
    const res = await join(me.token);
    expect(res.statusCode, res.body).toBe(200);
    const row = await db().selectFrom('users').select('id').where('mobile', '=', me.mobile).executeTakeFirstOrThrow();
    return { ...me, id: row.id, joined: body<JoinResult>(res).data };
  }

  describe('joining', () => {
    it('needs a session', async () => {
      const res = await ctx.app.inject({ method: 'POST', url: `${PATH}?activityType=LZ`, headers: { 'accept-language': 'fr' } });
      expect(res.statusCode).toBe(401);
      expect(body(res)).toMatchObject({ errcode: 40100, errmsg: messageOf('fr', 'errors.unauthorized') });
      expect((await ctx.app.inject({ url: PATH })).statusCode).toBe(401);
    });

    it('takes activityType LZ only, with a clear error for anything else', async () => {
      const me = await signUp(ctx.app);
      for (const query of ['', '?activityType=XX', '?activityType=lz']) {
        const res = await join(me.token, query, { 'accept-language': 'ja' });
        expect(res.statusCode, query).toBe(400);
        expect(body(res).errcode).toBe(40001);
        expect(body(res).errmsg, query).toMatch(/^activityType: /);
        expect([messageOf('ja', 'validation.required'), messageOf('ja', 'validation.invalidValue')], query).toContain(
          body(res).errmsg.slice('activityType: '.length),
        );
      }
    });

    it('refuses a cross-site cookie call', async () => {
      const me = await signUp(ctx.app);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${PATH}?activityType=LZ`,
        headers: { cookie: `llk_session=${me.token}`, origin: 'https://evil.example' },
      });
      expect(res.statusCode).toBe(403);
    });

    it('gives a code and a link on the web origin; joining again returns the same code', async () => {
      const me = await signUp(ctx.app);
      const before = body<Info>(await info(me.token)).data;
      expect(before).toMatchObject({ joined: false, referralCode: null, referralLink: null, referredUsers: [], commissions: [] });
      expect(before.rules).toEqual({ commissionPercent: 20, bindingDays: 60, settlementDays: 7, bonusProDays: 3, bonusMonitors: 10 });

      const first = body<JoinResult>(await join(me.token)).data;
      expect(first.referralCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(first.referralLink).toBe(`${WEB}/?ref=${first.referralCode}`);
      expect(first).toMatchObject({ activityType: 'LZ', created: true });
      const again = body<JoinResult>(await join(me.token)).data;
      expect(again).toEqual({ ...first, created: false });
      const concurrent = await Promise.all([join(me.token), join(me.token)]);
      for (const res of concurrent) expect(body<JoinResult>(res).data.referralCode).toBe(first.referralCode);

      const after = body<Info>(await info(me.token)).data;
      expect(after).toMatchObject({ joined: true, referralCode: first.referralCode, referralLink: first.referralLink, referredCount: 0 });
      expect((await info(me.token)).headers['cache-control']).toBe('private, no-store');
    });

    it('gives two members different codes', async () => {
      const [a, b] = await Promise.all([newAmbassador(), newAmbassador()]);
      expect(a.joined.referralCode).not.toBe(b.joined.referralCode);
    });
  });

  describe('sign-up through a referral link', () => {
    it('binds the new user for 60 days and grants 3 days of Pro and 10 screen walls at once', async () => {
      const ambassador = await newAmbassador();
      const started = Date.now();
      const { res, user, token } = await signUpWithCookie(`llk_lang=en; llk_ref=${ambassador.joined.referralCode.toLowerCase()}`);
      expect(String(res.headers['set-cookie'])).toMatch(/llk_ref=;.*Expires=Thu, 01 Jan 1970/); // used up

      const binding = await db()
        .selectFrom('referral_bindings')
        .selectAll()
        .where('referred_user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(binding.ambassador_user_id).toBe(ambassador.id);
      expect(fromDbDate(binding.expires_at).getTime() - fromDbDate(binding.bound_at).getTime()).toBe(60 * DAY);
      expect(fromDbDate(binding.bound_at).getTime()).toBeGreaterThanOrEqual(started - 1000);

      expect(user.member_plan).toBe('PRO');
      expect(user.monitor_count).toBe(10);
      expect(fromDbDate(user.member_expires_at ?? '').getTime()).toBe(fromDbDate(binding.bound_at).getTime() + 3 * DAY);
      const level = body<{ plan: string; active: boolean }>(
        await ctx.app.inject({ url: '/user/currentMemberLevel', headers: { authorization: token } }),
      ).data;
      expect(level).toMatchObject({ plan: 'PRO', active: true });
      const walls = body<{ monitorCount: number }>(
        await ctx.app.inject({ url: '/user/queryMonitorAndQuality', headers: { authorization: token } }),
      ).data;
      expect(walls.monitorCount).toBe(10);

      const seen = body<Info>(await info(ambassador.token)).data;
      expect(seen.referredCount).toBe(1);
      expect(seen.referredUsers).toEqual([
        {
          account: maskedMainland(user.mobile ?? ''),
          boundAt: binding.bound_at,
          expiresAt: binding.expires_at,
          remainingDays: 60,
          active: true,
        },
      ]);
      expect(JSON.stringify(seen)).not.toContain(user.mobile ?? 'no mobile');
      expect(JSON.stringify(seen)).not.toContain(user.id);
    });

    it('binds through a code typed at sign-up (the apps have no cookie), which wins over a link’s cookie', async () => {
      const [typed, linked] = await Promise.all([newAmbassador(), newAmbassador()]);
      const { user } = await signUpWithCookie(
        `llk_ref=${linked.joined.referralCode}`,
        newIdentity(),
        ` ${typed.joined.referralCode.toLowerCase()} `,
      );
      const binding = await db()
        .selectFrom('referral_bindings')
        .selectAll()
        .where('referred_user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(binding.ambassador_user_id).toBe(typed.id);
      expect(user).toMatchObject({ member_plan: 'PRO', monitor_count: 10 });
      // an empty field falls back to the cookie
      const { user: second } = await signUpWithCookie(`llk_ref=${linked.joined.referralCode}`, newIdentity(), '');
      const secondBinding = await db()
        .selectFrom('referral_bindings')
        .selectAll()
        .where('referred_user_id', '=', second.id)
        .executeTakeFirstOrThrow();
      expect(secondBinding.ambassador_user_id).toBe(linked.id);
    });

    it('a malformed typed code is a validation error in the caller’s language; nothing is created', async () => {
      const identity = newIdentity();
      for (const [lang, message] of [
        ['en', 'A referral code is 8 letters and digits. Please check it.'],
        ['ja', '紹介コードは英数字 8 文字です。もう一度ご確認ください。'],
      ] as const) {
        const res = await postSignup(
          { username: identity.username, mobile: identity.mobile, code: '123456', password: identity.password, referralCode: 'NOT-A-CODE' },
          lang,
        );
        expect(res.statusCode).toBe(400);
        expect(body(res).errmsg).toContain(message);
      }
      expect(await db().selectFrom('users').select('id').where('mobile', '=', identity.mobile).executeTakeFirst()).toBeUndefined();
    });

    it('a typed code of no ambassador is a validation error before the SIGNUP code is used; without it the same code signs up', async () => {
      const identity = newIdentity();
      const sent = await sendCode(ctx.app, { mobile: identity.mobile, smsType: 'SIGNUP' });
      expect(sent.statusCode, sent.body).toBe(200);
      const code = await outboxCode(ctx.app, identity.mobile);
      const payload = {
        username: identity.username,
        mobile: identity.mobile,
        code,
        password: identity.password,
        confirmPassword: identity.password,
      };
      for (const [lang, message] of [
        ['en', 'No ambassador has this referral code. Check it, or leave the field empty.'],
        ['zh-CN', '该推广码不存在，请检查后重新输入，或留空'],
      ] as const) {
        const res = await postSignup({ ...payload, referralCode: 'ZZZZZZZZ' }, lang);
        expect(res.statusCode).toBe(400);
        expect(body(res)).toMatchObject({
          errcode: 40001,
          errmsg: `referralCode: ${message}`,
          data: { fields: [{ field: 'body.referralCode', rule: 'validation.referralCodeUnknown' }] },
        });
      }
      expect(await db().selectFrom('users').select('id').where('mobile', '=', identity.mobile).executeTakeFirst()).toBeUndefined();
      const retry = await postSignup({ ...payload, referralCode: '' });
      expect(retry.statusCode, retry.body).toBe(200);
    });

    it('ignores an unknown or malformed code: the sign-up succeeds without binding or bonus', async () => {
      for (const cookie of ['llk_ref=ZZZZZZZZ', 'llk_ref=not-a-code', 'llk_ref=', null]) {
        const { user } = await signUpWithCookie(cookie);
        const binding = await db().selectFrom('referral_bindings').selectAll().where('referred_user_id', '=', user.id).executeTakeFirst();
        expect(binding, String(cookie)).toBeUndefined();
        expect(user.member_plan, String(cookie)).toBe('FREE');
        expect(user.monitor_count, String(cookie)).toBe(0);
      }
    });

    it('a failed sign-up binds nothing and leaves the code for the next try', async () => {
      const ambassador = await newAmbassador();
      const identity = newIdentity();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/signup',
        payload: { username: identity.username, mobile: identity.mobile, code: '000000', password: identity.password },
        headers: { cookie: `llk_ref=${ambassador.joined.referralCode}` },
        remoteAddress: newIp(),
      });
      expect(res.statusCode).toBe(400);
      expect(String(res.headers['set-cookie'] ?? '')).not.toContain('llk_ref');
      expect(
        (await db().selectFrom('referral_bindings').selectAll().where('ambassador_user_id', '=', ambassador.id).execute()).length,
      ).toBe(0);
    });
  });

  describe('the ambassador’s page', () => {
    it('shows remaining days, and pending, effective and reversed totals and lines', async () => {
      const ambassador = await newAmbassador();
      const { user } = await signUpWithCookie(`llk_ref=${ambassador.joined.referralCode}`);
      const rdb = db();
      // bound 50 days and one hour ago: 10 days left, rounded up
      const boundAt = new Date(Date.now() - 50 * DAY - HOUR);
      await rdb
        .updateTable('referral_bindings')
        .set({ bound_at: toDbDate(boundAt), expires_at: toDbDate(boundAt.getTime() + 60 * DAY) })
        .where('referred_user_id', '=', user.id)
        .execute();
      const pay = (orderId: string, amountFen: number, paidAt: Date) =>
        recordCommission(db(), {
          order: { id: orderId },
          items: [{ id: `${orderId}-1`, itemType: 'MEMBER', amountFen }],
          payerUserId: user.id,
          paidAt,
        });
      await pay(`o-old-${user.id}`, 10_000, new Date(Date.now() - 8 * DAY)); // due: effective when the page is read
      await pay(`o-new-${user.id}`, 2_999, new Date(Date.now() - DAY)); // pending
      await pay(`o-ref-${user.id}`, 5_000, new Date(Date.now() - 2 * DAY));
      // a refund inside the window reverses the line (and posts the reversal to the ledger)
      await reverseCommissionsForOrder(rdb, `o-ref-${user.id}`);

      const seen = body<Info>(await info(ambassador.token)).data;
      expect(seen.referredUsers[0]).toMatchObject({ remainingDays: 10, active: true });
      expect(seen.totals).toEqual({ pendingFen: 599, effectiveFen: 2000, paidOutFen: 0, reversedFen: 1000 });
      expect(seen.commissionCount).toBe(3);
      expect(seen.commissions.map((line) => [line.orderId, line.state, line.baseAmountFen, line.amountFen])).toEqual([
        [`o-ref-${user.id}`, 'REVERSED', 5000, 1000],
        [`o-new-${user.id}`, 'PENDING', 2999, 599],
        [`o-old-${user.id}`, 'EFFECTIVE', 10000, 2000],
      ]);
      expect(seen.commissions[0]?.account).toMatch(/^\d{3}\*{4}\d{4}$/);

      // once the binding is over: 0 days, inactive
      await rdb
        .updateTable('referral_bindings')
        .set({ expires_at: toDbDate(Date.now() - HOUR) })
        .where('referred_user_id', '=', user.id)
        .execute();
      expect(body<Info>(await info(ambassador.token)).data.referredUsers[0]).toMatchObject({ remainingDays: 0, active: false });
    });
  });
  it('an ambassador names where payouts go, confirmed by the password; the page shows it masked with the threshold', async () => {
    const identity = newIdentity();
    const { token } = await signUpWithCookie(null, identity);
    const payee = (payload: object, lang = 'en') =>
      ctx.app.inject({
        method: 'POST',
        url: '/activity/participant/payee',
        headers: { authorization: token, 'accept-language': lang },
        payload,
      });
    // not joined yet
    const early = await payee({ account: '13800138000', name: '张三', password: identity.password });
    expect([early.statusCode, body(early).errcode]).toEqual([409, ErrorCode.AMBASSADOR_NOT_JOINED]);
    expect((await join(token)).statusCode).toBe(200);
    expect(body<TAmbassadorInfo>(await info(token)).data.payout).toEqual({ thresholdFen: 10_000, payeeAccount: null, payeeName: null });

    // a wrong password changes nothing; a malformed account names its field in the caller's language
    const wrong = await payee({ account: '13800138000', name: '张三', password: 'not-the-password' });
    expect(body(wrong).errcode).toBe(ErrorCode.INVALID_CREDENTIALS);
    const malformed = await payee({ account: '12345', name: '张三', password: identity.password }, 'zh-CN');
    expect(body(malformed).errcode).toBe(ErrorCode.VALIDATION_FAILED);
    expect(malformed.body).toContain('body.account');
    expect(body<TAmbassadorInfo>(await info(token)).data.payout.payeeAccount).toBeNull();

    const saved = await payee({ account: 'Pay.Me@Example.com', name: 'Li Lei', password: identity.password });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body(saved).data).toEqual({ payeeAccount: expect.stringMatching(/\*/) as unknown as string, payeeName: 'Li Lei' });
    expect(body<TAmbassadorInfo>(await info(token)).data.payout).toEqual({
      thresholdFen: 10_000,
      payeeAccount: body<{ payeeAccount: string }>(saved).data.payeeAccount,
      payeeName: 'Li Lei',
    });
    const row = await db()
      .selectFrom('ambassadors')
      .select(['payee_account', 'payee_name'])
      .innerJoin('users', 'users.id', 'ambassadors.user_id')
      .where('users.mobile', '=', identity.mobile)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ payee_account: 'Pay.Me@Example.com', payee_name: 'Li Lei' });
  });
});
