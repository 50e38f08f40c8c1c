import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { createDatabase, type DatabaseHandle } from '../../../src/infrastructure/db/database';
import { toDbDate } from '../../../src/infrastructure/db/dialect';
import { pricingSeedStep } from '../../../src/modules/pricing/pricing.seed';
import { MemoryKeyValueStore, RedisKeyValueStore, type KeyValueStore } from '../../../src/infrastructure/kv';
import { signUp } from '../../accounts';
import { testRedisUrl } from '../../databases';
import { buildTestApp, createTestDatabase, testDialects, type TestDatabase } from '../../helper';
import { get, post } from '../auth/support';

// The per-instance memos of sessions and accounts (infrastructure/memo.ts) on two API instances,
// each with its own database connection and its own key-value store connection, as two
// processes would have: what one instance changes, the other answers next (once the message has
// arrived: the expectations poll), and what this instance changes it answers at once.

const redisUrl = testRedisUrl();
const SEED_DIR = path.resolve(import.meta.dirname, '../../../../../content/seed');
const cases = testDialects().map(({ dialect }) => ({
  dialect,
  kv: dialect === 'postgres' && redisUrl ? ('redis' as const) : ('memory' as const),
}));

describe.each(cases)('sessions and accounts kept in memory on $dialect with a $kv store', ({ dialect, kv: kvKind }) => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  let redis: Redis | undefined;
  let a: App;
  let b: App;
  const prefix = `llk-test:${randomBytes(6).toString('hex')}:`;
  const env = { CODE_IP_HOURLY_LIMIT: '10000', CODE_IP_DAILY_LIMIT: '10000', CODE_SECRET: 's'.repeat(32), MEMO_SECONDS: '10' };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    second = createDatabase(database.url);
    let stores: [KeyValueStore, KeyValueStore];
    if (kvKind === 'redis') {
      redis = new Redis(redisUrl ?? '', { lazyConnect: true });
      stores = [new RedisKeyValueStore(redis, prefix), new RedisKeyValueStore(redis, prefix)];
    } else {
      // one process's store: SQLite runs one instance, or several in one process
      const shared = new MemoryKeyValueStore();
      stores = [shared, shared];
    }
    a = await buildTestApp(database.handle, { env, deps: { kv: stores[0] } });
    b = await buildTestApp(second, { env, deps: { kv: stores[1] } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.destroy();
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
    await database?.cleanup();
  });

  const info = async (app: App, token: string) => {
    const { res, json } = await get<{ nickname: string | null }>(app, token, '/user/info');
    return res.statusCode === 200 ? json.data.nickname : res.statusCode;
  };
  const plan = async (app: App, token: string) => (await get<{ plan: string }>(app, token, '/user/currentMemberLevel')).json.data.plan;

  it('answers a repeated call from memory, and a nickname changed here at once', async () => {
    const user = await signUp(a);
    expect(await info(a, user.token)).toBe(user.username);
    expect(a.sessionMemo.size()).toBeGreaterThan(0);
    expect(a.accountMemo.size()).toBeGreaterThan(0);
    // kept: a change the API does not see (another process) is not answered until the entry ends
    const outside = createDatabase(database.url);
    await outside.db.updateTable('users').set({ nickname: 'Outside' }).where('username', '=', user.username).execute();
    await outside.destroy();
    expect(await info(a, user.token)).toBe(user.username);
    const changed = await post(a, user.token, '/user/updateProfile', { nickname: 'Here' });
    expect(changed.res.statusCode, changed.res.body).toBe(200);
    expect(await info(a, user.token)).toBe('Here');
  });

  it('answers what the other instance changed: a nickname, a plan, a seat', async () => {
    const user = await signUp(a);
    expect(await info(a, user.token)).toBe(user.username);
    expect(await plan(a, user.token)).toBe('FREE');
    const changed = await post(b, user.token, '/user/updateProfile', { nickname: 'There' });
    expect(changed.res.statusCode, changed.res.body).toBe(200);
    await expect.poll(() => info(a, user.token)).toBe('There');

    // a payment's grant, inside a transaction on the other instance
    const id = (await second.db.selectFrom('users').select('id').where('username', '=', user.username).executeTakeFirstOrThrow()).id;
    await second.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ member_plan: 'PRO', member_expires_at: toDbDate(Date.now() + 86_400_000) })
        .where('id', '=', id)
        .execute();
    });
    await expect.poll(() => plan(a, user.token)).toBe('PRO');

    // any write to the seats ends every kept account (which ones it concerns is not known here)
    const other = await signUp(a);
    expect(await info(a, other.token)).toBe(other.username);
    const kept = a.accountMemo.size();
    expect(kept).toBeGreaterThanOrEqual(2);
    await sql`update seats set revoked_at = revoked_at where id = 'none'`.execute(second.db);
    await expect.poll(() => a.accountMemo.size()).toBe(0);
  });

  it('keeps what each plan allows for the connect checks; a write to pricing_plans on the other instance ends it', async () => {
    const seed = (db: DatabaseHandle['db']) =>
      pricingSeedStep.run(db, { dir: SEED_DIR, readJson: (file) => JSON.parse(readFileSync(path.join(SEED_DIR, file), 'utf8')) });
    await seed(database.handle.db);
    const user = await signUp(a);
    const register = async (deviceId: string) => {
      const { res, json } = await post<{ device: { id: string } }>(a, user.token, '/device/register', {
        deviceId,
        name: `PC ${deviceId}`,
        clientType: 'WIN',
        appVersion: '1.4.2',
      });
      expect(res.statusCode, res.body).toBe(200);
      return json.data.device.id;
    };
    const [from, to] = [await register(`memo-from-${dialect}`), await register(`memo-to-${dialect}`)];
    const { res, json } = await post<{ allowed: boolean }>(a, user.token, '/device/connectCheck', { fromDeviceId: from, toDeviceId: to });
    expect(res.statusCode, res.body).toBe(200);
    expect(json.data.allowed).toBe(true);
    // the check read the FREE plan's limits once and kept them
    expect(a.planMemo.get('FREE')).toMatchObject({ history_days: 7 });
    const before = a.planMemo.get('FREE')!;
    const { json: again } = await post<{ allowed: boolean }>(a, user.token, '/device/connectCheck', { fromDeviceId: from, toDeviceId: to });
    expect(again.data.allowed).toBe(true);
    expect(a.planMemo.get('FREE')).toBe(before);
    // the seed run by the other instance (it replaces the plans' rows) ends them here
    await seed(second.db);
    await expect.poll(() => a.planMemo.get('FREE')).toBeUndefined();
  });

  it('refuses a session signed out on the other instance', async () => {
    const user = await signUp(a);
    expect(await info(a, user.token)).toBe(user.username);
    expect(await info(a, user.token)).toBe(user.username);
    const out = await post(b, user.token, '/logout');
    expect(out.res.statusCode, out.res.body).toBe(200);
    // the instance that signed it out, at once
    expect(await info(b, user.token)).toBe(401);
    await expect.poll(() => info(a, user.token)).toBe(401);
  });

  it('answers 20 calls at once with one account and one session each from memory', async () => {
    const user = await signUp(a);
    const answers = await Promise.all(Array.from({ length: 20 }, () => info(a, user.token)));
    expect(answers).toEqual(Array.from({ length: 20 }, () => user.username));
    const changed = await post(a, user.token, '/user/updateProfile', { nickname: 'Twenty' });
    expect(changed.res.statusCode).toBe(200);
    expect(await Promise.all(Array.from({ length: 20 }, () => info(a, user.token)))).toEqual(Array.from({ length: 20 }, () => 'Twenty'));
  });
});
