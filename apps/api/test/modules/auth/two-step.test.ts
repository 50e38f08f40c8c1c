import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/composition/config';
import { checkSecondFactor, matchTotpStep } from '../../../src/modules/auth/security.service';
import { decryptSecret, encryptSecret, totpKeyFrom } from '../../../src/modules/auth/totp-crypto';
import { newIp, outboxCode, sendCode, signUp } from '../../accounts';
import { PRODUCTION_ENV, testDialects, useTestApp } from '../../helper';
import { messageOf } from '../../messages';
import { body, challengeOf, enableTotp, get, passwordLogin, post, tokenOf, totpCode, type LoginAnswer } from './support';

// Two-step verification with TOTP: set-up, confirmation, backup codes, every log-in path
// (password, SMS code, access-key hand-off), the ±1 step window, replays, the 5-try limit.

const STEP = 30_000;

describe('TOTP key configuration', () => {
  it('production refuses to start without TOTP_ENCRYPTION_KEY; development uses a fixed key', () => {
    const { TOTP_ENCRYPTION_KEY: _omitted, ...rest } = PRODUCTION_ENV;
    expect(() => loadConfig({ ...rest, DATABASE_URL: 'postgres://u@h/db' })).toThrow(/TOTP_ENCRYPTION_KEY: required/);
    expect(() => totpKeyFrom(undefined, 'production')).toThrow(/TOTP_ENCRYPTION_KEY/);
    expect(totpKeyFrom(undefined, 'development').equals(totpKeyFrom(undefined, 'test'))).toBe(true);
    expect(() => loadConfig({ ...PRODUCTION_ENV, TOTP_ENCRYPTION_KEY: 'short', DATABASE_URL: 'postgres://u@h/db' })).toThrow(
      /TOTP_ENCRYPTION_KEY/,
    );
  });

  it('a secret encrypted under one key does not decrypt under another', () => {
    const key = totpKeyFrom('k'.repeat(32), 'production');
    const stored = encryptSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(stored).not.toContain('JBSWY3DPEHPK3PXP');
    expect(decryptSecret(key, stored)).toBe('JBSWY3DPEHPK3PXP');
    expect(decryptSecret(totpKeyFrom('j'.repeat(32), 'production'), stored)).toBeNull();
    expect(decryptSecret(key, 'garbage')).toBeNull();
  });

  it('codes match within one step either side of the clock, not two', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const now = new Date(Date.UTC(2026, 0, 1, 12, 0, 15));
    const step = Math.floor(now.getTime() / STEP);
    expect(matchTotpStep(secret, totpCode(secret, now.getTime()), now)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, now.getTime() - STEP), now)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, now.getTime() + STEP), now)).toBe(step + 1);
    expect(matchTotpStep(secret, totpCode(secret, now.getTime() - 2 * STEP), now)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, now.getTime() + 2 * STEP), now)).toBeNull();
  });
});

