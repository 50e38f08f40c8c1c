import { ErrorCode, SESSION_COOKIE, type TCodeOrderResult, type TOrderInfo, type TOrderQuote, type TQrCodeResult } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../../helper';
import { messageOf } from '../../messages';
import { body, createOrder, newUser, useOrdersApp } from './support';

// ADR 0035: POST /order/quote gives the figures the order will have, before the
// customer commits; screen walls are sold in the desktop app only (a web session is refused).

describe.each(testDialects())('order quotes and screen walls on $dialect', ({ dialect }) => {
  const ctx = useOrdersApp(dialect);

  const quote = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/order/quote', payload, headers });

  /** The site's session: the cookie, from the web origin (as the web's forward sends it). */
  const asWeb = (token: string) => ({ cookies: { [SESSION_COOKIE]: token }, headers: { origin: ctx.app.config.webOrigin } });

  describe('POST /order/quote', () => {
    it('answers what the order then charges, for several quantities and as seats', async () => {
      const user = await newUser(ctx.app);
      for (const payload of [
        { skuId: 'MEMBER_YEAR', asSeats: true, quantity: 1 },
        { skuId: 'MEMBER_YEAR', asSeats: true, quantity: 2 },
        { skuId: 'MEMBER_YEAR', asSeats: true, quantity: 7 },
        { skuId: 'MEMBER_MONTH', asSeats: true, quantity: 100 },
        { skuId: 'CHANNEL_YEAR', asSeats: true, quantity: 3 },
        { itemType: 'MEMBER', timeUnit: 'YEAR' },
      ]) {
        const res = await quote(payload);
        expect(res.statusCode, res.body).toBe(200);
        const quoted = body<TOrderQuote>(res).data;
        const order = body<TOrderInfo>(await createOrder(ctx.app, user.token, payload)).data;
        expect(quoted, JSON.stringify(payload)).toEqual({
          items: order.items,
          currency: 'CNY',
          totalFen: order.totalFen,
          originalTotalFen: order.originalTotalFen,
          discountFen: order.discountFen,
        });
      }
    });

    it('gives two seats of the annual membership as ¥536, list ¥912, less ¥376', async () => {
      const quoted = body<TOrderQuote>(await quote({ skuId: 'MEMBER_YEAR', asSeats: true, quantity: 2 })).data;
      expect(quoted).toMatchObject({ totalFen: 53600, originalTotalFen: 91200, discountFen: 37600 });
      expect(quoted.items[0]).toMatchObject({ quantity: 2, priceFen: 26800, originalPriceFen: 45600, amountFen: 53600 });
    });

    it('refuses what the order would refuse, in the caller’s language, and writes nothing', async () => {
      const res = await quote({ skuId: 'NOPE' }, { 'accept-language': 'fr' });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ errcode: ErrorCode.SKU_NOT_AVAILABLE, errmsg: messageOf('fr', 'errors.skuNotAvailable') });
      const seatsOfWalls = await quote(
        { skuId: 'MONITOR_1', asSeats: true, quantity: 2 },
        { authorization: (await newUser(ctx.app)).token },
      );
      expect(body(seatsOfWalls).errcode).toBe(ErrorCode.SKU_NOT_AVAILABLE);
      const bad = await quote({ skuId: 'MEMBER_YEAR', quantity: 101 });
      expect(bad.statusCode).toBe(400);
      expect(body(bad).errcode).toBe(ErrorCode.VALIDATION_FAILED);
      const orders = await ctx.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const before = Number(orders.n);
      await quote({ skuId: 'MEMBER_YEAR', asSeats: true, quantity: 5 });
      const after = await ctx.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(before);
    });
  });

  describe('screen walls are sold in the desktop app only', () => {
    it('refuses MONITOR to a web session on createV2, createQRCodeId and quote, in the caller’s language', async () => {
      const user = await newUser(ctx.app);
      const web = asWeb(user.token);
      for (const [url, payload] of [
        ['/order/createV2', { skuId: 'MONITOR_10' }],
        ['/order/createV2', { itemType: 'MONITOR' }],
        ['/order/createQRCodeId', { skuId: 'MONITOR_1', quantity: 2 }],
        ['/order/quote', { skuId: 'MONITOR_10' }],
      ] as const) {
        for (const locale of ['zh-CN', 'ko', 'es'] as const) {
          const res = await ctx.app.inject({
            method: 'POST',
            url,
            payload,
            cookies: web.cookies,
            headers: { ...web.headers, 'accept-language': locale },
          });
          expect(res.statusCode, `${url} ${res.body}`).toBe(403);
          expect(body(res)).toMatchObject({
            errcode: ErrorCode.WALLS_DESKTOP_APP_ONLY,
            errmsg: messageOf(locale, 'errors.wallsDesktopAppOnly'),
          });
        }
      }
      const orders = await ctx.database.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute();
      expect(orders).toEqual([]);
    });

    it('still sells a membership to the same web session', async () => {
      const user = await newUser(ctx.app);
      const res = await ctx.app.inject({ method: 'POST', url: '/order/createV2', payload: { skuId: 'MEMBER_YEAR' }, ...asWeb(user.token) });
      expect(res.statusCode, res.body).toBe(200);
      expect(body<TOrderInfo>(res).data.totalFen).toBe(26800);
    });

    it('still sells walls to the desktop app: createQRCodeId → createOrderByCodeId (the /pay page, no login)', async () => {
      const user = await newUser(ctx.app);
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/order/createQRCodeId',
        headers: { authorization: user.token },
        payload: { skuId: 'MONITOR_10' },
      });
      expect(created.statusCode, created.body).toBe(200);
      const code = body<TQrCodeResult>(created).data.qrCodeId;
      // the phone that opens /pay has no session of the app's, only the site (no Authorization)
      const order = await ctx.app.inject({
        method: 'POST',
        url: `/order/createOrderByCodeId?qrCodeId=${encodeURIComponent(code)}`,
        headers: { origin: ctx.app.config.webOrigin },
      });
      expect(order.statusCode, order.body).toBe(200);
      expect(body<TCodeOrderResult>(order).data.order).toMatchObject({
        source: 'QR_CODE',
        totalFen: 15800,
        items: [{ itemType: 'MONITOR', units: 10 }],
      });
      // and the app may also order them directly
      const direct = await createOrder(ctx.app, user.token, { skuId: 'MONITOR_1', quantity: 2 });
      expect(direct.statusCode, direct.body).toBe(200);
      const quoted = await quote({ skuId: 'MONITOR_1', quantity: 2 }, { authorization: user.token });
      expect(body<TOrderQuote>(quoted).data.totalFen).toBe(body<TOrderInfo>(direct).data.totalFen);
    });
  });
});
