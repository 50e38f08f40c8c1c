import { afterAll, beforeAll, expect } from 'vitest';
import { type TPayMethod } from '@llk/contracts';
import { type App } from '../../../src/composition/app';
import { type DatabaseHandle } from '../../../src/infrastructure/db/database';
import { type TDialect } from '../../../src/infrastructure/db/database-url';
import { AlipayProvider } from '../../../src/modules/payments/alipay.provider';
import { type PaymentProviders } from '../../../src/modules/payments/provider';
import { FakeGateways, startFakeGatewayServer, type FakeGatewayServer, type NotificationMessage } from '../../support/fake-gateways';
import { generateSandboxKeys, type SandboxKeys } from '../../../src/modules/payments/sandbox/keys';
import { UnconfiguredProvider } from '../../../src/modules/payments/unconfigured.provider';
import { WechatPayProvider } from '../../../src/modules/payments/wechat.provider';
import { upsertSkus, type SeedSku } from '../../../src/modules/pricing/pricing.repository';
import { signUp } from '../../accounts';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../helper';

// Orders tests run the real Alipay and WeChat Pay adapters against the local fake gateways
// (real protocols, keys generated here); the fakes deliver notifications into the app through
// app.inject() at the notify URL the order gave them.

export const NOTIFY_BASE = 'https://api.llk.test';

export const SKUS: SeedSku[] = [
  {
    id: 'MEMBER_MONTH',
    item_type: 'MEMBER',
    time_unit: 'MONTH',
    duration: 1,
    quantity: 1,
    quality_tier: null,
    price_fen: 3000,
    original_price_fen: 3800,
    sort_order: 1,
  },
  {
    id: 'MEMBER_YEAR',
    item_type: 'MEMBER',
    time_unit: 'YEAR',
    duration: 1,
    quantity: 1,
    quality_tier: null,
    price_fen: 26800,
    original_price_fen: 45600,
    sort_order: 2,
  },
  {
    id: 'MONITOR_1',
    item_type: 'MONITOR',
    time_unit: null,
    duration: 1,
    quantity: 1,
    quality_tier: null,
    price_fen: 1800,
    original_price_fen: 1800,
    sort_order: 3,
  },
  {
    id: 'MONITOR_10',
    item_type: 'MONITOR',
    time_unit: null,
    duration: 1,
    quantity: 10,
    quality_tier: null,
    price_fen: 15800,
    original_price_fen: 18000,
    sort_order: 4,
  },
  {
    id: 'CHANNEL_YEAR',
    item_type: 'CHANNEL',
    time_unit: 'YEAR',
    duration: 1,
    quantity: 1,
    quality_tier: null,
    price_fen: 9800,
    original_price_fen: 12800,
    sort_order: 5,
  },
  {
    id: 'QUALITY_HD_YEAR',
    item_type: 'QUALITY',
    time_unit: 'YEAR',
    duration: 1,
    quantity: 1,
    quality_tier: 'HD',
    price_fen: 9800,
    original_price_fen: 11800,
    sort_order: 6,
  },
  {
    id: 'QUALITY_ULTRA_YEAR',
    item_type: 'QUALITY',
    time_unit: 'YEAR',
    duration: 1,
    quantity: 1,
    quality_tier: 'ULTRA',
    price_fen: 19800,
    original_price_fen: 23800,
    sort_order: 7,
  },
];

export interface Envelope<T = Record<string, unknown>> {
  errcode: number;
  errmsg: string;
  data: T;
}
export const body = <T = Record<string, unknown>>(res: { json(): unknown }) => res.json() as Envelope<T>;

export interface OrdersContext {
  readonly app: App;
  readonly database: DatabaseHandle;
  /** SQLite: the database file (another process may open it) */
  /** DATABASE_URL for a separate API process on this test's database. */
  readonly databaseUrl: string;
  /** PostgreSQL: the test's schema. */
  readonly databaseSchema: string | undefined;
  readonly fakes: FakeGateways;
  readonly keys: SandboxKeys;
  readonly providers: PaymentProviders;
  /** the fake gateway server (Alipay and WeChat on one port) */
  readonly server: FakeGatewayServer;
  /** every notification the fakes delivered, with the app's answer */
  readonly deliveries: { message: NotificationMessage; status: number; body: string }[];
}

