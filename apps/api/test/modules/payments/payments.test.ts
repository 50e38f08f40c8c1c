import {
  ErrorCode,
  type TCodeOrderResult,
  type TMemberLevel,
  type TMonitorAndQuality,
  type TOrderInfo,
  type TPayMethod,
  type TPayResult,
  type TQrCodeResult,
  type TUserInfo,
} from '@llk/contracts';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { toDbDate } from '../../../src/infrastructure/db/dialect';
import { addMonths } from '../../../src/modules/fulfilment/fulfilment.service';
import { refundDoublePayments } from '../../../src/flows/order-sweep';
import { startFakeGatewayServer, type FakeGatewayServer, type NotificationTamper } from '../../support/fake-gateways';
import { testDialects } from '../../helper';
import { messageOf } from '../../messages';
import { body, makeProviders, newOrder, newUser, orderRow, pay, startPay, useOrdersApp, useProviders, userRow } from '../orders/support';

const METHODS: Exclude<TPayMethod, 'CARD'>[] = ['ZFB', 'WX'];
const ack = { ZFB: { status: 200, body: 'success' }, WX: { status: 204, body: '' } } as const;
const notifyPath = { ZFB: '/pay/notify/alipay', WX: '/pay/notify/wechat' } as const;

describe.each(testDialects())('payments on $dialect', ({ dialect }) => {
  const ctx = useOrdersApp(dialect);
  const get = async <T>(url: string, token: string) => body<T>(await ctx.app.inject({ url, headers: { authorization: token } })).data;
  const notifications = (paymentNo: string) =>
    ctx.database.db
      .selectFrom('payment_notifications')
      .innerJoin('payments', 'payments.id', 'payment_notifications.payment_id')
      .select(['payment_notifications.outcome', 'payments.payment_no'])
      .where('payments.payment_no', '=', paymentNo)
      .execute();
  const payment = (paymentNo: string) =>
    ctx.database.db.selectFrom('payments').selectAll().where('payment_no', '=', paymentNo).executeTakeFirstOrThrow();

  describe.each(METHODS)('%s', (method) => {
    it('a valid notification pays the order and the membership shows at once', async () => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR' });
      const res = await pay(ctx.app, order.id, method, { token: user.token });
      expect(res.statusCode, res.body).toBe(200);
      const started = body<TPayResult>(res).data;
      expect(started).toMatchObject({ kind: 'qr', orderId: order.id, amountFen: 26800 });
      assert(started.kind === 'qr', 'not a QR answer');
      expect(started.codeUrl).toMatch(method === 'ZFB' ? /^https:\/\/qr\.alipay\.test\// : /^weixin:\/\/wxpay\//);
      expect(started.sandbox).toBeUndefined();
      const charge = await ctx.fakes.charge(method, started.paymentNo);
      expect(charge).toMatchObject({
        amountFen: 26800,
        notifyUrl: `https://api.llk.test${notifyPath[method]}`,
        subject: 'LLK Remote 会员 1年',
      });
      expect(
        body<TOrderInfo>(await ctx.app.inject({ url: `/order/info/${order.id}`, headers: { authorization: user.token } })).data,
      ).toMatchObject({
        status: 'PENDING_PAYMENT',
        payMethod: method,
        payClient: 'WEB',
      });

      const before = Date.now();
      const outcome = await ctx.fakes.pay(method, started.paymentNo);
      expect(outcome).toMatchObject({ result: 'delivered', delivery: ack[method] });

      const info = body<TOrderInfo>(await ctx.app.inject({ url: `/order/info/${order.id}`, headers: { authorization: user.token } })).data;
      expect(info).toMatchObject({ status: 'FULFILLED', payMethod: method, payClient: 'WEB' });
      expect(info.paidAt).not.toBeNull();
      expect(info.fulfilledAt).not.toBeNull();

      const level = await get<TMemberLevel>('/user/currentMemberLevel', user.token);
      expect(level.plan).toBe('PRO');
      expect(level.active).toBe(true);
      const expected = addMonths(new Date(before), 12).getTime();
      expect(Math.abs(Date.parse(level.expiresAt ?? '') - expected)).toBeLessThan(5_000);
      expect((await get<TUserInfo>('/user/info', user.token)).member).toEqual(level);
      expect(await notifications(started.paymentNo)).toEqual([{ outcome: 'APPLIED', payment_no: started.paymentNo }]);
      expect(await payment(started.paymentNo)).toMatchObject({ state: 'PAID', gateway_trade_no: charge?.tradeNo, needs_refund: 0 });
    });

    const tampers: NotificationTamper[] = [
      'signature',
      'amount',
      'amountSigned',
      'appId',
      'merchant',
      ...(method === 'WX' ? (['stale'] as const) : []),
      'state',
    ];
    it.each(tampers)('a notification with a bad %s changes nothing', async (tamper) => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      const paymentNo = await startPay(ctx.app, order.id, method, user.token);
      const charge = await ctx.fakes.payWithoutNotifying(method, paymentNo);
      assert(charge, 'no charge');
      const forged = await ctx.fakes.forged(charge, tamper);
      const res = await ctx.app.inject({ method: 'POST', url: notifyPath[method], headers: forged.headers, payload: forged.body });
      // a genuine notification of a non-success (state) is acknowledged so the gateway stops;
      // a forged one is not; either way nothing is applied
      expect(res.statusCode === ack[method].status && res.body === ack[method].body).toBe(tamper === 'state');
      expect((await orderRow(ctx.database, order.id)).status).toBe('PENDING_PAYMENT');
      expect((await payment(paymentNo)).state).toBe('PENDING');
      expect((await userRow(ctx.database, user.id)).monitor_count).toBe(0);
      expect(await notifications(paymentNo)).toEqual([]);
    });

    it('the same notification twice, or twenty times at once, pays and fulfils once; every one is acknowledged', async () => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_10' });
      const paymentNo = await startPay(ctx.app, order.id, method, user.token);
      const charge = await ctx.fakes.payWithoutNotifying(method, paymentNo);
      assert(charge, 'no charge');
      const message = ctx.fakes.notification(charge);
      const deliver = () => ctx.app.inject({ method: 'POST', url: notifyPath[method], headers: message.headers, payload: message.body });
      const answers = await Promise.all(Array.from({ length: 20 }, deliver));
      for (const res of answers) expect({ status: res.statusCode, body: res.body }).toEqual(ack[method]);
      const later = await deliver();
      expect({ status: later.statusCode, body: later.body }).toEqual(ack[method]);

      expect((await userRow(ctx.database, user.id)).monitor_count).toBe(10);
      expect(await notifications(paymentNo)).toHaveLength(1);
      expect((await orderRow(ctx.database, order.id)).status).toBe('FULFILLED');
      expect(await get<TMonitorAndQuality>('/user/queryMonitorAndQuality', user.token)).toMatchObject({ monitorCount: 10 });
    });

    it('refuses a notification for a payment we never started', async () => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      const paymentNo = await startPay(ctx.app, order.id, method, user.token);
      const charge = await ctx.fakes.payWithoutNotifying(method, paymentNo);
      assert(charge, 'no charge');
      // a genuine notification, but for a number that is not ours
      const message = ctx.fakes.notification({ ...charge, paymentNo: `${paymentNo}X` });
      const res = await ctx.app.inject({ method: 'POST', url: notifyPath[method], headers: message.headers, payload: message.body });
      expect(res.statusCode === ack[method].status && res.body === ack[method].body).toBe(false);
      expect((await orderRow(ctx.database, order.id)).status).toBe('PENDING_PAYMENT');
    });
  });

  it('one order paid by both methods: one PAID transition, one fulfilment, the second payment refunded', async () => {
    const user = await newUser(ctx.app);
    const order = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_MONTH' });
    const alipayNo = await startPay(ctx.app, order.id, 'ZFB', user.token);
    const wechatNo = await startPay(ctx.app, order.id, 'WX', user.token);
    const before = Date.now();
    const outcomes = await Promise.all([ctx.fakes.pay('ZFB', alipayNo), ctx.fakes.pay('WX', wechatNo)]);
    expect(outcomes.map((o) => o.result)).toEqual(['delivered', 'delivered']);
    // both acknowledged
    expect(outcomes.map((o) => (o.result === 'delivered' ? o.delivery.status : 0))).toEqual([200, 204]);

    const rows = [await payment(alipayNo), await payment(wechatNo)];
    expect(rows.map((row) => row.state)).toEqual(['PAID', 'PAID']);
    expect(rows.map((row) => row.needs_refund).sort()).toEqual([0, 1]);
    const all = [...(await notifications(alipayNo)), ...(await notifications(wechatNo))].map((row) => row.outcome).sort();
    expect(all).toEqual(['APPLIED', 'DOUBLE_PAYMENT']);
    const paid = await orderRow(ctx.database, order.id);
    expect(paid.status).toBe('FULFILLED');
    const winner = rows.find((row) => row.needs_refund === 0);
    expect(paid.paid_payment_id).toBe(winner?.id);
    const expiry = Date.parse((await userRow(ctx.database, user.id)).member_expires_at ?? '');
    expect(Math.abs(expiry - addMonths(new Date(before), 1).getTime())).toBeLessThan(5_000);

    // the refund sweep returns the second payment through its gateway
    const loser = rows.find((row) => row.needs_refund === 1);
    assert(loser, 'no flagged payment');
    await refundDoublePayments({ db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv, completeAfterMs: 0 });
    const refunds = await ctx.database.db.selectFrom('refunds').selectAll().where('payment_id', '=', loser.id).execute();
    expect(refunds).toMatchObject([{ state: 'SUCCEEDED', amount_fen: 3000, reason: 'double payment' }]);
    expect((await payment(loser.payment_no)).needs_refund).toBe(0);
    expect((await ctx.fakes.charge(loser.method as TPayMethod, loser.payment_no))?.refundedFen).toBe(3000);
    expect((await orderRow(ctx.database, order.id)).status).toBe('FULFILLED');
    // a second sweep has nothing left to refund
    await refundDoublePayments({ db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv, completeAfterMs: 0 });
    expect(await ctx.database.db.selectFrom('refunds').select('id').where('payment_id', '=', loser.id).execute()).toHaveLength(1);
  });

  it('fulfils every item type and extends a running membership from its end', async () => {
    const user = await newUser(ctx.app);
    const buy = async (skuId: string, method: TPayMethod = 'WX', quantity = 1) => {
      const order = await newOrder(ctx.app, user.token, { skuId, quantity });
      const paymentNo = await startPay(ctx.app, order.id, method, user.token);
      const outcome = await ctx.fakes.pay(method, paymentNo);
      expect(outcome.result).toBe('delivered');
    };
    await buy('MEMBER_MONTH');
    const first = Date.parse((await get<TMemberLevel>('/user/currentMemberLevel', user.token)).expiresAt ?? '');
    await buy('MEMBER_YEAR', 'ZFB', 2);
    const second = (await get<TMemberLevel>('/user/currentMemberLevel', user.token)).expiresAt ?? '';
    expect(Date.parse(second)).toBe(addMonths(new Date(first), 24).getTime());

    await buy('MONITOR_1', 'ZFB', 3);
    await buy('MONITOR_10');
    const before = Date.now();
    await buy('CHANNEL_YEAR');
    await buy('QUALITY_ULTRA_YEAR');
    const afterFirst = await get<TMonitorAndQuality>('/user/queryMonitorAndQuality', user.token);
    expect(afterFirst).toMatchObject({ monitorCount: 13, qualityTier: 'ULTRA', channelEnabled: true, channelRequired: false });
    // annual add-ons run for a year from the purchase
    expect(Math.abs(Date.parse(afterFirst.channelExpiresAt ?? '') - addMonths(new Date(before), 12).getTime())).toBeLessThan(10_000);
    expect(Math.abs(Date.parse(afterFirst.qualityExpiresAt ?? '') - addMonths(new Date(before), 12).getTime())).toBeLessThan(10_000);

    // a second year of each extends the term in force from its end; a lower tier never lowers
    // the one in force, it extends it
    await buy('CHANNEL_YEAR', 'ZFB');
    await buy('QUALITY_HD_YEAR', 'ZFB');
    const afterSecond = await get<TMonitorAndQuality>('/user/queryMonitorAndQuality', user.token);
    expect(afterSecond.qualityTier).toBe('ULTRA');
    expect(Date.parse(afterSecond.channelExpiresAt ?? '')).toBe(addMonths(new Date(afterFirst.channelExpiresAt ?? ''), 12).getTime());
    expect(Date.parse(afterSecond.qualityExpiresAt ?? '')).toBe(addMonths(new Date(afterFirst.qualityExpiresAt ?? ''), 12).getTime());
  });

  it('annual channel and quality lapse at the end of their term; buying again restarts from now', async () => {
    const user = await newUser(ctx.app);
    const lapsed = toDbDate(Date.now() - 60_000);
    await ctx.database.db
      .updateTable('users')
      .set({ channel_enabled: 1, channel_expires_at: lapsed, quality_tier: 'ULTRA', quality_expires_at: lapsed })
      .where('id', '=', user.id)
      .execute();
    expect(await get<TMonitorAndQuality>('/user/queryMonitorAndQuality', user.token)).toMatchObject({
      qualityTier: 'STANDARD',
      channelEnabled: false,
      channelRequired: true,
    });

    const before = Date.now();
    const order = await newOrder(ctx.app, user.token, { skuId: 'QUALITY_HD_YEAR' });
    await ctx.fakes.pay('WX', await startPay(ctx.app, order.id, 'WX', user.token));
    const now = await get<TMonitorAndQuality>('/user/queryMonitorAndQuality', user.token);
    // the lapsed ULTRA term is gone: HD from now, for a year
    expect(now.qualityTier).toBe('HD');
    expect(Math.abs(Date.parse(now.qualityExpiresAt ?? '') - addMonths(new Date(before), 12).getTime())).toBeLessThan(10_000);
  });

  it('a lapsed membership restarts from now', async () => {
    const user = await newUser(ctx.app);
    await ctx.database.db
      .updateTable('users')
      .set({ member_plan: 'PRO', member_expires_at: toDbDate(Date.now() - 86_400_000) })
      .where('id', '=', user.id)
      .execute();
    const order = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_MONTH' });
    const before = Date.now();
    await ctx.fakes.pay('ZFB', await startPay(ctx.app, order.id, 'ZFB', user.token));
    const level = await get<TMemberLevel>('/user/currentMemberLevel', user.token);
    expect(level.active).toBe(true);
    expect(Math.abs(Date.parse(level.expiresAt ?? '') - addMonths(new Date(before), 1).getTime())).toBeLessThan(5_000);
  });

  describe('POST /pay/payV2', () => {
    it('pays a desktop-app order from a phone with the pay token', async () => {
      const owner = await newUser(ctx.app);
      const code = body<TQrCodeResult>(
        await ctx.app.inject({
          method: 'POST',
          url: '/order/createQRCodeId',
          headers: { authorization: owner.token },
          payload: { skuId: 'MONITOR_10' },
        }),
      ).data;
      const created = body<TCodeOrderResult>(
        await ctx.app.inject({ method: 'POST', url: `/order/createOrderByCodeId?qrCodeId=${code.qrCodeId}` }),
      ).data;
      const noToken = await pay(ctx.app, created.order.id, 'WX', {});
      expect(body(noToken).errcode).toBe(ErrorCode.ORDER_NOT_FOUND);
      const res = await pay(ctx.app, created.order.id, 'WX', { payToken: created.payToken });
      expect(res.statusCode, res.body).toBe(200);
      await ctx.fakes.pay('WX', body<{ paymentNo: string }>(res).data.paymentNo);
      const info = await ctx.app.inject({ url: `/order/info/${created.order.id}?payToken=${created.payToken}` });
      expect(body<TOrderInfo>(info).data.status).toBe('FULFILLED');
      expect((await get<TMonitorAndQuality>('/user/queryMonitorAndQuality', owner.token)).monitorCount).toBe(10);
    });

    it('starts a WeChat JSAPI payment with the payer openid', async () => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_MONTH' });
      const res = await pay(
        ctx.app,
        order.id,
        'WX',
        { token: user.token },
        { payClient: 'JS_API', openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      );
      expect(res.statusCode, res.body).toBe(200);
      const result = body<TPayResult>(res).data;
      assert(result.kind === 'jsapi', `a ${result.kind} answer`);
      expect(Object.keys(result.params).sort()).toEqual(['appId', 'nonceStr', 'package', 'paySign', 'signType', 'timeStamp']);
      const alipayJsapi = await pay(ctx.app, order.id, 'ZFB', { token: user.token }, { payClient: 'JS_API', openid: 'x' });
      expect(body(alipayJsapi).errcode).toBe(ErrorCode.VALIDATION_FAILED);
      const noOpenid = await pay(ctx.app, order.id, 'WX', { token: user.token }, { payClient: 'JS_API' });
      expect(body(noOpenid).errcode).toBe(ErrorCode.VALIDATION_FAILED);
    });

    it('H5 (a phone outside WeChat): the gateway’s mobile page, back to the page named, paid like any attempt', async () => {
      const user = await newUser(ctx.app);
      for (const method of METHODS) {
        const order = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_MONTH' });
        const returnPath = `/ko/order?orderId=${order.id}&sku=MEMBER_MONTH`;
        const res = await pay(ctx.app, order.id, method, { token: user.token }, { payClient: 'H5', returnPath });
        expect(res.statusCode, res.body).toBe(200);
        const result = body<TPayResult>(res).data;
        assert(result.kind === 'redirect', `a ${result.kind} answer`);
        const returnUrl = `${ctx.app.config.webOrigin}${returnPath}`;
        const url = new URL(result.url);
        expect(method === 'ZFB' ? url.searchParams.get('return_url') : url.searchParams.get('redirect_url')).toBe(returnUrl);
        if (method === 'ZFB') expect((await fetch(result.url)).status).toBe(200); // the phone opens the cashier
        // the payer whose address WeChat Pay asks for is the caller
        expect((await ctx.fakes.charge(method, result.paymentNo))?.kind).toBe('H5');
        expect((await ctx.fakes.pay(method, result.paymentNo)).result).toBe('delivered');
        expect(
          body<TOrderInfo>(await ctx.app.inject({ url: `/order/info/${order.id}`, headers: { authorization: user.token } })).data,
        ).toMatchObject({ status: 'FULFILLED', payClient: 'H5' });
      }
      // where it may send the payer back: a path of our site, always named
      const order = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_MONTH' });
      for (const extra of [
        { payClient: 'H5' },
        { payClient: 'H5', returnPath: '//evil.test/x' },
        { payClient: 'H5', returnPath: 'https://evil.test/' },
        { payClient: 'H5', returnPath: '/\\evil.test' },
      ]) {
        const refused = await pay(ctx.app, order.id, 'ZFB', { token: user.token }, extra);
        expect([refused.statusCode, body(refused).errcode], JSON.stringify(extra)).toEqual([400, ErrorCode.VALIDATION_FAILED]);
        expect(refused.body).toContain('returnPath');
      }
    });

    it("refuses others' orders, paid orders and expired orders with clear errors", async () => {
      const user = await newUser(ctx.app);
      const stranger = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      const theirs = await pay(ctx.app, order.id, 'ZFB', { token: stranger.token });
      expect({ status: theirs.statusCode, errcode: body(theirs).errcode }).toEqual({ status: 404, errcode: ErrorCode.ORDER_NOT_FOUND });

      await ctx.fakes.pay('ZFB', await startPay(ctx.app, order.id, 'ZFB', user.token));
      const again = await ctx.app.inject({
        method: 'POST',
        url: '/pay/payV2',
        headers: { authorization: user.token, 'accept-language': 'zh-TW' },
        payload: { orderId: order.id, payMethod: 'WX' },
      });
      expect(again.statusCode).toBe(409);
      expect(body(again)).toMatchObject({ errcode: ErrorCode.ORDER_ALREADY_PAID, errmsg: messageOf('zh-tw', 'errors.orderAlreadyPaid') });

      const late = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      await ctx.database.db
        .updateTable('orders')
        .set({ expires_at: toDbDate(Date.now() - 1) })
        .where('id', '=', late.id)
        .execute();
      const expired = await pay(ctx.app, late.id, 'WX', { token: user.token });
      expect({ status: expired.statusCode, errcode: body(expired).errcode }).toEqual({ status: 409, errcode: ErrorCode.ORDER_EXPIRED });
      expect((await orderRow(ctx.database, late.id)).status).toBe('CREATED');
    });

    it('answers bad bodies with envelopes', async () => {
      const user = await newUser(ctx.app);
      for (const payload of [
        '{}',
        '{"orderId":"x"}',
        '{"orderId":"x","payMethod":"APPLE"}',
        '{"orderId":"x","payMethod":"WX","payClient":"APP"}',
        '{"orderId":"x","payMethod":"WX","amountFen":1}',
        'nope',
      ]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/pay/payV2',
          headers: { authorization: user.token, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, payload).toBe(400);
        expect([ErrorCode.VALIDATION_FAILED, ErrorCode.MALFORMED_JSON]).toContain(body(res).errcode);
      }
    });
  });

  describe('a gateway that fails', () => {
    let hanging: FakeGatewayServer;
    beforeAll(async () => {
      hanging = await startFakeGatewayServer(null, { hang: true });
    });
    afterAll(async () => {
      useProviders(ctx.app, ctx.providers);
      await hanging.close();
    });

    it.each(METHODS)('%s hanging: 50400 with a clear message, and the order can be paid again', async (method) => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      useProviders(
        ctx.app,
        makeProviders(ctx.keys, { alipayGateway: `${hanging.base}/alipay/gateway.do`, wechatBaseUrl: `${hanging.base}/wechat` }, 300),
      );
      try {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/pay/payV2',
          headers: { authorization: user.token, 'accept-language': 'en' },
          payload: { orderId: order.id, payMethod: method },
        });
        expect(res.statusCode).toBe(504);
        expect(body(res)).toEqual({
          errcode: ErrorCode.GATEWAY_TIMEOUT,
          errmsg: messageOf('en', 'errors.paymentGatewayTimeout'),
          data: null,
        });
      } finally {
        useProviders(ctx.app, ctx.providers);
      }
      const attempts = await ctx.database.db.selectFrom('payments').select('state').where('order_id', '=', order.id).execute();
      expect(attempts).toEqual([{ state: 'CREATED' }]);
      const paymentNo = await startPay(ctx.app, order.id, method, user.token);
      await ctx.fakes.pay(method, paymentNo);
      expect((await orderRow(ctx.database, order.id)).status).toBe('FULFILLED');
    });

    it.each(METHODS)('%s answering with an error: 20013, the attempt marked FAILED', async (method) => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      useProviders(
        ctx.app,
        makeProviders(
          ctx.keys,
          { alipayGateway: `${ctx.server.base}/nowhere/gateway.do`, wechatBaseUrl: `${ctx.server.base}/nowhere` },
          2_000,
        ),
      );
      try {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/pay/payV2',
          headers: { authorization: user.token, 'accept-language': 'ko' },
          payload: { orderId: order.id, payMethod: method },
        });
        expect(res.statusCode).toBe(502);
        expect(body(res)).toMatchObject({
          errcode: ErrorCode.PAYMENT_GATEWAY_ERROR,
          errmsg: messageOf('ko', 'errors.paymentGatewayError'),
        });
      } finally {
        useProviders(ctx.app, ctx.providers);
      }
      const attempts = await ctx.database.db.selectFrom('payments').select('state').where('order_id', '=', order.id).execute();
      expect(attempts).toEqual([{ state: 'FAILED' }]);
    });
  });
});
