import { ErrorCode, type TMemberLevel, type TMonitorAndQuality, type TPayMethod } from '@llk/contracts';
import { sql } from 'kysely';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { toDbDate } from '../../../src/infrastructure/db/dialect';
import { type AppError } from '../../../src/infrastructure/http/app-error';
import { addMonths } from '../../../src/modules/fulfilment/fulfilment.service';
import { closeOrphanedPayments, expireDueOrders, refundDoublePayments, sweepOrders } from '../../../src/flows/order-sweep';
import { refundOrder } from '../../../src/flows/refund-order';
import { startFakeGatewayServer, type FakeGatewayServer } from '../../support/fake-gateways';
import { testDialects } from '../../helper';
import { bind, DAY, insertTestUser, makeAmbassador } from '../referrals/fixtures';
import { body, makeProviders, newOrder, newUser, orderRow, startPay, useOrdersApp, userRow } from './support';

const notifyPath = { ZFB: '/pay/notify/alipay', WX: '/pay/notify/wechat' } as const;
const ack = { ZFB: { status: 200, body: 'success' }, WX: { status: 204, body: '' } } as const;

describe('addMonths', () => {
  it('adds calendar months in UTC and clamps to the month end', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T10:00:00.000Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2026-03-15T00:00:00.000Z'), 12).toISOString()).toBe('2027-03-15T00:00:00.000Z');
    expect(addMonths(new Date('2026-12-31T23:59:59.999Z'), 2).toISOString()).toBe('2027-02-28T23:59:59.999Z');
  });
});

