import { type TAmbassadorInfo, type TPayMethod } from '@llk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromDbDate, toDbDate } from '../../../src/infrastructure/db/dialect';
import { refundDoublePayments } from '../../../src/flows/order-sweep';
import { askRefundAgain, refundOrder } from '../../../src/flows/refund-order';
import { startFakeGatewayServer } from '../../support/fake-gateways';
import { type SeedSku, upsertSkus } from '../../../src/modules/pricing/pricing.repository';
import { matureCommissions, reverseCommissionsForOrder } from '../../../src/modules/referrals/commission.service';
import { maskedMainland, newIdentity, newIp, outboxCode, sendCode } from '../../accounts';
import { testDialects } from '../../helper';
import { body, makeProviders, newOrder, newUser, orderRow, SKUS, startPay, useOrdersApp, userRow } from '../orders/support';
import { bind, commissionsOf, DAY, HOUR } from './fixtures';

// The referral rules through the real paths: sign-up with the llk_ref cookie (POST /signup),
// orders from the catalogue (POST /order/createV2), payment by the real Alipay / WeChat Pay
// adapters against the fake gateways (the notification's transaction writes the commission),
// refunds through refundOrder() and the double-payment sweep, and the ambassador's page.
// The ledger's own edge cases on hand-made orders are in commission.test.ts.

const PAGE = '/activity/participant/marketingAmbassador';
/** 2999 fen: 20% is 599.8, so the commission is 599 (rounded down to whole fen). */
const ODD_MEMBER: SeedSku = {
  id: 'MEMBER_MONTH_ODD',
  item_type: 'MEMBER',
  time_unit: 'MONTH',
  duration: 1,
  quantity: 1,
  quality_tier: null,
  price_fen: 2999,
  original_price_fen: 2999,
  sort_order: 9,
};
const CLOUD_PC: SeedSku = {
  id: 'CLOUD_PC_STANDARD_MONTH',
  item_type: 'CLOUD_PC',
  time_unit: 'MONTH',
  duration: 1,
  quantity: 1,
  quality_tier: null,
  price_fen: 29900,
  original_price_fen: 32900,
  sort_order: 20,
};

