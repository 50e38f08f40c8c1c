import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { MemoryKeyValueStore, RedisKeyValueStore, type KeyValueStore } from '../../../src/infrastructure/kv';
import { newIp, signUp } from '../../accounts';
import { buildTestApp, createTestDatabase, testDialects, type TestDatabase } from '../../helper';
import { testRedisUrl } from '../../databases';
import { messageOf } from '../../messages';
import { body, get, passwordLogin, post, tokenOf, UA } from './support';

// Signed-in sessions: the list, signing one out and all others, on two API instances sharing one
// database and key-value store (Redis when TEST_REDIS_URL is set), as in production.

interface TSession {
  id: string;
  browser: string | null;
  os: string | null;
  deviceType: string;
  clientType: string;
  ip: string | null;
  location: { countryCode: string | null; countryName: string | null };
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

const redisUrl = testRedisUrl();
const kvKinds = redisUrl ? (['memory', 'redis'] as const) : (['memory'] as const);
const cases = testDialects().flatMap(({ dialect }) => kvKinds.map((kv) => ({ dialect, kv })));

describe.each(cases)('sessions on $dialect with a $kv store', ({ dialect, kv: kvKind }) => {
  let database: TestDatabase;
  let redis: Redis | undefined;
  let a: App;
  let b: App;
  const prefix = `llk-test:${randomBytes(6).toString('hex')}:`;
  const env = { CODE_IP_HOURLY_LIMIT: '10000', CODE_IP_DAILY_LIMIT: '10000', CODE_SECRET: 's'.repeat(32) };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    let store: KeyValueStore;
    if (kvKind === 'redis') {
      redis = new Redis(redisUrl ?? '', { lazyConnect: true });
      store = new RedisKeyValueStore(redis, prefix);
    } else {
      store = new MemoryKeyValueStore();
    }
    // Two instances: same database, same key-value store, same code secret.
    a = await buildTestApp(database.handle, { env, deps: { kv: store } });
    b = await buildTestApp(database.handle, { env, deps: { kv: store } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
    await database?.cleanup();
  });

  const sessionsOf = async (app: App, token: string) => {
    const { res, json } = await get<{ sessions: TSession[] }>(app, token, '/user/sessions', { 'accept-language': 'en' });
    expect(res.statusCode, res.body).toBe(200);
    return json.data.sessions;
  };

  it('lists the sessions with device, client type, IP, location, first and last seen, and marks this device', async () => {
    const user = await signUp(a);
    const phone = tokenOf(await passwordLogin(b, user.username, user.password, UA.safariIphone, '203.0.113.9'));
    const sessions = await sessionsOf(a, phone);
    expect(sessions).toHaveLength(2);
    const mine = sessions.find((session) => session.current);
    expect(mine).toMatchObject({ browser: 'Safari', os: 'iOS', deviceType: 'mobile', clientType: 'account', ip: '203.0.113.9' });
    expect(mine?.location).toEqual({ countryCode: null, countryName: null }); // documentation range: no country
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(Date.parse(mine?.createdAt ?? '')).toBeLessThanOrEqual(Date.parse(mine?.lastSeenAt ?? ''));
    // a public address gets its country, in the caller's language
    const cn = tokenOf(await passwordLogin(a, user.username, user.password, UA.firefoxLinux, '114.114.114.114'));
    const listed = (await sessionsOf(b, cn)).find((session) => session.current);
    expect(listed).toMatchObject({
      browser: 'Firefox',
      os: 'Linux',
      deviceType: 'desktop',
      location: { countryCode: 'CN', countryName: 'China' },
    });
  });

  it('signing a session out on one instance makes its next call 401 on the other, and its unused access key dies', async () => {
    const user = await signUp(a);
    const other = tokenOf(await passwordLogin(a, user.username, user.password));
    const key = body<{ accessKey: string }>(await a.inject({ url: '/accessKey', headers: { authorization: other } })).data.accessKey;
    expect((await get(b, other, '/user/info')).res.statusCode).toBe(200);
    const target = (await sessionsOf(a, user.token)).find((session) => !session.current);
    const revoked = await post(b, user.token, '/user/sessions/revoke', { id: target?.id });
    expect(revoked.res.statusCode, revoked.res.body).toBe(200);
    for (const app of [a, b]) {
      const { res, json } = await get(app, other, '/user/info');
      expect(res.statusCode).toBe(401);
      expect(json.errcode).toBe(40100);
    }
    const redeem = await a.inject({ url: `/tokenByAccessKeyV2?accessKey=${encodeURIComponent(key)}` });
    expect(body(redeem).errcode).toBe(10012);
    // the caller's own session is untouched
    expect((await get(a, user.token, '/user/info')).res.statusCode).toBe(200);
  });

  it("refuses another account's session and unknown ids with SESSION_NOT_FOUND, in the caller's language", async () => {
    const alice = await signUp(a);
    const bob = await signUp(a);
    const bobs = (await sessionsOf(a, bob.token))[0];
    for (const id of [bobs?.id, 'no-such-session']) {
      const { res, json } = await post(a, alice.token, '/user/sessions/revoke', { id }, { 'accept-language': 'ja' });
      expect(res.statusCode).toBe(404);
      expect(json).toEqual({ errcode: 10107, errmsg: messageOf('ja', 'errors.sessionNotFound'), data: null });
    }
    expect((await get(a, bob.token, '/user/info')).res.statusCode).toBe(200);
    const bad = await post(a, alice.token, '/user/sessions/revoke', { id: '' }, { 'accept-language': 'fr' });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.json.errcode).toBe(40001);
    const none = await post(a, null, '/user/sessions/revoke', { id: bobs?.id });
    expect(none.res.statusCode).toBe(401);
  });

  it('20 parallel revokeOthers from 20 different sessions leave exactly one session', async () => {
    const user = await signUp(a);
    const tokens = [user.token];
    for (let i = 0; i < 19; i += 1)
      tokens.push(tokenOf(await passwordLogin(i % 2 ? a : b, user.username, user.password, UA.chromeWindows, newIp())));
    const answers = await Promise.all(
      tokens.map((token, i) => post<{ revoked: number }>(i % 2 ? a : b, token, '/user/sessions/revokeOthers')),
    );
    const succeeded = answers.filter((answer) => answer.res.statusCode === 200);
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]?.json.data.revoked).toBe(19);
    expect(answers.filter((answer) => answer.res.statusCode === 401)).toHaveLength(19);
    const live = [];
    for (const token of tokens) if ((await get(a, token, '/user/info')).res.statusCode === 200) live.push(token);
    expect(live).toHaveLength(1);
    expect(await sessionsOf(b, live[0] ?? '')).toHaveLength(1);
  });

  it('20 parallel revokeOthers from the same session all succeed and leave that one session', async () => {
    const user = await signUp(a);
    for (let i = 0; i < 3; i += 1) await passwordLogin(a, user.username, user.password);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post<{ revoked: number }>(i % 2 ? a : b, user.token, '/user/sessions/revokeOthers')),
    );
    expect(answers.map((answer) => answer.res.statusCode)).toEqual(Array<number>(20).fill(200));
    expect(answers.reduce((sum, answer) => sum + answer.json.data.revoked, 0)).toBe(3);
    expect((await sessionsOf(a, user.token)).map((session) => session.current)).toEqual([true]);
  });

  it('changing the password ends every other session on every instance; the caller goes on with a new token', async () => {
    const user = await signUp(a);
    const others = [
      tokenOf(await passwordLogin(a, user.username, user.password)),
      tokenOf(await passwordLogin(b, user.username, user.password)),
    ];
    const changed = await post<{ access_token: string }>(b, user.token, '/user/changePassword', {
      oldPassword: user.password,
      password: 'Newer#2025',
      confirmPassword: 'Newer#2025',
    });
    expect(changed.res.statusCode, changed.res.body).toBe(200);
    for (const token of [...others, user.token]) {
      expect((await get(a, token, '/user/info')).res.statusCode).toBe(401);
      expect((await get(b, token, '/user/info')).res.statusCode).toBe(401);
    }
    const fresh = changed.json.data.access_token;
    expect((await sessionsOf(a, fresh)).map((session) => session.current)).toEqual([true]);
  });

  it('last seen is written at most once a minute, not on every request', async () => {
    const user = await signUp(a);
    const before = (await sessionsOf(a, user.token))[0]?.lastSeenAt;
    for (let i = 0; i < 5; i += 1) await get(b, user.token, '/user/info');
    const userId = (await get<{ id: string }>(a, user.token, '/user/info')).json.data.id;
    const row = await database.handle.db
      .selectFrom('sessions')
      .select(['last_seen_at', 'created_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    expect(row?.last_seen_at).toBe(row?.created_at);
    expect((await sessionsOf(a, user.token))[0]?.lastSeenAt).toBe(before);
  });
});
