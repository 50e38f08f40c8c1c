import { ErrorCode, type TCodeOrderResult, type TOrderInfo, type TQrCodeResult } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { toDbDate } from '../../../src/infrastructure/db/dialect';
import { testDialects } from '../../helper';
import { messageOf } from '../../messages';
import { body, createOrder, newUser, orderRow, useOrdersApp } from './support';

describe.each(testDialects())('orders on $dialect', ({ dialect }) => {
  // the defaults: 30 minutes to pay, a payment code valid for 10
  const ctx = useOrdersApp(dialect);

  describe('POST /order/createV2', () => {
    it('prices the order from the catalogue, in fen', async () => {
      const user = await newUser(ctx.app);
      const before = Date.now();
      const res = await createOrder(ctx.app, user.token, { itemType: 'MEMBER', timeUnit: 'YEAR' });
      expect(res.statusCode, res.body).toBe(200);
      const order = body<TOrderInfo>(res).data;
      expect(order).toMatchObject({
        id: expect.stringMatching(/^[0-9A-Z]{26}$/) as string,
        status: 'CREATED',
        currency: 'CNY',
        totalFen: 26800,
        originalTotalFen: 45600,
        discountFen: 18800,
        source: 'WEB',
        paidAt: null,
        fulfilledAt: null,
        payMethod: null,
        refundedFen: 0,
        items: [
          {
            itemType: 'MEMBER',
            skuId: 'MEMBER_YEAR',
            timeUnit: 'YEAR',
            duration: 1,
            units: 1,
            quantity: 1,
            priceFen: 26800,
            originalPriceFen: 45600,
            discountFen: 18800,
            amountFen: 26800,
          },
        ],
      });
      const ttl = Date.parse(order.expiresAt) - Date.parse(order.createdAt);
      expect(ttl).toBe(30 * 60_000);
      expect(Date.parse(order.createdAt)).toBeGreaterThanOrEqual(before - 5);
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('multiplies by quantity', async () => {
      const user = await newUser(ctx.app);
      const order = body<TOrderInfo>(await createOrder(ctx.app, user.token, { skuId: 'MONITOR_10', quantity: 3 })).data;
      expect(order).toMatchObject({ totalFen: 47400, originalTotalFen: 54000, discountFen: 6600 });
      expect(order.items[0]).toMatchObject({ units: 10, quantity: 3, amountFen: 47400 });
    });

    it("names the payment for the payer's wallet in words, never by SKU code", async () => {
      const user = await newUser(ctx.app);
      const year = body<TOrderInfo>(await createOrder(ctx.app, user.token, { itemType: 'MEMBER', timeUnit: 'YEAR' })).data;
      const walls = body<TOrderInfo>(await createOrder(ctx.app, user.token, { skuId: 'MONITOR_10', quantity: 3 })).data;
      expect((await orderRow(ctx.database, year.id)).subject).toBe('LLK Remote 会员 1年');
      expect((await orderRow(ctx.database, walls.id)).subject).toBe('LLK Remote 屏幕墙 ×30');
    });

    it('never takes a price from the client', async () => {
      const user = await newUser(ctx.app);
      const res = await createOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR', priceFen: 1 });
      expect(res.statusCode).toBe(400);
      expect(body(res).errcode).toBe(ErrorCode.VALIDATION_FAILED);
    });

    it('refuses unknown, inactive and ambiguous items with 20002', async () => {
      const user = await newUser(ctx.app);
      await ctx.database.db.updateTable('catalogue_skus').set({ active: 0 }).where('id', '=', 'CHANNEL_YEAR').execute();
      for (const payload of [
        { skuId: 'NOPE' },
        { skuId: 'CHANNEL_YEAR' },
        { itemType: 'QUALITY', timeUnit: 'YEAR' },
        { skuId: 'MEMBER_YEAR', timeUnit: 'MONTH' },
      ]) {
        const res = await createOrder(ctx.app, user.token, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(body(res)).toMatchObject({ errcode: ErrorCode.SKU_NOT_AVAILABLE, errmsg: messageOf('zh-CN', 'errors.skuNotAvailable') });
      }
      await ctx.database.db.updateTable('catalogue_skus').set({ active: 1 }).where('id', '=', 'CHANNEL_YEAR').execute();
    });

    it('needs a login', async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/order/createV2', payload: { skuId: 'MEMBER_YEAR' } });
      expect(res.statusCode).toBe(401);
      expect(body(res).errcode).toBe(ErrorCode.UNAUTHORIZED);
    });

    it('answers bad input of every kind with an envelope, never a 500', async () => {
      const user = await newUser(ctx.app);
      const cases: { payload: string; type?: string; code: number }[] = [
        { payload: '{', code: ErrorCode.MALFORMED_JSON },
        { payload: '[]', code: ErrorCode.VALIDATION_FAILED },
        { payload: 'null', code: ErrorCode.VALIDATION_FAILED },
        { payload: '{}', code: ErrorCode.VALIDATION_FAILED },
        { payload: '{"skuId":42}', code: ErrorCode.VALIDATION_FAILED },
        { payload: '{"skuId":"MEMBER_YEAR","quantity":"2"}', code: ErrorCode.VALIDATION_FAILED },
        { payload: '{"skuId":"MEMBER_YEAR","quantity":1e9}', code: ErrorCode.VALIDATION_FAILED },
        { payload: '{"itemType":"SPACESHIP"}', code: ErrorCode.VALIDATION_FAILED },
        { payload: `{"skuId":"${'A'.repeat(5000)}"}`, code: ErrorCode.VALIDATION_FAILED },
        { payload: '{"skuId":"MEMBER\\u0000YEAR"}', code: ErrorCode.VALIDATION_FAILED },
        { payload: 'skuId=MEMBER_YEAR', type: 'text/plain', code: ErrorCode.VALIDATION_FAILED },
        { payload: '<skuId/>', type: 'application/xml', code: ErrorCode.UNSUPPORTED_MEDIA_TYPE },
      ];
      for (const c of cases) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/order/createV2',
          headers: { authorization: user.token, 'content-type': c.type ?? 'application/json', 'accept-language': 'en' },
          payload: c.payload,
        });
        expect(res.statusCode, c.payload.slice(0, 40)).toBeLessThan(500);
        expect(body(res).errcode, c.payload.slice(0, 40)).toBe(c.code);
        expect(body(res).errmsg).toMatch(/\S/);
      }
    });
  });

  describe('Idempotency-Key', () => {
    it('returns the same order for the same key and body, also when sent at once', async () => {
      const user = await newUser(ctx.app);
      const headers = { 'idempotency-key': 'checkout-1' };
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => createOrder(ctx.app, user.token, { skuId: 'MEMBER_MONTH' }, headers)),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      const ids = new Set(answers.map((res) => body<TOrderInfo>(res).data.id));
      expect(ids.size).toBe(1);
      const rows = await ctx.database.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute();
      expect(rows).toHaveLength(1);
      // another user's identical key is a different order
      const other = await newUser(ctx.app);
      const theirs = body<TOrderInfo>(await createOrder(ctx.app, other.token, { skuId: 'MEMBER_MONTH' }, headers)).data;
      expect(ids.has(theirs.id)).toBe(false);
    });

    it('remembers a key for 24 hours', async () => {
      const user = await newUser(ctx.app);
      expect((await createOrder(ctx.app, user.token, { skuId: 'MEMBER_MONTH' }, { 'idempotency-key': 'day-long' })).statusCode).toBe(200);
      const row = await ctx.database.db
        .selectFrom('order_idempotency_keys')
        .select(['created_at', 'expires_at'])
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(24 * 3_600_000);
    });

    it('refuses the same key with another body', async () => {
      const user = await newUser(ctx.app);
      const headers = { 'idempotency-key': 'abc', 'accept-language': 'fr' };
      expect((await createOrder(ctx.app, user.token, { skuId: 'MEMBER_MONTH' }, headers)).statusCode).toBe(200);
      const res = await createOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR' }, headers);
      expect(res.statusCode).toBe(422);
      expect(body(res)).toMatchObject({
        errcode: ErrorCode.IDEMPOTENCY_KEY_REUSED,
        errmsg: messageOf('fr', 'errors.idempotencyKeyReused'),
      });
    });

    it('refuses a malformed key', async () => {
      const user = await newUser(ctx.app);
      for (const key of ['has space', 'x'.repeat(65), 'ü']) {
        const res = await createOrder(ctx.app, user.token, { skuId: 'MEMBER_MONTH' }, { 'idempotency-key': key });
        expect(res.statusCode).toBe(400);
        expect(body(res).errcode).toBe(ErrorCode.IDEMPOTENCY_KEY_INVALID);
      }
    });

    it('forgets a key after a day', async () => {
      const user = await newUser(ctx.app);
      const headers = { 'idempotency-key': 'old-key' };
      const first = body<TOrderInfo>(await createOrder(ctx.app, user.token, { skuId: 'MEMBER_MONTH' }, headers)).data;
      await ctx.database.db
        .updateTable('order_idempotency_keys')
        .set({ expires_at: toDbDate(Date.now() - 1000) })
        .where('user_id', '=', user.id)
        .execute();
      const second = body<TOrderInfo>(await createOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR' }, headers)).data;
      expect(second.id).not.toBe(first.id);
      expect(second.totalFen).toBe(26800);
    });
  });

  describe('GET /order/info/{id}', () => {
    it('shows the owner the order and everyone else "not found"', async () => {
      const owner = await newUser(ctx.app);
      const stranger = await newUser(ctx.app);
      const order = body<TOrderInfo>(await createOrder(ctx.app, owner.token)).data;

      const mine = await ctx.app.inject({ url: `/order/info/${order.id}`, headers: { authorization: owner.token } });
      expect(mine.statusCode).toBe(200);
      expect(body<TOrderInfo>(mine).data).toEqual(order);

      const notFound = { statusCode: 404, errcode: ErrorCode.ORDER_NOT_FOUND };
      const theirs = await ctx.app.inject({
        url: `/order/info/${order.id}`,
        headers: { authorization: stranger.token, 'accept-language': 'ja' },
      });
      expect({ statusCode: theirs.statusCode, errcode: body(theirs).errcode }).toEqual(notFound);
      expect(body(theirs).errmsg).toBe(messageOf('ja', 'errors.orderNotFound'));
      const anonymous = await ctx.app.inject({ url: `/order/info/${order.id}` });
      expect({ statusCode: anonymous.statusCode, errcode: body(anonymous).errcode }).toEqual(notFound);
      const guessedToken = await ctx.app.inject({ url: `/order/info/${order.id}?payToken=guess` });
      expect({ statusCode: guessedToken.statusCode, errcode: body(guessedToken).errcode }).toEqual(notFound);
      const missing = await ctx.app.inject({ url: '/order/info/01J00000000000000000000000', headers: { authorization: owner.token } });
      expect({ statusCode: missing.statusCode, errcode: body(missing).errcode }).toEqual(notFound);
      const bad = await ctx.app.inject({ url: '/order/info/..%2F..', headers: { authorization: owner.token } });
      expect(bad.statusCode).toBe(400);
      expect(body(bad).errcode).toBe(ErrorCode.VALIDATION_FAILED);
    });
  });

  it('documents every orders route with tags, summary and description, amounts in fen and the states', async () => {
    const doc = (await ctx.app.inject({ url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { tags?: string[]; summary?: string; description?: string }>>;
    }>();
    const routes = [
      ['/order/createV2', 'post'],
      ['/order/info/{id}', 'get'],
      ['/order/createQRCodeId', 'post'],
      ['/order/createOrderByCodeId', 'post'],
      ['/pay/payV2', 'post'],
      ['/pay/notify/alipay', 'post'],
      ['/pay/notify/wechat', 'post'],
    ] as const;
    for (const [path, method] of routes) {
      const operation = doc.paths[path]?.[method];
      expect(operation?.tags?.length, path).toBeGreaterThan(0);
      expect(operation?.summary, path).toMatch(/\S/);
      expect(operation?.description, path).toMatch(/\S/);
    }
    expect(doc.paths['/order/createV2']?.post?.description).toContain('integer fen');
    expect(doc.paths['/order/info/{id}']?.get?.description).toContain('PENDING_PAYMENT');
  });

  it('answers garbage on the notification routes with the gateway failure answer, never a 500', async () => {
    for (const [url, payload, type] of [
      ['/pay/notify/alipay', 'trade_status=TRADE_SUCCESS&out_trade_no=1', 'application/x-www-form-urlencoded'],
      ['/pay/notify/alipay', '', 'text/plain'],
      ['/pay/notify/wechat', '{"id":"x","resource":{}}', 'application/json'],
      ['/pay/notify/wechat', '{', 'application/json'],
      ['/pay/notify/wechat', 'x'.repeat(70 * 1024), 'application/json'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload });
      expect(res.statusCode, `${url} ${payload.slice(0, 20)}`).not.toBe(204);
      if (url.endsWith('alipay')) expect(res.body).not.toBe('success');
      expect(res.statusCode === 500 && url.endsWith('alipay')).toBe(false);
    }
    const wrongMethod = await ctx.app.inject({ method: 'GET', url: '/pay/notify/alipay' });
    expect(wrongMethod.statusCode).toBe(405);
  });

  describe('desktop-app payment codes', () => {
    async function newCode(token: string, payload: Record<string, unknown> = { skuId: 'MONITOR_10', quantity: 2 }) {
      const res = await ctx.app.inject({ method: 'POST', url: '/order/createQRCodeId', headers: { authorization: token }, payload });
      expect(res.statusCode, res.body).toBe(200);
      return body<TQrCodeResult>(res).data;
    }
    const useCode = (code: string, lang = 'zh-CN') =>
      ctx.app.inject({
        method: 'POST',
        url: `/order/createOrderByCodeId?qrCodeId=${encodeURIComponent(code)}`,
        headers: { 'accept-language': lang },
      });

    it('makes a code whose web URL turns into one order for the code owner', async () => {
      const user = await newUser(ctx.app);
      const code = await newCode(user.token);
      expect(code.qrCodeId).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(code.path).toBe(`/pay?qrCodeId=${code.qrCodeId}`);
      expect(code.url).toBe(`http://localhost:3000/pay?qrCodeId=${code.qrCodeId}`);
      expect(Date.parse(code.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
      expect(Date.parse(code.expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);

      const res = await useCode(code.qrCodeId);
      expect(res.statusCode, res.body).toBe(200);
      const result = body<TCodeOrderResult>(res).data;
      expect(result).toMatchObject({
        account: user.username,
        nickname: user.username,
        discountFen: 4400,
        item: { itemType: 'MONITOR', skuId: 'MONITOR_10', units: 10, quantity: 2, amountFen: 31600 },
        order: { status: 'CREATED', source: 'QR_CODE', totalFen: 31600 },
      });
      expect(result.payToken.length).toBeGreaterThanOrEqual(32);
      expect((await orderRow(ctx.database, result.order.id)).user_id).toBe(user.id);

      // the phone reads the order with the pay token; the owner with the session
      const byToken = await ctx.app.inject({ url: `/order/info/${result.order.id}?payToken=${result.payToken}` });
      expect(body<TOrderInfo>(byToken).data.id).toBe(result.order.id);
      const byOwner = await ctx.app.inject({ url: `/order/info/${result.order.id}`, headers: { authorization: user.token } });
      expect(byOwner.statusCode).toBe(200);

      const again = await useCode(code.qrCodeId, 'ko');
      expect(again.statusCode).toBe(409);
      expect(body(again)).toMatchObject({ errcode: ErrorCode.QR_CODE_USED, errmsg: messageOf('ko', 'errors.qrCodeUsed') });
    });

    it('lets exactly one of many concurrent uses win', async () => {
      const user = await newUser(ctx.app);
      const code = await newCode(user.token, { skuId: 'MONITOR_1' });
      const answers = await Promise.all(Array.from({ length: 12 }, () => useCode(code.qrCodeId)));
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
      for (const res of answers.filter((r) => r.statusCode !== 200)) expect(body(res).errcode).toBe(ErrorCode.QR_CODE_USED);
      const orders = await ctx.database.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute();
      expect(orders).toHaveLength(1);
    });

    it('expires codes and refuses unknown ones', async () => {
      const user = await newUser(ctx.app);
      const code = await newCode(user.token, { itemType: 'CHANNEL', timeUnit: 'YEAR' });
      await ctx.database.db
        .updateTable('order_qr_codes')
        .set({ expires_at: toDbDate(Date.now() - 1) })
        .where('user_id', '=', user.id)
        .execute();
      const expired = await useCode(code.qrCodeId, 'es');
      expect(expired.statusCode).toBe(410);
      expect(body(expired)).toMatchObject({ errcode: ErrorCode.QR_CODE_EXPIRED, errmsg: messageOf('es', 'errors.qrCodeExpired') });

      const unknown = await useCode('A'.repeat(32));
      expect(unknown.statusCode).toBe(404);
      expect(body(unknown).errcode).toBe(ErrorCode.QR_CODE_NOT_FOUND);
      for (const url of [
        '/order/createOrderByCodeId',
        '/order/createOrderByCodeId?qrCodeId=',
        '/order/createOrderByCodeId?qrCodeId=a%20b',
      ]) {
        const res = await ctx.app.inject({ method: 'POST', url });
        expect(res.statusCode, url).toBe(400);
        expect(body(res).errcode).toBe(ErrorCode.VALIDATION_FAILED);
      }
    });

    it('needs a login to make a code, and a sellable item', async () => {
      const anonymous = await ctx.app.inject({ method: 'POST', url: '/order/createQRCodeId', payload: { skuId: 'MONITOR_1' } });
      expect(anonymous.statusCode).toBe(401);
      const user = await newUser(ctx.app);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/order/createQRCodeId',
        headers: { authorization: user.token },
        payload: { skuId: 'GONE' },
      });
      expect(body(res).errcode).toBe(ErrorCode.SKU_NOT_AVAILABLE);
    });
  });
});
