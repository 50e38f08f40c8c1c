import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../src/composition/app';
import { signUp } from '../accounts';
import { buildTestApp, createTestDatabase, testDialects, type TestDatabase } from '../helper';
import { ADMIN_SESSION_COOKIE } from '@llk/contracts';
import { type Db } from '../../src/infrastructure/db/schema';
import { createStaff } from '../../src/modules/admin/staff.service';
import { createStaffSession } from '../../src/modules/admin/staff-sessions.service';
import { documentedAnswer, mismatch, readOperations, validSample, type TJsonSchema, type TOperation } from './openapi-document';

// Drives every operation of the API's own OpenAPI document with malformed input, without and
// with a session, and fails on any 5xx, any answer that is not the envelope (or the format the
// operation documents for that status), and any answer that does not fit the schema documented
// for its status. Deterministic: one seeded generator, a bounded number of cases per operation.
// WeChat Pay's notification protocol refuses with 500 {"code":"FAIL"} by its specification: the
// one 5xx allowed, and only as documented.

const CASES_PER_OPERATION = 20;
const SEED = 0x11c0ffee;
const FIVE_XX_ALLOWED = new Set(['POST /pay/notify/wechat 500']);

/** mulberry32: small, seeded, good enough to pick inputs. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

const NASTY_STRINGS = [
  'x'.repeat(100 * 1024),
  'a\u0000b',
  '😀👩‍💻🇨🇳',
  "' OR 1=1; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%zz%00',
  '',
  ' ',
  '\u202e\ufeff',
];
const NASTY_VALUES: unknown[] = [
  ...NASTY_STRINGS,
  1e308,
  -1,
  2 ** 63,
  -0,
  Number.MAX_SAFE_INTEGER,
  true,
  null,
  [],
  {},
  ['a', 1],
  { $ne: null },
];
const BROKEN_BODIES = ['{"a":', '[', 'null', '"text"', '{"__proto__":{"x":1}}', 'x'.repeat(2048), '{"a":1}{"b":2}'];
const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
];

interface TRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  label: string;
}

/** One malformed request for `operation`, chosen by `rand`. */
function fuzzCase(operation: TOperation, rand: ReturnType<typeof generator>): TRequest {
  const params: Record<string, string> = {};
  const query = new URLSearchParams();
  const headers: Record<string, string> = { 'accept-language': rand.pick(['en', 'zh-CN', 'ja', 'de', '*']) };
  const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  for (const parameter of operation.parameters) {
    const value = rand.next() < 0.5 ? validSample(parameter.schema) : rand.pick(NASTY_VALUES);
    if (parameter.in === 'path') params[parameter.name] = asText(value ?? 'x').slice(0, 200) || 'x';
    else if (parameter.in === 'query' && rand.next() < 0.8)
      query.append(parameter.name, asText(value ?? 'x').slice(0, 4096)); // no sample for some patterns
    else if (parameter.in === 'header' && rand.next() < 0.8)
      headers[parameter.name] = asText(value)
        .replace(/[^\x20-\x7e]/g, '?')
        .slice(0, 1024);
  }
  if (rand.next() < 0.3) query.append(rand.pick(['extra', '__proto__', 'page[]']), rand.pick(NASTY_STRINGS).slice(0, 512));
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
  const search = query.toString();
  const url = `${path}${search ? `?${search}` : ''}`;
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method)) return { method: operation.method, url, headers, label: 'query' };

  const roll = rand.next();
  if (roll < 0.15)
    return {
      method: operation.method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: rand.pick(BROKEN_BODIES),
      label: 'invalid JSON',
    };
  if (roll < 0.25)
    return {
      method: operation.method,
      url,
      headers: { ...headers, 'content-type': rand.pick(CONTENT_TYPES) },
      payload: 'a=1&b=2',
      label: 'content type',
    };
  return {
    method: operation.method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(fuzzBody(operation.body ?? {}, rand)),
    label: 'body',
  };
}

/** A body near the documented one: fields dropped, added, of the wrong type or nasty. */
function fuzzBody(schema: TJsonSchema, rand: ReturnType<typeof generator>): unknown {
  if (rand.next() < 0.1) return rand.pick(NASTY_VALUES);
  const body: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const roll = rand.next();
    if (roll < 0.2) continue;
    body[name] = roll < 0.55 ? validSample(property) : rand.pick(NASTY_VALUES);
  }
  if (rand.next() < 0.3) body[rand.pick(['extra', 'isAdmin', 'priceFen', 'constructor'])] = rand.pick(NASTY_VALUES);
  return body;
}

function isEnvelope(body: string): boolean {
  try {
    const value = JSON.parse(body) as Record<string, unknown>;
    return typeof value.errcode === 'number' && typeof value.errmsg === 'string' && 'data' in value;
  } catch {
    return false;
  }
}

// WeChat's platform, refusing every code and ticket request as it does a made-up code, so the
// share and OAuth routes are configured and reach their own input checks.
const wechat = createServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ errcode: 40029, errmsg: 'invalid code' }));
});

let owners = 0;
async function ownerSession(db: Db): Promise<string> {
  owners += 1;
  const staff = await createStaff(db, { username: `fuzz-owner-${owners}`, role: 'OWNER', createdBy: null });
  await db.updateTable('staff').set({ password_hash: 'x', totp_secret: 'y', setup_token_hash: null }).where('id', '=', staff.id).execute();
  return (await createStaffSession(db, { staffId: staff.id, secondFactor: 'TOTP' })).token;
}