describe.each(testDialects())('two-step verification on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect, { env: { CODE_IP_HOURLY_LIMIT: '10000', CODE_IP_DAILY_LIMIT: '10000', CODE_RESEND_SECONDS: '1' } });

  const verify = (challengeId: string, code: string, lang = 'en') =>
    post<{ access_token: string }>(ctx.app, null, '/h5Login/verifyTotp', { challengeId, code }, { 'accept-language': lang });

  it('set-up gives a secret and an otpauth URI; a wrong code does not enable; the right one returns ten backup codes once', async () => {
    const user = await signUp(ctx.app);
    const setup = await post<{ secret: string; uri: string }>(ctx.app, user.token, '/user/totp/setup');
    expect(setup.res.statusCode).toBe(200);
    const { secret, uri } = setup.json.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(new RegExp(`^otpauth://totp/LLK%20Remote:${user.username}\\?.*secret=${secret}`));
    const stored = await ctx.database.db.selectFrom('user_totp').selectAll().executeTakeFirst();
    expect(JSON.stringify(stored)).not.toContain(secret);

    const wrong = await post(
      ctx.app,
      user.token,
      '/user/totp/enable',
      { code: totpCode(secret, Date.now() - 3 * STEP) },
      { 'accept-language': 'zh-CN' },
    );
    expect(wrong.json).toEqual({ errcode: 10100, errmsg: messageOf('zh-CN', 'errors.totpCodeInvalid'), data: null });
    expect((await get<{ enabled: boolean }>(ctx.app, user.token, '/user/totp')).json.data.enabled).toBe(false);

    const enabled = await post<{ backupCodes: string[] }>(ctx.app, user.token, '/user/totp/enable', { code: totpCode(secret) });
    expect(enabled.res.statusCode).toBe(200);
    expect(enabled.json.data.backupCodes).toHaveLength(10);
    expect(new Set(enabled.json.data.backupCodes).size).toBe(10);
    for (const code of enabled.json.data.backupCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hashes = await ctx.database.db.selectFrom('totp_backup_codes').select('code_hash').execute();
    expect(JSON.stringify(hashes)).not.toContain(enabled.json.data.backupCodes[0]);
    expect((await get(ctx.app, user.token, '/user/totp')).json.data).toMatchObject({ enabled: true, backupCodesLeft: 10 });

    const again = await post(ctx.app, user.token, '/user/totp/setup');
    expect(again.json.errcode).toBe(10104);
    const twice = await post(ctx.app, user.token, '/user/totp/enable', { code: totpCode(secret, Date.now() + STEP) });
    expect(twice.json.errcode).toBe(10104);
  });

  it('enable without set-up: TOTP_SETUP_REQUIRED; disable when off: TOTP_NOT_ENABLED; both need a session', async () => {
    const user = await signUp(ctx.app);
    expect((await post(ctx.app, user.token, '/user/totp/enable', { code: '123456' })).json.errcode).toBe(10106);
    expect((await post(ctx.app, user.token, '/user/totp/disable', { code: '123456' })).json.errcode).toBe(10105);
    expect((await post(ctx.app, null, '/user/totp/setup')).res.statusCode).toBe(401);
    const bad = await post(ctx.app, user.token, '/user/totp/enable', { code: 'abc' }, { 'accept-language': 'ko' });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.json.errcode).toBe(40001);
  });

  it('password log-in asks for the second step; a code finishes it once; the same step again is a replay', async () => {
    const user = await signUp(ctx.app);
    const { secret } = await enableTotp(ctx.app, user.token);
    const answer = challengeOf(await passwordLogin(ctx.app, user.username, user.password));
    expect(answer.expiresInSeconds).toBe(300);
    // the step after the one used to enable (the server accepts +1 step)
    const next = totpCode(secret, Date.now() + STEP);
    const done = await verify(answer.challengeId, next);
    expect(done.res.statusCode, done.res.body).toBe(200);
    expect(done.res.headers['set-cookie']).toBeDefined();
    expect((await get(ctx.app, done.json.data.access_token, '/user/info')).res.statusCode).toBe(200);
    // the challenge is used up
    expect((await verify(answer.challengeId, next)).json.errcode).toBe(10102);
    // a new log-in with the same code: refused as a replay
    const again = challengeOf(await passwordLogin(ctx.app, user.username, user.password));
    const replay = await verify(again.challengeId, next, 'es');
    expect(replay.json).toEqual({ errcode: 10101, errmsg: messageOf('es', 'errors.totpCodeReplayed'), data: null });
  });

  it('a backup code finishes a log-in once; the same code later is refused', async () => {
    const user = await signUp(ctx.app);
    const { backupCodes } = await enableTotp(ctx.app, user.token);
    const first = challengeOf(await passwordLogin(ctx.app, user.username, user.password));
    const code = backupCodes[3] ?? '';
    expect((await verify(first.challengeId, code.toUpperCase().replace('-', ''))).res.statusCode).toBe(200);
    const second = challengeOf(await passwordLogin(ctx.app, user.username, user.password));
    expect((await verify(second.challengeId, code)).json.errcode).toBe(10100);
    expect((await get(ctx.app, user.token, '/user/totp')).json.data).toMatchObject({ backupCodesLeft: 9 });
  });

  it('20 parallel uses of one backup code on 20 challenges: one session', async () => {
    const user = await signUp(ctx.app);
    const { backupCodes } = await enableTotp(ctx.app, user.token);
    const challenges = [];
    for (let i = 0; i < 20; i += 1) challenges.push(challengeOf(await passwordLogin(ctx.app, user.username, user.password)));
    const answers = await Promise.all(challenges.map((challenge) => verify(challenge.challengeId, backupCodes[0] ?? '')));
    expect(answers.filter((answer) => answer.res.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.json.errcode === 10100)).toHaveLength(19);
  });

  it('five wrong codes end the challenge, also when sent in parallel', async () => {
    const user = await signUp(ctx.app);
    const { secret } = await enableTotp(ctx.app, user.token);
    const wrong = totpCode(secret, Date.now() - 10 * STEP);
    const challenge = challengeOf(await passwordLogin(ctx.app, user.username, user.password));
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push((await verify(challenge.challengeId, wrong)).json.errcode);
    expect(answers).toEqual([10100, 10100, 10100, 10100]);
    const fifth = await verify(challenge.challengeId, wrong, 'fr');
    expect(fifth.json).toEqual({ errcode: 10103, errmsg: messageOf('fr', 'errors.totpTooManyAttempts'), data: null });
    // even the right code is now too late
    expect((await verify(challenge.challengeId, totpCode(secret, Date.now() + STEP))).json.errcode).toBe(10102);

    const parallel = challengeOf(await passwordLogin(ctx.app, user.username, user.password));
    const burst = await Promise.all(Array.from({ length: 20 }, () => verify(parallel.challengeId, wrong)));
    expect(burst.filter((answer) => answer.json.errcode === 10100)).toHaveLength(4);
    expect((await verify(parallel.challengeId, totpCode(secret, Date.now() + STEP))).res.statusCode).not.toBe(200);
  });

  it('an unknown challenge: TOTP_CHALLENGE_INVALID; malformed input: a validation error, never 500', async () => {
    expect((await verify('nope', '123456')).json.errcode).toBe(10102);
    for (const payload of [
      {},
      { challengeId: 'x' },
      { challengeId: 'x', code: '12345' },
      { challengeId: 'x', code: 'not-a-code!' },
      { challengeId: 7, code: 7 },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/h5Login/verifyTotp', payload, headers: { 'accept-language': 'ja' } });
      expect(res.statusCode).toBe(400);
      expect(body(res).errcode).toBe(40001);
    }
  });

  it('SMS-code log-in asks for the second step too', async () => {
    const user = await signUp(ctx.app);
    const { secret } = await enableTotp(ctx.app, user.token);
    await ctx.app.kv.del(`sms:cool:SMS:${user.mobile}`);
    expect((await sendCode(ctx.app, { mobile: user.mobile, smsType: 'LOGIN' })).statusCode).toBe(200);
    const code = await outboxCode(ctx.app, user.mobile);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/h5Login',
      payload: { loginType: 'mobile', mobile: user.mobile, code },
      remoteAddress: newIp(),
    });
    const challenge = challengeOf(body<LoginAnswer>(res).data);
    expect(res.headers['set-cookie']).toBeUndefined();
    const done = await verify(challenge.challengeId, totpCode(secret, Date.now() + STEP));
    expect(done.res.statusCode).toBe(200);
  });

  it('the access-key hand-off: from a session that passed the second step, a session; from one opened before, the second step', async () => {
    const user = await signUp(ctx.app);
    const older = tokenOf(await passwordLogin(ctx.app, user.username, user.password));
    const { secret } = await enableTotp(ctx.app, user.token); // user.token passed it by enabling
    const mint = async (token: string) =>
      body<{ accessKey: string }>(await ctx.app.inject({ url: '/accessKey', headers: { authorization: token } })).data.accessKey;
    const redeem = async (key: string) =>
      body<LoginAnswer>(await ctx.app.inject({ url: `/tokenByAccessKeyV2?accessKey=${encodeURIComponent(key)}` })).data;

    const handed = tokenOf(await redeem(await mint(user.token)));
    // and the handed-over session can hand over again
    tokenOf(await redeem(await mint(handed)));

    const challenge = challengeOf(await redeem(await mint(older)));
    expect((await verify(challenge.challengeId, totpCode(secret, Date.now() + STEP))).res.statusCode).toBe(200);
  });

  it('disable needs a valid code (an authenticator code or a backup code); log-in is one step again afterwards', async () => {
    const user = await signUp(ctx.app);
    const { backupCodes } = await enableTotp(ctx.app, user.token);
    expect((await post(ctx.app, user.token, '/user/totp/disable', { code: '000000' })).json.errcode).toBe(10100);
    const off = await post(ctx.app, user.token, '/user/totp/disable', { code: backupCodes[9] });
    expect(off.res.statusCode, off.res.body).toBe(200);
    expect((await get(ctx.app, user.token, '/user/totp')).json.data).toEqual({ enabled: false, enabledAt: null, backupCodesLeft: 0 });
    tokenOf(await passwordLogin(ctx.app, user.username, user.password));
    expect(
      await ctx.database.db
        .selectFrom('totp_backup_codes')
        .selectAll()
        .where('user_id', '=', (await get<{ id: string }>(ctx.app, user.token, '/user/info')).json.data.id)
        .execute(),
    ).toEqual([]);
  });

  it('with a moved clock: each step is accepted once per user, older steps never again', async () => {
    const user = await signUp(ctx.app);
    const t0 = Date.now();
    const { secret } = await enableTotp(ctx.app, user.token, t0);
    const userId = (await get<{ id: string }>(ctx.app, user.token, '/user/info')).json.data.id;
    const key = ctx.app.totpKey;
    const later = new Date(t0 + 10 * STEP);
    await expect(checkSecondFactor(ctx.database.db, key, userId, totpCode(secret, later.getTime()), later)).resolves.toBe('TOTP');
    await expect(checkSecondFactor(ctx.database.db, key, userId, totpCode(secret, later.getTime()), later)).rejects.toMatchObject({
      codeName: 'TOTP_CODE_REPLAYED',
    });
    // the previous step is inside the window but older than the one used: refused
    await expect(checkSecondFactor(ctx.database.db, key, userId, totpCode(secret, later.getTime() - STEP), later)).rejects.toMatchObject({
      codeName: 'TOTP_CODE_REPLAYED',
    });
    const next = new Date(later.getTime() + STEP);
    await expect(checkSecondFactor(ctx.database.db, key, userId, totpCode(secret, next.getTime()), next)).resolves.toBe('TOTP');
    // 20 parallel uses of one code: one succeeds
    const third = new Date(next.getTime() + STEP);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => checkSecondFactor(ctx.database.db, key, userId, totpCode(secret, third.getTime()), third)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });
});
