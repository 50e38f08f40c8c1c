import { randomBytes } from 'node:crypto';
import { ErrorCode, type TLocale } from '@llk/contracts';
import { Redis } from 'ioredis';
import { ColumnNode, TableNode, UpdateQueryNode, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../src/composition/app';
import { createDatabase, type DatabaseHandle } from '../../src/infrastructure/db/database';
import { toDbDate } from '../../src/infrastructure/db/dialect';
import { RedisKeyValueStore } from '../../src/infrastructure/kv';
import { closeRedis, createRedis, whenRedisReady } from '../../src/infrastructure/redis';
import { sha256Hex } from '../../src/infrastructure/secrets';
import { upsertSkus } from '../../src/modules/pricing/pricing.repository';
import { newIp, signUp } from '../accounts';
import { testRedisUrl } from '../databases';
import { buildTestApp, createTestDatabase, testDialects, type TestDatabase } from '../helper';
import { messageOf } from '../messages';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { passwordLogin, post, tokenOf } from './auth/support';
import { SKUS } from './orders/support';

// Redis away under load (ADR 0025), on two API instances with their own database and Redis
// connections (the production connection of lib/redis.ts, through a TCP proxy the test cuts and
// restores; the machine's Redis is never touched): signed-in reads, order creation and the order
// list answer 200 from the database within 100 ms (p99), what needs the store (codes, log-in's
// back-off, rate limits) answers the 503 envelope in the caller's language, sessions ended while
// Redis is away are refused at once on both instances, and after Redis is back nothing that was
// ended comes back, although its entry was still in Redis.

const redisUrl = testRedisUrl();
/** The 20 s outage of ADR 0025, scaled down: what is measured is that nothing waits on the dead store. */
const OUTAGE_LOAD_MS = 1_500;
/**
 * One client, one request at a time: the p99 then measures the requests, not their queue. Two
 * measured p99 95–254 ms beside two other heavy test files on 2 shared cores.
 */
const CLIENTS = 1;

type Answer = { status: number; errcode: number; ms: number; url: string };

/** Whether a query is a session's touch (`UPDATE sessions SET last_seen_at`). */
function isSessionTouch(node: RootOperationNode): boolean {
  if (!UpdateQueryNode.is(node)) return false;
  const table = node.table && TableNode.is(node.table) ? node.table.table.identifier.name : null;
  return table === 'sessions' && (node.updates ?? []).some((set) => ColumnNode.is(set.column) && set.column.column.name === 'last_seen_at');
}

function p(values: number[], share: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

describe.runIf(redisUrl).each(testDialects())('Redis away on $dialect', ({ dialect }) => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  let proxy: TcpProxy;
  let direct: Redis;
  const connections: Redis[] = [];
  const stores: RedisKeyValueStore[] = [];
  let a: App;
  let b: App;
  const prefix = `llk-test:${randomBytes(6).toString('hex')}:`;
  // MEMO_SECONDS=10: a copy kept in memory would outlive the test, so a refusal proves it was not read
  /** Runs once after instance A's next session touch has answered, before that request goes on to its cache fill. */
  let afterTouch: (() => Promise<void>) | null = null;
  const touches = new Set<QueryId>();
  const touchGate: KyselyPlugin = {
    transformQuery(args) {
      if (afterTouch && isSessionTouch(args.node)) touches.add(args.queryId);
      return args.node;
    },
    async transformResult(args) {
      const pause = touches.delete(args.queryId) ? afterTouch : null;
      if (pause) {
        afterTouch = null;
        await pause();
      }
      return args.result;
    },
  };
  const env = { CODE_IP_HOURLY_LIMIT: '10000', CODE_IP_DAILY_LIMIT: '10000', CODE_SECRET: 's'.repeat(32), MEMO_SECONDS: '10' };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    second = createDatabase(database.url);
    await upsertSkus(database.handle.db, SKUS);
    const target = new URL(redisUrl ?? '');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    direct = new Redis(redisUrl ?? '', { lazyConnect: true });
    const instance = async (handle: DatabaseHandle) => {
      const redis = createRedis(`redis://127.0.0.1:${proxy.port}`);
      await whenRedisReady(redis);
      const kv = new RedisKeyValueStore(redis, prefix, { probeMs: 50 });
      connections.push(redis);
      stores.push(kv);
      return buildTestApp(handle, { env, deps: { kv, redis } });
    };
    a = await instance({ ...database.handle, db: database.handle.db.withPlugin(touchGate) });
    b = await instance(second);
  });
  afterAll(async () => {
    await proxy?.restore();
    await a?.close();
    await b?.close();
    for (const kv of stores) await kv.close();
    for (const redis of connections) await closeRedis(redis);
    await proxy?.close();
    await second?.destroy();
    if (direct) {
      const keys = await direct.keys(`${prefix}*`);
      if (keys.length) await direct.del(...keys);
      await direct.quit();
    }
    await database?.cleanup();
  });

  const call = async (app: App, method: 'GET' | 'POST', url: string, token: string, payload?: object): Promise<Answer> => {
    const started = performance.now();
    const res = await app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, errcode: (res.json() as { errcode: number }).errcode, ms: performance.now() - started, url };
  };
  const info = async (app: App, token: string) => (await call(app, 'GET', '/user/info', token)).status;
  const cached = (token: string) => direct.get(`${prefix}cache:session:${sha256Hex(token)}`);
  const available = () => stores.every((kv) => kv.available());

  /** Signed-in reads, order creation and the order list, alternating instances, for `ms`. */
  async function mixedLoad(token: string, ms: number): Promise<Answer[]> {
    const answers: Answer[] = [];
    const until = performance.now() + ms;
    let next = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < until) {
          const i = next++;
          const app = i % 2 ? b : a;
          const kind = i % 3;
          answers.push(
            kind === 0
              ? await call(app, 'GET', '/user/info', token)
              : kind === 1
                ? await call(app, 'POST', '/order/createV2', token, { skuId: 'MEMBER_MONTH' })
                : await call(app, 'GET', '/order/list?page=1&pageSize=10', token),
          );
        }
      }),
    );
    return answers;
  }

  it('serves the account area from the database, fails closed what needs the store, and keeps every revocation', async () => {
    const reader = await signUp(a);
    const leaver = await signUp(a);
    const owner = await signUp(b);
    const otherDevice = tokenOf(await passwordLogin(a, owner.username, owner.password));
    // warm: every session in Redis's cache and in both instances' memos
    for (const token of [reader.token, leaver.token, owner.token, otherDevice]) {
      expect(await info(a, token)).toBe(200);
      expect(await info(b, token)).toBe(200);
      expect(await cached(token)).not.toBeNull();
    }
    // the same load with Redis up: the yardstick of this machine at this moment
    const warm = await mixedLoad(reader.token, OUTAGE_LOAD_MS);
    expect(warm.every((answer) => answer.status === 200)).toBe(true);
    expect(a.sessionMemo.size()).toBeGreaterThanOrEqual(4);
    expect(b.sessionMemo.size()).toBeGreaterThanOrEqual(4);

    await proxy.cut();
    await expect.poll(available).toBe(false);

    // sessions ended while Redis is away, one on each instance: refused at once on both
    expect((await post(a, leaver.token, '/logout')).res.statusCode).toBe(200);
    const revoked = await post<{ revoked: number }>(b, owner.token, '/user/sessions/revokeOthers');
    expect(revoked.res.statusCode, revoked.res.body).toBe(200);
    expect(revoked.json.data.revoked).toBe(1);
    for (const app of [a, b]) {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => info(app, i % 2 ? leaver.token : otherDevice)));
      expect(answers).toEqual(Array<number>(20).fill(401));
    }
    // their entries are still in Redis: only the database says they are over
    expect(await cached(leaver.token)).not.toBeNull();
    expect(await cached(otherDevice)).not.toBeNull();

    const load = await mixedLoad(reader.token, OUTAGE_LOAD_MS);
    const kinds = new Set(load.map((answer) => answer.url.split('?')[0]));
    expect(kinds).toEqual(new Set(['/user/info', '/order/createV2', '/order/list']));
    expect(load.filter((answer) => answer.status !== 200 || answer.errcode !== 0)).toEqual([]);
    const latencies = load.map((answer) => answer.ms);
    const upP99 = p(
      warm.map((answer) => answer.ms),
      0.99,
    );
    console.info(
      `redis away (${dialect}): ${load.length} requests, p50 ${p(latencies, 0.5).toFixed(1)} ms, p99 ${p(latencies, 0.99).toFixed(1)} ms (Redis up: p99 ${upP99.toFixed(1)} ms)`,
    );
    // Within 100 ms (ADR 0025's bound, which the scale-out step holds real processes to), or,
    // on a machine busy with other test files, within twice what the same load took with Redis
    // up a moment before: a request that waited on the dead store (1 s command timeout) fails both.
    expect(p(latencies, 0.99)).toBeLessThan(Math.max(100, 2 * upP99));

    // what needs the store: 503, errcode 50300, Retry-After, in the caller's language
    for (const [app, language] of [
      [a, 'en'],
      [b, 'ja'],
    ] as [App, TLocale][]) {
      const headers = { 'accept-language': language };
      const refusals = [
        await app.inject({
          method: 'POST',
          url: '/sms',
          payload: { mobile: '13800138000', smsType: 'SIGNUP' },
          headers,
          remoteAddress: newIp(),
        }),
        await app.inject({
          method: 'POST',
          url: '/h5Login',
          payload: { loginType: 'account', account: reader.username, password: reader.password },
          headers,
          remoteAddress: newIp(),
        }),
        await app.inject({
          method: 'POST',
          url: '/user/check',
          payload: { type: 'ACCOUNT', value: reader.username },
          headers,
          remoteAddress: newIp(),
        }),
      ];
      for (const res of refusals) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toMatchObject({
          errcode: ErrorCode.SERVICE_UNAVAILABLE,
          errmsg: messageOf(language, 'errors.serviceUnavailable'),
        });
      }
      const health = await app.inject({ url: '/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ data: { status: 'degraded' } });
    }

    await proxy.restore();
    await expect.poll(available, { timeout: 10_000 }).toBe(true);
    // forgotten on the return: nothing ended comes back, 20 calls at once on each instance
    expect(await cached(leaver.token)).toBeNull();
    expect(await cached(otherDevice)).toBeNull();
    for (const app of [a, b]) {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => info(app, i % 2 ? leaver.token : otherDevice)));
      expect(answers).toEqual(Array<number>(20).fill(401));
      expect(await info(app, reader.token)).toBe(200);
      expect(await info(app, owner.token)).toBe(200);
    }
    // and the cache works again
    expect(await cached(reader.token)).not.toBeNull();
    const code = await a.inject({
      method: 'POST',
      url: '/sms',
      payload: { mobile: '13800138001', smsType: 'SIGNUP' },
      remoteAddress: newIp(),
    });
    expect(code.statusCode, code.body).toBe(200);
  });

  it('does not fill a session read before Redis was away and back: ended meanwhile, it stays refused on both instances', async () => {
    await proxy.restore();
    await expect.poll(available, { timeout: 10_000 }).toBe(true);
    const user = await signUp(a);
    const tokenHash = sha256Hex(user.token);
    // not cached anywhere, last touched two minutes ago: A's next read goes to the database and touches the row
    await database.handle.db
      .updateTable('sessions')
      .set({ last_seen_at: toDbDate(Date.now() - 120_000) })
      .where('token_hash', '=', tokenHash)
      .execute();
    await direct.del(`${prefix}cache:session:${tokenHash}`);
    let blipped = false;
    // between A's read of the live row and its fill: Redis away, the session ended on B (its
    // tombstone lost), Redis back and every entry forgotten, both breakers closed again
    afterTouch = async () => {
      await proxy.cut();
      await expect.poll(available).toBe(false);
      expect((await post(b, user.token, '/logout')).res.statusCode).toBe(200);
      await proxy.restore();
      await expect.poll(available, { timeout: 10_000 }).toBe(true);
      blipped = true;
    };
    // read before the log-out, so answered
    expect(await info(a, user.token)).toBe(200);
    expect(blipped).toBe(true);
    // the fill read before the outage was dropped: nothing for any instance to accept
    expect(await cached(user.token)).toBeNull();
    for (const app of [a, b]) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => info(app, user.token)));
      expect(answers).toEqual(Array<number>(20).fill(401));
    }
    expect(await cached(user.token)).toBeNull();
  });
});