describe.each(testDialects())('referral commission on the payment path on $dialect', ({ dialect }) => {
  const ctx = useOrdersApp(dialect);
  const db = () => ctx.database.db;
  beforeAll(async () => {
    await upsertSkus(ctx.database.db, [...SKUS, ODD_MEMBER, CLOUD_PC]);
  });

  const page = async (token: string) => {
    const res = await ctx.app.inject({ url: PAGE, headers: { authorization: token } });
    expect(res.statusCode, res.body).toBe(200);
    return body<TAmbassadorInfo>(res).data;
  };

  /** A signed-up member who has joined the programme. */
  async function newAmbassador() {
    const user = await newUser(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: `${PAGE}?activityType=LZ`, headers: { authorization: user.token } });
    expect(res.statusCode, res.body).toBe(200);
    return { ...user, code: body<{ referralCode: string }>(res).data.referralCode };
  }

  /** A user bound to `ambassadorId` since `boundAt` (a real account that can order and pay). */
  async function boundUser(ambassadorId: string, boundAt: Date) {
    const user = await newUser(ctx.app);
    await bind(db(), user.id, ambassadorId, boundAt);
    return user;
  }

  /** Orders `skuId` and pays it at the fake gateway; the notification applies it. */
  async function buy(token: string, skuId: string, method: TPayMethod = 'ZFB') {
    const order = await newOrder(ctx.app, token, { skuId });
    const paid = await ctx.fakes.pay(method, await startPay(ctx.app, order.id, method, token));
    expect(paid.result).toBe('delivered');
    expect((await orderRow(ctx.database, order.id)).status).toBe('FULFILLED');
    return order;
  }

  /**
   * Time passes for a paid order: its paid_at, its refunds' created_at and its commission lines'
   * paid_at and effective_after move `ms` into the past (the refund path reads the real clock).
   */
  async function age(orderId: string, ms: number) {
    const odb = db();
    const order = await orderRow(ctx.database, orderId);
    await odb
      .updateTable('orders')
      .set({ paid_at: toDbDate(fromDbDate(order.paid_at ?? '').getTime() - ms) })
      .where('id', '=', orderId)
      .execute();
    for (const refund of await odb.selectFrom('refunds').select(['id', 'created_at']).where('order_id', '=', orderId).execute()) {
      await odb
        .updateTable('refunds')
        .set({ created_at: toDbDate(fromDbDate(refund.created_at).getTime() - ms) })
        .where('id', '=', refund.id)
        .execute();
    }
    for (const line of await commissionsOf(db(), orderId)) {
      await db()
        .updateTable('commissions')
        .set({
          paid_at: toDbDate(fromDbDate(line.paid_at).getTime() - ms),
          effective_after: toDbDate(fromDbDate(line.effective_after).getTime() - ms),
        })
        .where('id', '=', line.id)
        .execute();
    }
  }

  const states = async (orderId: string) =>
    (await commissionsOf(db(), orderId)).map((line) => [line.item_type, line.amount_fen, line.state]);

  it('a visitor signs up with the referral cookie, buys a membership, and the ambassador sees 20% pending', async () => {
    const ambassador = await newAmbassador();
    const identity = newIdentity();
    expect((await sendCode(ctx.app, { mobile: identity.mobile, smsType: 'SIGNUP' })).statusCode).toBe(200);
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/signup',
      payload: {
        username: identity.username,
        mobile: identity.mobile,
        code: await outboxCode(ctx.app, identity.mobile),
        password: identity.password,
        confirmPassword: identity.password,
        email: identity.email,
      },
      headers: { cookie: `llk-lang=en; llk_ref=${ambassador.code}` },
      remoteAddress: newIp(),
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const token = body<{ access_token: string }>(signup).data.access_token;

    const order = await buy(token, 'MEMBER_YEAR', 'WX');
    expect(order.totalFen).toBe(26800);
    expect(await states(order.id)).toEqual([['MEMBER', 5360, 'PENDING']]);

    const seen = await page(ambassador.token);
    expect(seen.referredCount).toBe(1);
    expect(seen.totals).toEqual({ pendingFen: 5360, effectiveFen: 0, paidOutFen: 0, reversedFen: 0 });
    expect(seen.commissions).toMatchObject([
      { orderId: order.id, itemType: 'MEMBER', baseAmountFen: 26800, amountFen: 5360, state: 'PENDING', reversedAt: null },
    ]);
    expect(seen.commissions[0]?.account).toBe(maskedMainland(identity.mobile));
  });

  it('pays on a purchase on day 59 of the binding, not on day 61', async () => {
    const ambassador = await newAmbassador();
    const day59 = await boundUser(ambassador.id, new Date(Date.now() - 59 * DAY));
    const day61 = await boundUser(ambassador.id, new Date(Date.now() - 61 * DAY));
    const inside = await buy(day59.token, 'MEMBER_MONTH');
    const outside = await buy(day61.token, 'MEMBER_MONTH');
    expect(await states(inside.id)).toEqual([['MEMBER', 600, 'PENDING']]);
    expect(await states(outside.id)).toEqual([]);

    const seen = await page(ambassador.token);
    expect(seen.totals.pendingFen).toBe(600);
    expect(seen.referredUsers.map((user) => [user.remainingDays, user.active])).toEqual(
      expect.arrayContaining([
        [1, true],
        [0, false],
      ]),
    );
  });

  it('earns 20% rounded down on membership and screen walls only, never on channels, quality or cloud PCs', async () => {
    const ambassador = await newAmbassador();
    const payer = await boundUser(ambassador.id, new Date(Date.now() - DAY));
    const expected: Record<string, unknown[]> = {
      MEMBER_MONTH_ODD: [['MEMBER', 599, 'PENDING']], // 2999 fen → 599.8 → 599
      MONITOR_10: [['MONITOR', 3160, 'PENDING']],
      CHANNEL_YEAR: [],
      QUALITY_HD_YEAR: [],
      QUALITY_ULTRA_YEAR: [],
      CLOUD_PC_STANDARD_MONTH: [],
    };
    for (const [skuId, lines] of Object.entries(expected)) {
      const order = await buy(payer.token, skuId, skuId.startsWith('Q') ? 'WX' : 'ZFB');
      expect(await states(order.id), skuId).toEqual(lines);
    }
    expect((await page(ambassador.token)).totals).toEqual({ pendingFen: 599 + 3160, effectiveFen: 0, paidOutFen: 0, reversedFen: 0 });
  });

  it('earns nothing on self-referral: the same account, the same phone, the same email', async () => {
    const ambassador = await newAmbassador();
    // the ambassador bound to themself (the sign-up cannot do it; the ledger must refuse anyway)
    await bind(db(), ambassador.id, ambassador.id, new Date(Date.now() - DAY));
    const me = await userRow(ctx.database, ambassador.id);
    // other accounts on the ambassador's phone (its 11 digits, as stored before migration 0039) and
    // email (other case): variants the unique indexes let through
    const samePhone = await boundUser(ambassador.id, new Date(Date.now() - DAY));
    await db()
      .updateTable('users')
      .set({ mobile: me.mobile?.replace(/^\+86/, '') })
      .where('id', '=', samePhone.id)
      .execute();
    const sameEmail = await boundUser(ambassador.id, new Date(Date.now() - DAY));
    await db().updateTable('users').set({ email: me.email?.toUpperCase() }).where('id', '=', sameEmail.id).execute();

    for (const [label, payer] of [
      ['same account', ambassador],
      ['same phone', samePhone],
      ['same email', sameEmail],
    ] as const) {
      const order = await buy(payer.token, 'MEMBER_MONTH');
      expect(await states(order.id), label).toEqual([]);
    }
    // control: a referred user with contacts of their own does earn the ambassador commission
    const other = await boundUser(ambassador.id, new Date(Date.now() - DAY));
    expect(await states((await buy(other.token, 'MEMBER_MONTH')).id)).toEqual([['MEMBER', 600, 'PENDING']]);
    expect((await page(ambassador.token)).totals.pendingFen).toBe(600);
  });

  describe('the 7-day window', () => {
    it('pending at 6 days 23 hours; a refund then reverses the commission and takes the membership back', async () => {
      const ambassador = await newAmbassador();
      const payer = await boundUser(ambassador.id, new Date(Date.now() - 10 * DAY));
      const order = await buy(payer.token, 'MEMBER_MONTH');
      await age(order.id, 6 * DAY + 23 * HOUR);
      expect((await page(ambassador.token)).totals).toEqual({ pendingFen: 600, effectiveFen: 0, paidOutFen: 0, reversedFen: 0 }); // the page matured nothing

      await refundOrder({ db: db(), providers: ctx.providers, kv: ctx.app.kv }, order.id, { reason: 'not needed' });
      expect((await orderRow(ctx.database, order.id)).status).toBe('REFUNDED');
      expect(await states(order.id)).toEqual([['MEMBER', 600, 'REVERSED']]);
      expect((await userRow(ctx.database, payer.id)).member_plan).toBe('FREE');

      // it never matures once reversed
      expect(await matureCommissions(db(), new Date(Date.now() + 30 * DAY), ambassador.id)).toBe(0);
      const seen = await page(ambassador.token);
      expect(seen.totals).toEqual({ pendingFen: 0, effectiveFen: 0, paidOutFen: 0, reversedFen: 600 });
      expect(seen.commissions[0]).toMatchObject({ state: 'REVERSED', reversedAt: expect.any(String) });
    });

    it('a refund asked for within the window but settled after it still reverses; the line does not mature meanwhile', async () => {
      const ambassador = await newAmbassador();
      const payer = await boundUser(ambassador.id, new Date(Date.now() - 10 * DAY));
      const order = await buy(payer.token, 'MEMBER_MONTH');
      await age(order.id, 6 * DAY + 23 * HOUR);
      // the gateway does not answer: the refund stays open, the order REFUNDING
      const hanging = await startFakeGatewayServer(null, { hang: true });
      try {
        const slow = makeProviders(
          ctx.keys,
          { alipayGateway: `${hanging.base}/alipay/gateway.do`, wechatBaseUrl: `${hanging.base}/wechat` },
          300,
        );
        await expect(refundOrder({ db: db(), providers: slow, kv: ctx.app.kv }, order.id, { reason: 'cancel' })).rejects.toMatchObject({
          codeName: 'GATEWAY_TIMEOUT',
        });
      } finally {
        await hanging.close();
      }
      expect((await orderRow(ctx.database, order.id)).status).toBe('REFUNDING');

      // two hours on, the window has closed, but the refund is still open: no maturing
      await age(order.id, 2 * HOUR);
      expect((await page(ambassador.token)).totals).toEqual({ pendingFen: 600, effectiveFen: 0, paidOutFen: 0, reversedFen: 0 });

      // the gateway answers now: the refund was asked for within the window
      const [refund] = await db().selectFrom('refunds').select('id').where('order_id', '=', order.id).execute();
      await askRefundAgain({ db: db(), providers: ctx.providers, kv: ctx.app.kv }, refund?.id ?? '');
      expect((await orderRow(ctx.database, order.id)).status).toBe('REFUNDED');
      expect(await states(order.id)).toEqual([['MEMBER', 600, 'REVERSED']]);
    });

    it('a partial refund within the window reverses the whole order’s commission', async () => {
      const ambassador = await newAmbassador();
      const payer = await boundUser(ambassador.id, new Date(Date.now() - DAY));
      const order = await buy(payer.token, 'MONITOR_10');
      await refundOrder({ db: db(), providers: ctx.providers, kv: ctx.app.kv }, order.id, { amountFen: 1000, reason: 'partly' });
      expect(await orderRow(ctx.database, order.id)).toMatchObject({ status: 'FULFILLED', refunded_fen: 1000 });
      expect(await states(order.id)).toEqual([['MONITOR', 3160, 'REVERSED']]);
    });

    it('effective after 7 days without a refund; a refund after the window takes it back with a clawback line', async () => {
      const ambassador = await newAmbassador();
      const payer = await boundUser(ambassador.id, new Date(Date.now() - 10 * DAY));
      const matured = await buy(payer.token, 'MEMBER_MONTH');
      const due = await buy(payer.token, 'MONITOR_1');
      await age(matured.id, 7 * DAY);
      expect((await page(ambassador.token)).totals).toEqual({ pendingFen: 360, effectiveFen: 600, paidOutFen: 0, reversedFen: 0 }); // read → matured

      // refunded after the window: the earned line stays, a negative line takes it back
      await refundOrder({ db: db(), providers: ctx.providers, kv: ctx.app.kv }, matured.id, { reason: 'late' });
      expect((await orderRow(ctx.database, matured.id)).status).toBe('REFUNDED');
      expect(await states(matured.id)).toEqual([
        ['MEMBER', 600, 'EFFECTIVE'],
        ['CLAWBACK', -600, 'CLAWBACK'],
      ]);

      // a line whose window has closed but that the sweep has not matured yet: clawed back too
      await age(due.id, 7 * DAY + HOUR);
      await refundOrder({ db: db(), providers: ctx.providers, kv: ctx.app.kv }, due.id, { reason: 'late' });
      expect(await states(due.id)).toEqual([
        ['MONITOR', 360, 'PENDING'],
        ['CLAWBACK', -360, 'CLAWBACK'],
      ]);
      const seen = await page(ambassador.token);
      expect(seen.totals).toEqual({ pendingFen: 0, effectiveFen: 0, paidOutFen: 0, reversedFen: 0 });
      expect(
        seen.commissions.filter((line) => line.state === 'CLAWBACK').map((line) => [line.itemType, line.amountFen, line.paidOutAt]),
      ).toEqual([
        ['CLAWBACK', -360, null],
        ['CLAWBACK', -600, null],
      ]);
    });

    it('partial refunds after the window take back the refunded share, floor(earned × refunded ÷ paid), the rest at the full refund', async () => {
      const ambassador = await newAmbassador();
      const payer = await boundUser(ambassador.id, new Date(Date.now() - 10 * DAY));
      const order = await buy(payer.token, 'MEMBER_MONTH');
      await age(order.id, 8 * DAY);
      const refund = (amountFen?: number) =>
        refundOrder({ db: db(), providers: ctx.providers, kv: ctx.app.kv }, order.id, {
          ...(amountFen ? { amountFen } : {}),
          reason: 'late, in part',
        });
      const total = (await orderRow(ctx.database, order.id)).total_fen;
      expect(Number(total)).toBe(3000);
      await refund(1001); // 600 × 1001 ÷ 3000 = 200.2 → 200
      expect(await states(order.id)).toEqual([
        ['MEMBER', 600, 'PENDING'],
        ['CLAWBACK', -200, 'CLAWBACK'],
      ]);
      await refund(999); // 2000 refunded → 400 in all: 200 more
      await refund(); // the rest: all 600
      expect((await commissionsOf(db(), order.id)).filter((line) => line.state === 'CLAWBACK').map((line) => line.amount_fen)).toEqual([
        -200, -200, -200,
      ]);
      expect((await orderRow(ctx.database, order.id)).status).toBe('REFUNDED');
      // run again for the same refunds: nothing more is taken back
      await db()
        .transaction()
        .execute((trx) => reverseCommissionsForOrder(trx, order.id));
      expect((await commissionsOf(db(), order.id)).reduce((sum, line) => sum + line.amount_fen, 0)).toBe(0);
    });

    it('refunding a second payment of the same order (a double payment) leaves the commission alone', async () => {
      const ambassador = await newAmbassador();
      const payer = await boundUser(ambassador.id, new Date(Date.now() - DAY));
      const order = await newOrder(ctx.app, payer.token, { skuId: 'MEMBER_MONTH' });
      const alipay = await startPay(ctx.app, order.id, 'ZFB', payer.token);
      const wechat = await startPay(ctx.app, order.id, 'WX', payer.token);
      expect((await ctx.fakes.pay('WX', wechat)).result).toBe('delivered');
      expect((await ctx.fakes.pay('ZFB', alipay)).result).toBe('delivered'); // paid twice
      await refundDoublePayments(
        { db: db(), providers: ctx.providers, kv: ctx.app.kv, completeAfterMs: 7 * DAY },
        new Date(Date.now() + 5 * 60_000),
      );
      expect((await ctx.fakes.charge('ZFB', alipay))?.refundedFen).toBe(3000);
      expect((await orderRow(ctx.database, order.id)).status).toBe('FULFILLED');
      expect(await states(order.id)).toEqual([['MEMBER', 600, 'PENDING']]); // one line, not reversed
    });
  });
});
