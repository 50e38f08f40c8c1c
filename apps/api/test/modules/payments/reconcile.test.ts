import { type TPayMethod } from '@llk/contracts';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { MemoryKeyValueStore } from '../../../src/infrastructure/kv';
import { upsertSkus } from '../../../src/modules/pricing/pricing.repository';
import { applyVerifiedPayment } from '../../../src/flows/apply-payment';
import { reconcilePendingPayments } from '../../../src/modules/payments/reconcile';
import { startFakeGatewayServer, type FakeGatewayServer } from '../../support/fake-gateways';
import { buildTestApp, createTestDatabase, testDialects, type TestDatabase } from '../../helper';
import { body, makeProviders, newOrder, newUser, orderRow, SKUS, startPay, useOrdersApp, userRow } from '../orders/support';

const MINUTE = 60_000;

describe.each(testDialects())('reconciliation against the fake gateways ($dialect)', ({ dialect }) => {
  const ctx = useOrdersApp(dialect);
  let hanging: FakeGatewayServer;
  beforeAll(async () => {
    hanging = await startFakeGatewayServer(null, { hang: true });
  });
  afterAll(async () => {
    await hanging.close();
  });

  const deps = (kv = new MemoryKeyValueStore()) => ({
    db: ctx.database.db,
    providers: ctx.providers,
    kv,
    applyPayment: applyVerifiedPayment,
    afterMs: 2 * MINUTE,
  });
  const paymentRow = (paymentNo: string) =>
    ctx.database.db.selectFrom('payments').selectAll().where('payment_no', '=', paymentNo).executeTakeFirstOrThrow();
  /** what was asked of the gateway about this attempt (gateway_queries), oldest first */
  const queriesOf = async (paymentNo: string) =>
    ctx.database.db
      .selectFrom('gateway_queries')
      .select(['source', 'state', 'amount_fen', 'gateway_trade_no', 'error'])
      .where('payment_id', '=', (await paymentRow(paymentNo)).id)
      .orderBy('asked_at')
      .orderBy('id')
      .execute();

  it.each(['ZFB', 'WX'] as TPayMethod[])(
    '%s: a payment whose notification never arrived is applied once, by querying the gateway',
    async (method) => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token);
      const paymentNo = await startPay(ctx.app, order.id, method, user.token);
      await ctx.fakes.payWithoutNotifying(method, paymentNo);
      const deliveriesBefore = ctx.deliveries.length;

      // Too young: not asked yet.
      const kv = new MemoryKeyValueStore();
      expect(await reconcilePendingPayments(deps(kv), new Date(Date.now() + MINUTE))).toMatchObject({ recovered: 0 });
      expect((await orderRow(ctx.database, order.id)).status).toBe('PENDING_PAYMENT');

      const later = new Date(Date.now() + 3 * MINUTE);
      const result = await reconcilePendingPayments(deps(kv), later);
      expect(result.recovered).toBe(1);
      expect(result.failed).toBe(0);
      const row = await orderRow(ctx.database, order.id);
      expect(row.status).toBe('FULFILLED');
      expect((await paymentRow(paymentNo)).state).toBe('PAID');
      expect((await paymentRow(paymentNo)).gateway_trade_no).toBe((await ctx.fakes.charge(method, paymentNo))?.tradeNo);
      const expiry = (await userRow(ctx.database, user.id)).member_expires_at;
      expect(expiry).not.toBeNull();
      expect(ctx.deliveries.length).toBe(deliveriesBefore);
      // the question and the gateway's answer are written down
      const asked = await queriesOf(paymentNo);
      expect(asked.map((q) => ({ ...q, amount_fen: Number(q.amount_fen) }))).toEqual([
        {
          source: 'RECONCILE',
          state: 'PAID',
          amount_fen: 26800,
          gateway_trade_no: (await ctx.fakes.charge(method, paymentNo))?.tradeNo,
          error: null,
        },
      ]);

      // The notification turning up late is acknowledged and changes nothing.
      const late = await ctx.fakes.pay(method, paymentNo);
      assert(late.result === 'delivered', late.result);
      expect(late.delivery.status).toBeLessThan(300);
      expect((await userRow(ctx.database, user.id)).member_expires_at).toBe(expiry);
      // Nothing left to do on the next run.
      expect(await reconcilePendingPayments(deps(), new Date(Date.now() + 4 * MINUTE))).toMatchObject({ recovered: 0 });
      const notifications = await ctx.database.db
        .selectFrom('payment_notifications')
        .selectAll()
        .where('payment_id', '=', row.paid_payment_id ?? '')
        .execute();
      expect(notifications.map((n) => [n.outcome, n.via])).toEqual([['APPLIED', 'QUERY']]);
    },
  );

  it('leaves unpaid payments open and asks about each at most once per interval', async () => {
    const user = await newUser(ctx.app);
    const order = await newOrder(ctx.app, user.token);
    const paymentNo = await startPay(ctx.app, order.id, 'WX', user.token);
    const kv = new MemoryKeyValueStore();
    const later = new Date(Date.now() + 3 * MINUTE);
    const queriesBefore = ctx.fakes.requests.filter((r) => r.operation === 'query').length;
    const first = await reconcilePendingPayments(deps(kv), later);
    expect(first.checked).toBeGreaterThanOrEqual(1);
    expect(first.recovered).toBe(0);
    expect((await paymentRow(paymentNo)).state).toBe('PENDING');
    expect((await queriesOf(paymentNo)).map((q) => [q.source, q.state])).toEqual([
      ['RECONCILE', expect.stringMatching(/^(PENDING|NOT_FOUND)$/)],
    ]);
    const queried = ctx.fakes.requests.filter((r) => r.operation === 'query').length;
    expect(queried).toBeGreaterThan(queriesBefore);
    await reconcilePendingPayments(deps(kv), later);
    expect(ctx.fakes.requests.filter((r) => r.operation === 'query').length).toBe(queried);
  });

  it('ignores payments already past their expiry (the orders sweep owns those)', async () => {
    const user = await newUser(ctx.app);
    const order = await newOrder(ctx.app, user.token);
    const paymentNo = await startPay(ctx.app, order.id, 'ZFB', user.token);
    await ctx.fakes.payWithoutNotifying('ZFB', paymentNo);
    const farFuture = new Date(Date.now() + 365 * 24 * 60 * MINUTE);
    expect(await reconcilePendingPayments(deps(), farFuture)).toMatchObject({ recovered: 0 });
    expect((await paymentRow(paymentNo)).state).toBe('PENDING');
  });

  it('a hanging gateway counts as failed and changes nothing', async () => {
    const user = await newUser(ctx.app);
    const order = await newOrder(ctx.app, user.token);
    const paymentNo = await startPay(ctx.app, order.id, 'ZFB', user.token);
    await ctx.fakes.payWithoutNotifying('ZFB', paymentNo);
    const slow = makeProviders(
      ctx.keys,
      { alipayGateway: `${hanging.base}/alipay/gateway.do`, wechatBaseUrl: `${hanging.base}/wechat` },
      300,
    );
    const result = await reconcilePendingPayments({ ...deps(), providers: slow, batch: 1000 }, new Date(Date.now() + 3 * MINUTE));
    expect(result.failed).toBeGreaterThanOrEqual(1);
    expect(result.recovered).toBe(0);
    expect((await paymentRow(paymentNo)).state).toBe('PENDING');
    // the failed question is written down with what went wrong
    const [failed] = await queriesOf(paymentNo);
    expect(failed).toMatchObject({ source: 'RECONCILE', state: 'ERROR', amount_fen: null });
    expect(failed?.error).toMatch(/^GatewayTimeout: /);
  });
});

