import { type InjectOptions } from 'fastify';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../src/composition/app';
import { type DB } from '../../src/infrastructure/db/schema';
import { createWriteFeed } from '../../src/infrastructure/db/write-watch';
import { hashPassword } from '../../src/modules/auth/passwords';
import { createSession } from '../../src/modules/auth/sessions.service';
import { seedBulk, userIdOf } from '../../bench/common';
import { createTestDatabase, testDialects, type TestDatabase } from '../databases';
import { buildTestApp } from '../helper';
import { newStaff } from '../modules/admin/support';

// The hot queries keep to indexes as the data grows (ADR 0022; `npm run bench:scale` measures
// their times at up to a million users). On 20,000 users with 5 orders, 1 session and 2 devices
// each (ANALYZEd, enough that the planner prefers an index wherever one serves), every statement
// a hot route sends is captured from the real route (Kysely's log) and EXPLAINed with its own
// parameters: none may read a big table whole (a Seq Scan). Small tables (seats, payments, shares,
// login_events here) may be scanned: they are empty.

const USERS = 20_000;
const BIG_TABLES = new Set(['users', 'orders', 'order_items', 'sessions', 'devices']);
const PASSWORD = 'Plans#pass1';
const KNOWN = 1234;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The big tables a plan reads with a sequential scan, anywhere in its tree. */
function seqScans(node: PlanNode): string[] {
  const table = node['Relation Name'];
  const own = node['Node Type'] === 'Seq Scan' && table !== undefined && BIG_TABLES.has(table) ? [table] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

/** Reads, updates and deletes (an insert scans nothing). */
const scanning = (query: CompiledQuery) => /^\s*(select|update|delete|with)\b/i.test(query.sql);

describe.runIf(testDialects().some((leg) => leg.dialect === 'postgres'))('hot queries on PostgreSQL use indexes', () => {
  let test: TestDatabase;
  let logged: Kysely<DB>;
  let app: App;
  let capturing = false;
  const captured: CompiledQuery[] = [];
  let token = '';
  let staffCookies: Record<string, string> = {};

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    await seedBulk(test.handle.db, { users: USERS, orders: USERS * 5, sessions: USERS, devices: USERS * 2 });
    // the app on a connection of its own to the same schema, whose log hands over every statement sent
    logged = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: test.url, max: 4 }) }),
      log: (event) => {
        if (capturing && event.level === 'query') captured.push(event.query);
      },
    });
    app = await buildTestApp({
      db: logged,
      dialect: 'postgres',
      description: 'query plans',
      writes: createWriteFeed(),
      destroy: () => logged.destroy(),
    });
    const userId = userIdOf(KNOWN);
    await test.handle.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', userId)
      .execute();
    // opened two minutes ago: its first use also writes last_seen_at
    token = await createSession(
      test.handle.db,
      userId,
      { loginType: 'account', ip: null, userAgent: 'plans' },
      app.config.session,
      new Date(Date.now() - 120_000),
    );
    staffCookies = (await newStaff(test.handle.db, 'OWNER')).cookies;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await logged?.destroy();
    await test?.cleanup();
  });

  /** The scanning statements a request sends, and those of them whose plan scans a big table whole. */
  async function plansOf(request: InjectOptions) {
    captured.length = 0;
    capturing = true;
    const response = await app.inject(request);
    capturing = false;
    expect(response.statusCode, response.body).toBe(200);
    const statements = captured.filter(scanning);
    const scans: { sql: string; tables: string[] }[] = [];
    for (const query of statements) {
      const { rows } = await logged.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
      );
      const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
      const tables = plan ? seqScans(plan) : ['(no plan)'];
      if (tables.length > 0) scans.push({ sql: query.sql, tables });
    }
    return { statements: statements.length, scans };
  }

  const user = () => ({ authorization: token, 'accept-language': 'en' });
  const staff = () => ({ cookies: staffCookies, headers: { 'accept-language': 'en' } });
  const requests: [string, () => InjectOptions][] = [
    [
      'log-in by password',
      () => ({ method: 'POST', url: '/h5Login', payload: { loginType: 'account', account: `user${KNOWN}`, password: PASSWORD } }),
    ],
    ['session and /user/info', () => ({ method: 'GET', url: '/user/info', headers: user() })],
    ['order list', () => ({ method: 'GET', url: '/order/list?page=1', headers: user() })],
    ['device list', () => ({ method: 'GET', url: '/device/list?page=1&pageSize=20', headers: user() })],
    ['back office: users, first page', () => ({ method: 'GET', url: '/admin/users', ...staff() })],
    ['back office: users by name prefix', () => ({ method: 'GET', url: `/admin/users?q=user${KNOWN}`, ...staff() })],
    ['back office: users by phone', () => ({ method: 'GET', url: `/admin/users?q=13${String(KNOWN).padStart(9, '0')}`, ...staff() })],
    ['back office: orders, first page', () => ({ method: 'GET', url: '/admin/orders', ...staff() })],
    ['back office: orders of a user', () => ({ method: 'GET', url: `/admin/orders?userId=${userIdOf(KNOWN)}`, ...staff() })],
    ['back office: orders of a status', () => ({ method: 'GET', url: '/admin/orders?status=REFUNDED', ...staff() })],
  ];

  it.each(requests)('%s', async (_name, request) => {
    const { statements, scans } = await plansOf(request());
    expect(statements).toBeGreaterThan(0);
    expect(scans).toEqual([]);
  });
});