export function makeProviders(
  keys: SandboxKeys,
  server: { alipayGateway: string; wechatBaseUrl: string },
  timeoutMs = 5_000,
): PaymentProviders {
  return {
    ZFB: new AlipayProvider({
      gateway: server.alipayGateway,
      appId: keys.alipay.appId,
      privateKey: keys.alipay.appPrivateKey,
      alipayPublicKey: keys.alipay.alipayPublicKey,
      sellerId: keys.alipay.sellerId,
      timeoutMs,
    }),
    WX: new WechatPayProvider({
      baseUrl: server.wechatBaseUrl,
      mchid: keys.wechat.mchid,
      appId: keys.wechat.appId,
      privateKey: keys.wechat.merchantPrivateKey,
      serial: keys.wechat.merchantSerial,
      apiV3Key: keys.wechat.apiV3Key,
      platformPublicKey: keys.wechat.platformPublicKey,
      platformSerial: keys.wechat.platformSerial,
      timeoutMs,
    }),
    // cards are off here; they have their own fake (test/support/fake-stripe.ts, test/payments/stripe-*.test.ts)
    CARD: new UnconfiguredProvider('CARD', []),
  };
}

/** Uses these providers in the app (whatever the payments plugin decorated). */
export function useProviders(app: App, providers: PaymentProviders): void {
  (app as unknown as { paymentProviders: PaymentProviders }).paymentProviders = providers;
}

/** A migrated database with the test catalogue, an app on it, fake gateways and real adapters. */
export function useOrdersApp(dialect: TDialect, env: Record<string, string> = {}): OrdersContext {
  let db: TestDatabase | undefined;
  let app: App | undefined;
  let server: FakeGatewayServer | undefined;
  let providers: PaymentProviders | undefined;
  const keys = generateSandboxKeys();
  const deliveries: OrdersContext['deliveries'] = [];
  const fakes = new FakeGateways({
    keys,
    deliver: async (message) => {
      if (!app) throw new Error('app not ready');
      const url = new URL(message.url);
      const res = await app.inject({ method: 'POST', url: url.pathname, headers: message.headers, payload: message.body });
      deliveries.push({ message, status: res.statusCode, body: res.body });
      return { status: res.statusCode, body: res.body };
    },
  });
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    await upsertSkus(db.handle.db, SKUS);
    server = await startFakeGatewayServer(fakes);
    providers = makeProviders(keys, server);
    app = await buildTestApp(db.handle, { env: { PAYMENT_NOTIFY_BASE: NOTIFY_BASE, ORDER_SWEEP_SECONDS: '0', ...env } });
    useProviders(app, providers);
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
    await db?.cleanup();
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} not ready (use it inside a test)`);
    return value;
  };
  return {
    get app() {
      return need(app, 'app');
    },
    get database() {
      return need(db, 'database').handle;
    },
    get databaseUrl() {
      return need(db, 'database').url;
    },
    get databaseSchema() {
      return need(db, 'database').schema;
    },
    get server() {
      return need(server, 'fake gateway server');
    },
    get providers() {
      return need(providers, 'providers');
    },
    fakes,
    keys,
    deliveries,
  };
}

export async function newUser(app: App): Promise<{ token: string; username: string; id: string }> {
  const user = await signUp(app);
  const info = body<{ id: string }>(await app.inject({ url: '/user/info', headers: { authorization: user.token } }));
  return { token: user.token, username: user.username, id: info.data.id };
}

export async function createOrder(
  app: App,
  token: string,
  payload: Record<string, unknown> = { skuId: 'MEMBER_YEAR' },
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url: '/order/createV2', headers: { authorization: token, ...headers }, payload });
}

export async function newOrder(
  app: App,
  token: string,
  payload: Record<string, unknown> = { skuId: 'MEMBER_YEAR' },
): Promise<{ id: string; totalFen: number }> {
  const res = await createOrder(app, token, payload);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ id: string; totalFen: number }>(res).data;
}

export async function pay(
  app: App,
  orderId: string,
  payMethod: TPayMethod,
  auth: { token?: string; payToken?: string },
  extra: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/pay/payV2',
    headers: auth.token ? { authorization: auth.token } : {},
    payload: { orderId, payMethod, ...(auth.payToken ? { payToken: auth.payToken } : {}), ...extra },
  });
}

/** Starts a QR payment and returns its paymentNo. */
export async function startPay(app: App, orderId: string, payMethod: TPayMethod, token: string): Promise<string> {
  const res = await pay(app, orderId, payMethod, { token });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ paymentNo: string }>(res).data.paymentNo;
}

export async function orderRow(database: DatabaseHandle, id: string) {
  return database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function userRow(database: DatabaseHandle, id: string) {
  return database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
