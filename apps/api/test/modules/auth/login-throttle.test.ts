import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore } from '../../../src/infrastructure/kv';
import { kvCases, newIdentity, newIp, outboxCode, sendCode, signUp } from '../../accounts';
import { useTestApp } from '../../helper';

// Password back-off on the in-process store and on Redis (TEST_REDIS_URL, set in CI): the
// limits hold for sequential guesses and for guesses sent all at once, and the real owner
// still gets in by code.

const errcodeOf = (res: { json(): unknown }) => (res.json() as { errcode: number }).errcode;
const INVALID = 10006;
const THROTTLED = 10013;

describe.each(kvCases())('password back-off on the $kind store', ({ create }) => {
  const kv = create();
  const ctx = useTestApp('sqlite', { deps: { kv }, env: { CODE_IP_HOURLY_LIMIT: '1000', CODE_IP_DAILY_LIMIT: '1000' } });
  const login = (payload: Record<string, unknown>, ip = newIp()) =>
    ctx.app.inject({ method: 'POST', url: '/h5Login', payload, remoteAddress: ip, headers: { 'accept-language': 'en' } });

  it('locks an account after 5 sequential failures, and the right password waits too', async () => {
    const user = await signUp(ctx.app);
    for (let i = 0; i < 5; i++) {
      expect(errcodeOf(await login({ loginType: 'account', account: user.username, password: `Wrong#${i}x` }))).toBe(INVALID);
    }
    const locked = await login({ loginType: 'account', account: user.username, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(errcodeOf(locked)).toBe(THROTTLED);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(30);
  });

  it('does not lock an account after 4 failures', async () => {
    const user = await signUp(ctx.app);
    for (let i = 0; i < 4; i++) {
      expect(errcodeOf(await login({ loginType: 'account', account: user.username, password: `Wrong#${i}x` }))).toBe(INVALID);
    }
    expect((await login({ loginType: 'account', account: user.username, password: user.password })).statusCode).toBe(200);
  });

  it('lets at most 5 of 30 parallel guesses at one account be checked; the rest are turned away', async () => {
    const user = await signUp(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login({ loginType: 'account', account: user.username, password: `Wrong#${i}x` })),
    );
    const codes = answers.map(errcodeOf);
    expect(codes.filter((code) => code === INVALID).length).toBeGreaterThanOrEqual(1);
    expect(codes.filter((code) => code === INVALID).length).toBeLessThanOrEqual(5);
    expect(codes.filter((code) => code !== INVALID).every((code) => code === THROTTLED)).toBe(true);
    // nothing else got through and the account is locked now, even for the right password
    expect(errcodeOf(await login({ loginType: 'account', account: user.username, password: user.password }))).toBe(THROTTLED);

    // the owner still gets in with a code, which lifts the lock
    await kv.del(`sms:cool:SMS:${user.mobile}`);
    expect((await sendCode(ctx.app, { mobile: user.mobile, smsType: 'LOGIN' })).statusCode).toBe(200);
    const code = await outboxCode(ctx.app, user.mobile);
    expect((await login({ loginType: 'mobile', mobile: user.mobile, code })).statusCode).toBe(200);
    expect((await login({ loginType: 'account', account: user.username, password: user.password })).statusCode).toBe(200);
  });

  it('lets at most 20 of 40 parallel guesses from one IP across accounts be checked', async () => {
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login({ loginType: 'account', account: newIdentity().username, password: 'Wrong#pass1' }, ip)),
    );
    const codes = answers.map(errcodeOf);
    expect(codes.filter((code) => code === INVALID).length).toBeLessThanOrEqual(20);
    expect(codes.filter((code) => code === THROTTLED).length).toBeGreaterThanOrEqual(20);
    const victim = await signUp(ctx.app);
    expect(errcodeOf(await login({ loginType: 'account', account: victim.username, password: victim.password }, ip))).toBe(THROTTLED);
    expect((await login({ loginType: 'account', account: victim.username, password: victim.password }, newIp())).statusCode).toBe(200);
  });

  it('checks 20 sequential failures from one IP across accounts, and turns the 21st away', async () => {
    const ip = newIp();
    const codes = [];
    for (let i = 0; i < 21; i++)
      codes.push(errcodeOf(await login({ loginType: 'account', account: newIdentity().username, password: 'Wrong#pass1' }, ip)));
    expect(codes).toEqual([...Array<number>(20).fill(INVALID), THROTTLED]);
  });

  it('gives a right password back its charge: successes from one IP never lock it', async () => {
    const ip = newIp();
    const user = await signUp(ctx.app);
    for (let i = 0; i < 25; i++) {
      expect((await login({ loginType: 'account', account: user.username, password: user.password }, ip)).statusCode).toBe(200);
    }
    // and parallel right passwords all get in
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => login({ loginType: 'account', account: user.username, password: user.password }, ip)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
  });
});

describe('password back-off over time (a clock the test moves)', () => {
  let now = Date.UTC(2026, 0, 1);
  const kv = new MemoryKeyValueStore(() => now);
  const ctx = useTestApp('sqlite', { deps: { kv }, env: { CODE_IP_HOURLY_LIMIT: '1000', CODE_IP_DAILY_LIMIT: '1000' } });
  const wrong = (account: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/h5Login',
      payload: { loginType: 'account', account, password: 'Wrong#pass1' },
      remoteAddress: newIp(),
    });
  const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

  it('locks for 30 s from the 5th failure, doubling per further failure up to 15 minutes', async () => {
    const user = await signUp(ctx.app);
    for (let i = 0; i < 5; i++) expect(errcodeOf(await wrong(user.username))).toBe(INVALID);
    const locks = [];
    for (let i = 0; i < 7; i++) {
      const locked = await wrong(user.username);
      expect(errcodeOf(locked)).toBe(THROTTLED);
      locks.push(retryAfter(locked));
      now += retryAfter(locked) * 1000 - 1_000;
      expect(errcodeOf(await wrong(user.username)), 'one second before the lock ends').toBe(THROTTLED);
      now += 1_000;
      expect(errcodeOf(await wrong(user.username)), 'the lock has run out: this failure is checked').toBe(INVALID);
    }
    expect(locks).toEqual([30, 60, 120, 240, 480, 900, 900]);
  });

  it('counts failures in a one-hour window', async () => {
    const kept = await signUp(ctx.app);
    for (let i = 0; i < 4; i++) expect(errcodeOf(await wrong(kept.username))).toBe(INVALID);
    now += 59 * 60_000;
    expect(errcodeOf(await wrong(kept.username))).toBe(INVALID);
    expect(errcodeOf(await wrong(kept.username)), 'the 5th failure within the hour locked it').toBe(THROTTLED);

    const forgotten = await signUp(ctx.app);
    for (let i = 0; i < 4; i++) expect(errcodeOf(await wrong(forgotten.username))).toBe(INVALID);
    now += 60 * 60_000;
    expect(errcodeOf(await wrong(forgotten.username))).toBe(INVALID);
    expect(errcodeOf(await wrong(forgotten.username)), 'an hour later the count started again').toBe(INVALID);
  });
});