describe.each(testDialects())('the built-in sandbox end to end with the orders routes ($dialect)', ({ dialect }) => {
  let database: TestDatabase;
  let app: App;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await upsertSkus(database.handle.db, SKUS);
    app = await buildTestApp(database.handle, {
      env: { WEB_ORIGIN: 'https://www.llk.test', ORDER_SWEEP_SECONDS: '0', PAYMENT_RECONCILE_SECONDS: '0' },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.cleanup();
  });

  it.each(['ZFB', 'WX'] as TPayMethod[])(
    '%s: pay on the confirm page, and the order is fulfilled through the notify route',
    async (method) => {
      const user = await newUser(app);
      const order = await newOrder(app, user.token);
      const res = await app.inject({
        method: 'POST',
        url: '/pay/payV2',
        headers: { authorization: user.token },
        payload: { orderId: order.id, payMethod: method, payClient: 'WEB' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = body<{ codeUrl: string; sandbox?: boolean; paymentNo: string }>(res).data;
      expect(data.sandbox).toBe(true);
      expect(data.codeUrl.startsWith(`https://www.llk.test/api/sandbox/pay/${method}/${data.paymentNo}?t=`)).toBe(true);
      const pagePath = data.codeUrl.slice('https://www.llk.test/api'.length);
      const page = await app.inject({ url: `${pagePath}&lang=en` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<dd class="amount">CN¥268</dd>'); // as the web writes the amount in English
      const token = new URL(data.codeUrl).searchParams.get('t') ?? '';
      const confirm = await app.inject({
        method: 'POST',
        url: pagePath,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `t=${token}&lang=en`,
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      expect((await orderRow(database.handle, order.id)).status).toBe('FULFILLED');
      expect((await userRow(database.handle, user.id)).member_expires_at).not.toBeNull();
    },
  );
});
