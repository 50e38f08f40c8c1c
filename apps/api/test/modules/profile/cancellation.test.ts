import { describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { appJobs } from '../../../src/composition/jobs/registry';
import { auditLedger } from '../../../src/modules/ledger';
import { eraseAccount } from '../../../src/flows/account-erasure';
import { newIp, proveEmail, signUp, type Identity } from '../../accounts';
import { testDialects } from '../../helper';
import { messageOf } from '../../messages';
import { enableTotp, totpCode } from '../auth/support';
import { newOrder, startPay, useOrdersApp, userRow } from '../orders/support';
import { body, codeFor, post } from './support';

// Account cancellation: a CANCEL_ACCOUNT code starts 15 days of cooling-off in which
// the user can log in and restore the account; then the accounts-erase job, run here with a
// moved clock, erases the personal data and frees the username, phone and email, while the
// orders stay and the ledger still balances.

const DAY_MS = 24 * 3_600_000;

async function runEraseJob(app: App, now: Date): Promise<unknown> {
  const job = appJobs(app).find((item) => item.name === 'accounts-erase');
  if (!job) throw new Error('accounts-erase is not registered');
  return job.run({ now, log: app.log, attempt: 1, signal: new AbortController().signal });
}

describe.each(testDialects())('account cancellation on $dialect', ({ dialect }) => {
  const ctx = useOrdersApp(dialect, { CODE_IP_HOURLY_LIMIT: '1000', CODE_IP_DAILY_LIMIT: '1000' });
  const info = (token: string) => ctx.app.inject({ url: '/user/info', headers: { authorization: token } });
  const idOf = async (token: string) => body<{ id: string }>(await info(token)).data.id;
  const cancel = async (user: Identity & { token: string }, channel: 'SMS' | 'EMAIL' = 'SMS') => {
    const to = channel === 'SMS' ? user.mobile : user.email;
    const code = await codeFor(ctx.app, { channel, smsType: 'CANCEL_ACCOUNT' }, user.token, to);
    return post(ctx.app, '/user/cancel', user.token, { channel, code });
  };
  const login = (account: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/h5Login', payload: { loginType: 'account', account, password }, remoteAddress: newIp() });

  it('cancels with the CANCEL_ACCOUNT code into a 15-day cooling-off; the user can still log in and restore with one call', async () => {
    const user = await signUp(ctx.app);
    await proveEmail(ctx.app, user); // so that channel EMAIL reaches the email (an unverified one is skipped)
    const wrong = await post(ctx.app, '/user/cancel', user.token, { channel: 'SMS', code: '000000' });
    expect(body(wrong).errcode).toBe(10008); // no code sent yet
    const before = Date.now();
    const res = await cancel(user);
    expect(res.statusCode, res.body).toBe(200);
    const { requestedAt, eraseAt } = body<{ requestedAt: string; eraseAt: string }>(res).data;
    expect(Date.parse(requestedAt)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(eraseAt) - Date.parse(requestedAt)).toBe(15 * DAY_MS);
    expect(body(await info(user.token)).data).toMatchObject({ cancellation: { requestedAt, eraseAt } });

    const twice = await cancel(user, 'EMAIL');
    expect(body(twice)).toMatchObject({ errcode: 10156, errmsg: messageOf('en', 'errors.accountCancelPending') });

    // still usable: a new log-in works and says the account is pending erasure
    const again = await login(user.username, user.password);
    expect(again.statusCode, again.body).toBe(200);
    const token = body<{ access_token: string }>(again).data.access_token;
    expect(body(await info(token)).data).toMatchObject({ cancellation: { eraseAt } });

    const restored = await post(ctx.app, '/user/cancel/revoke', token);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(body(restored).data).toMatchObject({ cancellation: null, username: user.username });
    const notPending = await post(ctx.app, '/user/cancel/revoke', token, undefined, 'ko');
    expect(body(notPending)).toMatchObject({ errcode: 10157, errmsg: messageOf('ko', 'errors.accountCancelNotPending') });

    // a restored account is not erased when the old date passes
    expect(await runEraseJob(ctx.app, new Date(Date.parse(eraseAt) + DAY_MS))).toEqual({ erased: 0 });
    expect((await info(user.token)).statusCode).toBe(200);
  });

  it('every log-in answer says the account is pending erasure: password, SMS code, and the second step', async () => {
    const user = await signUp(ctx.app);
    const fresh = await login(user.username, user.password);
    expect(body(fresh).data).toEqual({ access_token: expect.any(String), cancellation: null });

    const cancelled = body<{ requestedAt: string; eraseAt: string }>(await cancel(user)).data;
    expect(Date.parse(cancelled.eraseAt) - Date.parse(cancelled.requestedAt)).toBe(15 * DAY_MS);
    const byPassword = await login(user.username, user.password);
    expect(byPassword.statusCode, byPassword.body).toBe(200);
    expect(body(byPassword).data).toEqual({ access_token: expect.any(String), cancellation: cancelled });

    const code = await codeFor(ctx.app, { mobile: user.mobile, smsType: 'LOGIN' }, undefined, user.mobile);
    const bySms = await ctx.app.inject({
      method: 'POST',
      url: '/h5Login',
      payload: { loginType: 'mobile', mobile: user.mobile, code },
      remoteAddress: newIp(),
    });
    expect(bySms.statusCode, bySms.body).toBe(200);
    expect(body(bySms).data).toEqual({ access_token: expect.any(String), cancellation: cancelled });

    // with two-step verification the first answer is only the challenge; the second carries it
    const { secret, backupCodes } = await enableTotp(ctx.app, user.token);
    const first = body<{ challengeId: string }>(await login(user.username, user.password)).data;
    expect(first).toEqual({ secondStep: 'TOTP', challengeId: expect.any(String), expiresInSeconds: 300 });
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/h5Login/verifyTotp',
      payload: { challengeId: first.challengeId, code: totpCode(secret, Date.now() + 30_000) },
      remoteAddress: newIp(),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(body(second).data).toEqual({ access_token: expect.any(String), cancellation: cancelled });

    // restored: the next log-in says nothing is pending
    const token = body<{ access_token: string }>(second).data.access_token;
    expect((await post(ctx.app, '/user/cancel/revoke', token)).statusCode).toBe(200);
    const third = body<{ challengeId: string }>(await login(user.username, user.password)).data;
    const restored = await ctx.app.inject({
      method: 'POST',
      url: '/h5Login/verifyTotp',
      payload: { challengeId: third.challengeId, code: backupCodes[0] },
      remoteAddress: newIp(),
    });
    expect(body(restored).data).toEqual({ access_token: expect.any(String), cancellation: null });
  });

  it('erases after 15 days: the old token, access key and password never work again, the identifiers sign up anew, the orders still add up', async () => {
    const user = await signUp(ctx.app);
    const id = await idOf(user.token);
    const order = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR' });
    await ctx.fakes.pay('ZFB', await startPay(ctx.app, order.id, 'ZFB', user.token));
    const paidBefore = await ctx.database.db
      .selectFrom('orders')
      .select(['id', 'user_id', 'status', 'total_fen'])
      .where('user_id', '=', id)
      .execute();
    expect(paidBefore).toEqual([{ id: order.id, user_id: id, status: 'FULFILLED', total_fen: order.totalFen }]);

    const accessKey = body<{ accessKey: string }>(await ctx.app.inject({ url: '/accessKey', headers: { authorization: user.token } })).data
      .accessKey;
    const settings = await ctx.app.inject({
      method: 'POST',
      url: '/user/notificationSettings',
      headers: { authorization: user.token },
      payload: { newDeviceAlerts: false },
    });
    expect(body(settings).errcode).toBe(0);
    const securityRows = async () => ({
      signIns: (await ctx.database.db.selectFrom('login_events').select('id').where('user_id', '=', id).execute()).length,
      settings: (await ctx.database.db.selectFrom('notification_settings').select('user_id').where('user_id', '=', id).execute()).length,
    });
    expect((await securityRows()).signIns).toBeGreaterThan(0);
    expect((await securityRows()).settings).toBe(1);
    const res = await cancel(user);
    expect(res.statusCode, res.body).toBe(200);
    const eraseAt = Date.parse(body<{ eraseAt: string }>(res).data.eraseAt);

    // a minute early: nothing happens
    expect(await runEraseJob(ctx.app, new Date(eraseAt - 60_000))).toEqual({ erased: 0 });
    expect((await info(user.token)).statusCode).toBe(200);

    expect(await runEraseJob(ctx.app, new Date(eraseAt + 60_000))).toEqual({ erased: 1 });
    const row = await userRow(ctx.database, id);
    expect(row).toMatchObject({
      username: null,
      username_norm: null,
      mobile: null,
      email: null,
      password_hash: '!erased',
      cancel_requested_at: null,
      erase_at: null,
    });
    expect(row.nickname).toMatch(/^deleted-[0-9a-f]{10}$/);
    expect(row.erased_at).not.toBeNull();
    const live = await ctx.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    // the security centre's rows of the account are gone with it
    expect(await securityRows()).toEqual({ signIns: 0, settings: 0 });

    expect((await info(user.token)).statusCode).toBe(401);
    const redeem = await ctx.app.inject({ url: `/tokenByAccessKeyV2?accessKey=${encodeURIComponent(accessKey)}` });
    expect(body(redeem).errcode).toBe(10012);
    expect(body(await login(user.username, user.password)).errcode).toBe(10006);
    expect(await eraseAccount(ctx.database.db, ctx.app.kv, id, new Date(eraseAt + 2 * 60_000))).toBe(false); // once only
    expect(await runEraseJob(ctx.app, new Date(eraseAt + DAY_MS))).toEqual({ erased: 0 });

    // the same username, phone and email can register anew
    await ctx.app.kv.del(`sms:cool:SMS:${user.mobile}`);
    const reborn = await signUp(ctx.app, { username: user.username, mobile: user.mobile, email: user.email, password: user.password });
    expect(await idOf(reborn.token)).not.toBe(id);

    // the orders stay, under the pseudonymous id, and the ledger still matches them
    const paidAfter = await ctx.database.db
      .selectFrom('orders')
      .select(['id', 'user_id', 'status', 'total_fen'])
      .where('user_id', '=', id)
      .execute();
    expect(paidAfter).toEqual(paidBefore);
    expect(await auditLedger(ctx.database.db)).toEqual([]);
  });

  it('refuses a code sent to another purpose or another account', async () => {
    const user = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const otherCode = await codeFor(ctx.app, { channel: 'SMS', smsType: 'CANCEL_ACCOUNT' }, other.token, other.mobile);
    expect(body(await post(ctx.app, '/user/cancel', user.token, { channel: 'SMS', code: otherCode })).errcode).toBe(10008);
    const modify = await codeFor(ctx.app, { channel: 'SMS', smsType: 'MODIFY_PHONE' }, user.token, user.mobile);
    expect(body(await post(ctx.app, '/user/cancel', user.token, { channel: 'SMS', code: modify })).errcode).toBe(10008);
    expect(body(await info(user.token)).data).toMatchObject({ cancellation: null });
    const bad = await post(ctx.app, '/user/cancel', user.token, { channel: 'FAX', code: '12' }, 'es');
    expect(bad.statusCode).toBe(400);
    expect(
      body<{ fields: { field: string }[] }>(bad)
        .data.fields.map((field) => field.field)
        .sort(),
    ).toEqual(['body.channel', 'body.code']);
  });
});