describe.each(testDialects())('order lifecycle on $dialect', ({ dialect }) => {
  const ctx = useOrdersApp(dialect);
  const sweepDeps = () => ({ db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv, completeAfterMs: 7 * 86_400_000 });
  const odb = () => ctx.database.db;
  const payments = (orderId: string) => odb().selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const expire = (orderId: string) =>
    odb()
      .updateTable('orders')
      .set({ expires_at: toDbDate(Date.now() - 1000) })
      .where('id', '=', orderId)
      .execute();
  const get = async <T>(url: string, token: string) => body<T>(await ctx.app.inject({ url, headers: { authorization: token } })).data;

  async function paidOrder(skuId: string, method: TPayMethod = 'ZFB', quantity = 1) {
    const user = await newUser(ctx.app);
    const order = await newOrder(ctx.app, user.token, { skuId, quantity });
    const paymentNo = await startPay(ctx.app, order.id, method, user.token);
    expect((await ctx.fakes.pay(method, paymentNo)).result).toBe('delivered');
    expect((await orderRow(ctx.database, order.id)).status).toBe('FULFILLED');
    return { user, order, paymentNo };
  }

  describe('expiry', () => {
    it('stops at its next order once the job’s signal is aborted (the run passed its expiry), and does the work on the next run', async () => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      await expire(order.id);
      const expired = new AbortController();
      expired.abort(new Error('the run passed its expiry of 60 s'));
      const before = (await orderRow(ctx.database, order.id)).status;
      await expect(sweepOrders({ ...sweepDeps(), signal: expired.signal })).rejects.toThrow('the run passed its expiry of 60 s');
      expect((await orderRow(ctx.database, order.id)).status).toBe(before);
      const result = await sweepOrders({ ...sweepDeps(), signal: new AbortController().signal });
      expect(result.expired).toBeGreaterThanOrEqual(1);
      expect((await orderRow(ctx.database, order.id)).status).toBe('EXPIRED');
    });

    it('expires unpaid orders and closes their open attempts at the gateway', async () => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      const alipayNo = await startPay(ctx.app, order.id, 'ZFB', user.token);
      const wechatNo = await startPay(ctx.app, order.id, 'WX', user.token);
      const untouched = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      await expire(order.id);

      const result = await expireDueOrders(sweepDeps());
      expect(result.expired).toBeGreaterThanOrEqual(1);
      const row = await orderRow(ctx.database, order.id);
      expect(row.status).toBe('EXPIRED');
      expect(row.closed_at).not.toBeNull();
      expect((await payments(order.id)).map((p) => p.state)).toEqual(['CLOSED', 'CLOSED']);
      expect((await ctx.fakes.charge('ZFB', alipayNo))?.state).toBe('CLOSED');
      expect((await ctx.fakes.charge('WX', wechatNo))?.state).toBe('CLOSED');
      expect((await orderRow(ctx.database, untouched.id)).status).toBe('CREATED');

      const res = await ctx.app.inject({
        method: 'POST',
        url: '/pay/payV2',
        headers: { authorization: user.token },
        payload: { orderId: order.id, payMethod: 'WX' },
      });
      expect({ status: res.statusCode, errcode: body(res).errcode }).toEqual({ status: 409, errcode: ErrorCode.ORDER_EXPIRED });
      expect(
        body<{ status: string }>(await ctx.app.inject({ url: `/order/info/${order.id}`, headers: { authorization: user.token } })).data
          .status,
      ).toBe('EXPIRED');
    });

    it.each(['ZFB', 'WX'] as const)(
      '%s: a payment whose notification was lost is found by querying the gateway and applied once',
      async (method) => {
        const user = await newUser(ctx.app);
        const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_10' });
        const paymentNo = await startPay(ctx.app, order.id, method, user.token);
        await ctx.fakes.payWithoutNotifying(method, paymentNo);
        await expire(order.id);

        const result = await expireDueOrders(sweepDeps());
        expect(result.recovered).toBeGreaterThanOrEqual(1);
        expect((await orderRow(ctx.database, order.id)).status).toBe('FULFILLED');
        expect((await userRow(ctx.database, user.id)).monitor_count).toBe(10);
        // the notification arriving after all is a duplicate
        const charge = await ctx.fakes.charge(method, paymentNo);
        assert(charge, 'no charge');
        const message = ctx.fakes.notification(charge);
        const res = await ctx.app.inject({ method: 'POST', url: notifyPath[method], headers: message.headers, payload: message.body });
        expect({ status: res.statusCode, body: res.body }).toEqual(ack[method]);
        expect((await userRow(ctx.database, user.id)).monitor_count).toBe(10);
        const rows = await odb()
          .selectFrom('payment_notifications')
          .select(['outcome', 'via'])
          .where('payment_id', '=', (await payments(order.id))[0]?.id ?? '')
          .execute();
        expect(rows).toEqual([{ outcome: 'APPLIED', via: 'QUERY' }]);
      },
    );

    it('attempts left open because the gateway was down at expiry are asked again later: money found is refunded, the rest closed', async () => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      const paidNo = await startPay(ctx.app, order.id, 'WX', user.token);
      const unpaidNo = await startPay(ctx.app, order.id, 'ZFB', user.token);
      await expire(order.id);
      // nothing listens on port 9: every gateway call fails at once
      const down = makeProviders(
        ctx.keys,
        { alipayGateway: 'http://127.0.0.1:9/alipay/gateway.do', wechatBaseUrl: 'http://127.0.0.1:9/wechat' },
        300,
      );
      await expireDueOrders({ ...sweepDeps(), providers: down });
      expect((await orderRow(ctx.database, order.id)).status).toBe('EXPIRED');
      for (const attempt of await payments(order.id)) expect(['CREATED', 'PENDING']).toContain(attempt.state);
      // still down on the next sweep: the attempts stay open and go to the back of the queue
      expect(await closeOrphanedPayments({ ...sweepDeps(), providers: down }, new Date(Date.now() + 120_000))).toBe(0);
      // meanwhile the payer paid one of them; the gateway is back
      await ctx.fakes.payWithoutNotifying('WX', paidNo);
      expect(await closeOrphanedPayments(sweepDeps(), new Date(Date.now() + 10 * 60_000))).toBeGreaterThanOrEqual(2);
      const rows = await payments(order.id);
      expect(rows.find((p) => p.payment_no === paidNo)).toMatchObject({ state: 'PAID', needs_refund: 1 });
      expect(rows.find((p) => p.payment_no === unpaidNo)?.state).toBe('CLOSED');
      expect((await ctx.fakes.charge('ZFB', unpaidNo))?.state).toBe('CLOSED');
      expect((await orderRow(ctx.database, order.id)).status).toBe('EXPIRED');
      expect((await userRow(ctx.database, user.id)).monitor_count).toBe(0);
      await refundDoublePayments(sweepDeps());
      expect((await ctx.fakes.charge('WX', paidNo))?.refundedFen).toBe(1800);
    });

    it('money arriving for an expired order is recorded, flagged and refunded; nothing is granted', async () => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      const paymentNo = await startPay(ctx.app, order.id, 'WX', user.token);
      const charge = await ctx.fakes.payWithoutNotifying('WX', paymentNo);
      assert(charge, 'no charge');
      // expired while the gateway could not be reached
      await odb()
        .updateTable('orders')
        .set({ status: 'EXPIRED', closed_at: toDbDate(new Date()) })
        .where('id', '=', order.id)
        .execute();
      const message = ctx.fakes.notification(charge);
      const res = await ctx.app.inject({ method: 'POST', url: notifyPath.WX, headers: message.headers, payload: message.body });
      expect(res.statusCode).toBe(204);
      expect((await orderRow(ctx.database, order.id)).status).toBe('EXPIRED');
      expect((await userRow(ctx.database, user.id)).monitor_count).toBe(0);
      expect(await payments(order.id)).toMatchObject([{ state: 'PAID', needs_refund: 1 }]);
      await refundDoublePayments(sweepDeps());
      expect(await payments(order.id)).toMatchObject([{ state: 'PAID', needs_refund: 0 }]);
      expect((await ctx.fakes.charge('WX', paymentNo))?.refundedFen).toBe(1800);
    });
  });

  it('completes fulfilled orders after the window', async () => {
    const { order } = await paidOrder('MONITOR_1');
    await sweepOrders(sweepDeps());
    expect((await orderRow(ctx.database, order.id)).status).toBe('FULFILLED');
    await sweepOrders(sweepDeps(), new Date(Date.now() + 7 * 86_400_000 + 60_000));
    const row = await orderRow(ctx.database, order.id);
    expect(row.status).toBe('COMPLETED');
    expect(row.completed_at).not.toBeNull();
  });

  describe('refunds', () => {
    it('refunding a second year of the channel takes back that year only; refunding an upgrade restores the tier before it', async () => {
      const { user } = await paidOrder('CHANNEL_YEAR', 'WX');
      const first = (await get<TMonitorAndQuality>('/user/queryMonitorAndQuality', user.token)).channelExpiresAt;
      const second = await newOrder(ctx.app, user.token, { skuId: 'CHANNEL_YEAR' });
      await ctx.fakes.pay('ZFB', await startPay(ctx.app, second.id, 'ZFB', user.token));
      expect((await get<TMonitorAndQuality>('/user/queryMonitorAndQuality', user.token)).channelExpiresAt).not.toBe(first);
      await refundOrder({ db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv }, second.id, { reason: 'bought twice' });
      expect(await get<TMonitorAndQuality>('/user/queryMonitorAndQuality', user.token)).toMatchObject({
        channelEnabled: true,
        channelExpiresAt: first,
      });

      const hd = await newOrder(ctx.app, user.token, { skuId: 'QUALITY_HD_YEAR' });
      await ctx.fakes.pay('WX', await startPay(ctx.app, hd.id, 'WX', user.token));
      const hdTerm = (await get<TMonitorAndQuality>('/user/queryMonitorAndQuality', user.token)).qualityExpiresAt;
      const ultra = await newOrder(ctx.app, user.token, { skuId: 'QUALITY_ULTRA_YEAR' });
      await ctx.fakes.pay('WX', await startPay(ctx.app, ultra.id, 'WX', user.token));
      expect((await get<TMonitorAndQuality>('/user/queryMonitorAndQuality', user.token)).qualityTier).toBe('ULTRA');
      await refundOrder({ db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv }, ultra.id, { reason: 'changed mind' });
      expect(await get<TMonitorAndQuality>('/user/queryMonitorAndQuality', user.token)).toMatchObject({
        qualityTier: 'HD',
        qualityExpiresAt: hdTerm,
      });
    });

    it('a full refund makes the order REFUNDED and takes the membership back', async () => {
      const { user, order, paymentNo } = await paidOrder('MEMBER_YEAR', 'WX');
      expect((await get<TMemberLevel>('/user/currentMemberLevel', user.token)).plan).toBe('PRO');

      const refund = await refundOrder({ db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv }, order.id, {
        reason: 'customer asked',
      });
      expect(refund).toMatchObject({ state: 'SUCCEEDED', amount_fen: 26800, order_id: order.id });
      const row = await orderRow(ctx.database, order.id);
      expect(row).toMatchObject({ status: 'REFUNDED', refunded_fen: 26800 });
      expect(await get<TMemberLevel>('/user/currentMemberLevel', user.token)).toMatchObject({ plan: 'FREE', active: false });
      expect((await ctx.fakes.charge('WX', paymentNo))?.refundedFen).toBe(26800);

      await expect(
        refundOrder({ db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv }, order.id, { reason: 'again' }),
      ).rejects.toMatchObject({ codeName: 'REFUND_NOT_ALLOWED' });
    });

    it('a partial refund keeps the order fulfilled; the rest makes it REFUNDED and removes the screen walls', async () => {
      const { user, order, paymentNo } = await paidOrder('MONITOR_10', 'ZFB');
      const deps = { db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv };
      await expect(refundOrder(deps, order.id, { amountFen: 15801, reason: 'too much' })).rejects.toMatchObject({
        codeName: 'REFUND_NOT_ALLOWED',
      });
      await expect(refundOrder(deps, order.id, { amountFen: 0, reason: 'nothing' })).rejects.toMatchObject({
        codeName: 'REFUND_NOT_ALLOWED',
      });
      expect((await orderRow(ctx.database, order.id)).status).toBe('FULFILLED');

      await refundOrder(deps, order.id, { amountFen: 1000, reason: 'goodwill' });
      expect(await orderRow(ctx.database, order.id)).toMatchObject({ status: 'FULFILLED', refunded_fen: 1000 });
      expect((await get<TMonitorAndQuality>('/user/queryMonitorAndQuality', user.token)).monitorCount).toBe(10);

      await refundOrder(deps, order.id, { reason: 'the rest' });
      expect(await orderRow(ctx.database, order.id)).toMatchObject({ status: 'REFUNDED', refunded_fen: 15800 });
      expect((await get<TMonitorAndQuality>('/user/queryMonitorAndQuality', user.token)).monitorCount).toBe(0);
      expect((await ctx.fakes.charge('ZFB', paymentNo))?.refundedFen).toBe(15800);
      const refunds = await odb()
        .selectFrom('refunds')
        .select(['state', 'amount_fen'])
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute();
      expect(refunds).toEqual([
        { state: 'SUCCEEDED', amount_fen: 1000 },
        { state: 'SUCCEEDED', amount_fen: 14800 },
      ]);
    });

    it('refuses to refund an unpaid order', async () => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      await expect(
        refundOrder({ db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv }, order.id, { reason: 'x' }),
      ).rejects.toMatchObject({ codeName: 'REFUND_NOT_ALLOWED' });
      await expect(
        refundOrder({ db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv }, 'NOPE', { reason: 'x' }),
      ).rejects.toMatchObject({ codeName: 'ORDER_NOT_FOUND' });
    });

    describe('with a hanging gateway', () => {
      let hanging: FakeGatewayServer;
      beforeAll(async () => {
        hanging = await startFakeGatewayServer(null, { hang: true });
      });
      afterAll(async () => {
        await hanging.close();
      });

      it('keeps the refund open and finishes it once the gateway answers again, without refunding twice', async () => {
        const { user, order, paymentNo } = await paidOrder('CHANNEL_YEAR', 'WX');
        const slow = makeProviders(
          ctx.keys,
          { alipayGateway: `${hanging.base}/alipay/gateway.do`, wechatBaseUrl: `${hanging.base}/wechat` },
          300,
        );
        const error = (await refundOrder({ db: ctx.database.db, providers: slow, kv: ctx.app.kv }, order.id, { reason: 'cancel' }).catch(
          (e: unknown) => e,
        )) as AppError;
        expect(error.codeName).toBe('GATEWAY_TIMEOUT');
        expect((await orderRow(ctx.database, order.id)).status).toBe('REFUNDING');
        expect(await odb().selectFrom('refunds').select('state').where('order_id', '=', order.id).execute()).toEqual([
          { state: 'PENDING' },
        ]);
        expect((await get<TMonitorAndQuality>('/user/queryMonitorAndQuality', user.token)).channelEnabled).toBe(true);

        const later = new Date(Date.now() + 5 * 60_000);
        await refundDoublePayments(sweepDeps(), later);
        await refundDoublePayments(sweepDeps(), later);
        expect(await orderRow(ctx.database, order.id)).toMatchObject({ status: 'REFUNDED', refunded_fen: 9800 });
        expect(await odb().selectFrom('refunds').select('state').where('order_id', '=', order.id).execute()).toEqual([
          { state: 'SUCCEEDED' },
        ]);
        expect((await ctx.fakes.charge('WX', paymentNo))?.refundedFen).toBe(9800);
        expect((await get<TMonitorAndQuality>('/user/queryMonitorAndQuality', user.token)).channelEnabled).toBe(false);
      });
    });
  });

  it("writes the ambassador's commission in the paid transaction and reverses it with a refund", async () => {
    const ambassador = await insertTestUser(ctx.database.db);
    await makeAmbassador(ctx.database.db, ambassador.id);
    const user = await newUser(ctx.app);
    await bind(ctx.database.db, user.id, ambassador.id, new Date(Date.now() - DAY));
    const order = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR' });
    await ctx.fakes.pay('WX', await startPay(ctx.app, order.id, 'WX', user.token));
    const lines = () =>
      ctx.database.db
        .selectFrom('commissions')
        .select(['state', 'amount_fen', 'ambassador_user_id'])
        .where('order_id', '=', order.id)
        .execute();
    expect(await lines()).toEqual([{ state: 'PENDING', amount_fen: 5360, ambassador_user_id: ambassador.id }]);
    await refundOrder({ db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv }, order.id, { reason: 'changed mind' });
    expect((await lines()).map((line) => line.state)).toEqual(['REVERSED']);
  });

  describe('the database failing mid-notification', () => {
    // A real failure inside the real transaction: a trigger makes one statement of the
    // application raise, after the payment and order rows were already updated in it.
    const faults = {
      fulfilment: { table: 'users', event: 'UPDATE OF monitor_count' },
      'dedupe record': { table: 'payment_notifications', event: 'INSERT' },
    } as const;

    async function injectFault(table: string, event: string) {
      const db = ctx.database.db;
      if (dialect === 'sqlite') {
        await sql
          .raw(`CREATE TRIGGER orders_fault BEFORE ${event} ON ${table} BEGIN SELECT RAISE(ABORT, 'injected fault'); END`)
          .execute(db);
      } else {
        await sql
          .raw(`CREATE FUNCTION orders_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$`)
          .execute(db);
        await sql.raw(`CREATE TRIGGER orders_fault BEFORE ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION orders_fault()`).execute(db);
      }
    }
    async function removeFault(table: string) {
      const db = ctx.database.db;
      if (dialect === 'sqlite') {
        await sql.raw('DROP TRIGGER orders_fault').execute(db);
      } else {
        await sql.raw(`DROP TRIGGER orders_fault ON ${table}`).execute(db);
        await sql.raw('DROP FUNCTION orders_fault()').execute(db);
      }
    }

    it.each(Object.keys(faults) as (keyof typeof faults)[])(
      'failing at the %s leaves the order unpaid; the retry pays it exactly once',
      async (where) => {
        const { table, event } = faults[where];
        const user = await newUser(ctx.app);
        const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_10' });
        const paymentNo = await startPay(ctx.app, order.id, 'ZFB', user.token);
        const charge = await ctx.fakes.payWithoutNotifying('ZFB', paymentNo);
        assert(charge, 'no charge');
        const message = ctx.fakes.notification(charge);
        const deliver = () => ctx.app.inject({ method: 'POST', url: notifyPath.ZFB, headers: message.headers, payload: message.body });

        await injectFault(table, event);
        let failed;
        try {
          failed = await deliver();
        } finally {
          await removeFault(table);
        }
        expect(failed.statusCode).toBe(200);
        expect(failed.body).toBe('failure'); // Alipay retries on anything but "success"
        expect((await orderRow(ctx.database, order.id)).status).toBe('PENDING_PAYMENT');
        expect((await payments(order.id)).map((p) => p.state)).toEqual(['PENDING']);
        expect((await userRow(ctx.database, user.id)).monitor_count).toBe(0);
        expect(await odb().selectFrom('order_items').select('grant_json').where('order_id', '=', order.id).execute()).toEqual([
          { grant_json: null },
        ]);

        const retries = await Promise.all([deliver(), deliver(), deliver()]);
        for (const res of retries) expect({ status: res.statusCode, body: res.body }).toEqual(ack.ZFB);
        expect((await orderRow(ctx.database, order.id)).status).toBe('FULFILLED');
        expect((await userRow(ctx.database, user.id)).monitor_count).toBe(10);
        expect(
          await odb()
            .selectFrom('payment_notifications')
            .select('outcome')
            .where('payment_id', '=', (await payments(order.id))[0]?.id ?? '')
            .execute(),
        ).toEqual([{ outcome: 'APPLIED' }]);
      },
    );
  });
});