describe.each(testDialects())('fuzzing every documented operation ($dialect)', ({ dialect }) => {
  let db: TestDatabase | undefined;
  const ctx = {} as { app: App };
  let token = '';
  // the back office (/admin/*) takes a staff session instead: an OWNER may call every route
  let staffToken = '';
  let operations: TOperation[] = [];
  beforeAll(async () => {
    if (!wechat.listening) await new Promise<void>((resolve) => wechat.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(wechat.address() as AddressInfo).port}`;
    db = await createTestDatabase(dialect);
    ctx.app = await buildTestApp(db.handle, {
      env: { WX_API_BASE: base, WX_APP_ID: 'wx-fuzz', WX_APP_SECRET: 'fuzz-secret', WX_SHARE_ORIGINS: 'https://m.llk.test' },
    });
    token = (await signUp(ctx.app)).token;
    staffToken = await ownerSession(db.handle.db);
    operations = await readOperations(ctx.app);
  });
  afterAll(async () => {
    await ctx.app.close();
    await db?.cleanup();
    if (wechat.listening) await new Promise((resolve) => wechat.close(resolve));
  });

  it('has a response check that can fail (control)', () => {
    const signup = operations.find((operation) => operation.path === '/signup');
    const refusal = signup && documentedAnswer(signup, 400);
    expect(refusal && mismatch(refusal, 'application/json', '{"errcode":40001,"errmsg":"x","data":null}')).toBeNull();
    expect(refusal && mismatch(refusal, 'application/json', '{"error":"Bad Request"}')).toMatch(/errcode/);
    expect(refusal && mismatch(refusal, 'text/plain', 'Bad Request')).toMatch(/content type/);
    expect(signup && documentedAnswer(signup, 418)).toMatchObject({ content: { 'application/json': expect.anything() } });
  });

  // one case after another over every operation (200+ and growing): its time is the route count's,
  // so it gets its own limit instead of the project's 30 s per test
  it('answers malformed input with documented 4xx envelopes, never a 5xx', { timeout: 180_000 }, async () => {
    expect(operations.length).toBeGreaterThan(40);
    const rand = generator(SEED);
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let requests = 0;
    let sessionsRenewed = 0;
    let staffSessionsRenewed = 0;
    /** statuses of the back office's writes sent with a staff session */
    const staffWrites = new Map<number, number>();
    for (const operation of operations) {
      for (let i = 0; i < CASES_PER_OPERATION; i++) {
        const request = fuzzCase(operation, rand);
        const staffRoute = operation.path.startsWith('/admin/');
        // the staff cookie writes only from our own pages: the Origin of the web app, so the
        // with-session half reaches the routes' input checks instead of the cross-site refusal
        if (i % 2 === 1 && staffRoute)
          Object.assign(request.headers, { cookie: `${ADMIN_SESSION_COOKIE}=${staffToken}`, origin: ctx.app.config.webOrigin });
        else if (i % 2 === 1) request.headers.authorization = token;
        const res = await ctx.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        });
        requests += 1;
        // the session is checked before the body: one that an earlier case ended (/logout)
        // is renewed, so the with-session half keeps reaching the input checks
        if (i % 2 === 1 && res.statusCode === 401 && operation.security && !staffRoute) {
          sessionsRenewed += 1;
          token = (await signUp(ctx.app)).token;
        }
        if (i % 2 === 1 && res.statusCode === 401 && staffRoute && operation.security) {
          staffSessionsRenewed += 1;
          staffToken = await ownerSession(db!.handle.db);
        }
        if (i % 2 === 1 && staffRoute && operation.method !== 'GET')
          staffWrites.set(res.statusCode, (staffWrites.get(res.statusCode) ?? 0) + 1);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const where = `${operation.method} ${operation.path} (${request.label}, ${request.url.slice(0, 80)}) → ${res.statusCode}`;
        const answer = documentedAnswer(operation, res.statusCode);
        if (res.statusCode >= 500 && !FIVE_XX_ALLOWED.has(`${operation.method} ${operation.path} ${res.statusCode}`))
          failures.push(`${where}: 5xx ${res.body.slice(0, 120)}`);
        else if (!answer) failures.push(`${where}: status not documented`);
        else {
          const wrong = mismatch(answer, res.headers['content-type'] as string | undefined, res.body);
          if (wrong) failures.push(`${where}: ${wrong}`);
          else if (
            res.headers['content-type']?.toString().startsWith('application/json') &&
            !FIVE_XX_ALLOWED.has(`${operation.method} ${operation.path} ${res.statusCode}`) &&
            !isEnvelope(res.body)
          ) {
            failures.push(`${where}: not an envelope`);
          }
        }
      }
    }
    const totals = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    console.info(`fuzz (${dialect}): ${operations.length} operations, ${requests} requests; ${totals.join(', ')}`);
    expect(failures).toEqual([]);
    // only the cases after a log-out may find their session gone
    expect(sessionsRenewed).toBeLessThanOrEqual(CASES_PER_OPERATION / 2);
    expect(staffSessionsRenewed).toBeLessThanOrEqual(CASES_PER_OPERATION / 2);
    // the back office's writes were fuzzed past the session and origin checks, into their input checks
    expect(staffWrites.get(400) ?? 0).toBeGreaterThan(100);
    expect(staffWrites.get(403) ?? 0).toBeLessThan(10);
  });
});
