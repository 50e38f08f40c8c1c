import { type TOrderInfo, type TPayResult } from '@llk/contracts';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { upsertSkus } from '../../../src/modules/pricing/pricing.repository';
import { SANDBOX_TEXTS } from '../../../src/modules/payments/sandbox/confirm-page';
import { useTestApp, testDialects } from '../../helper';
import { body, newOrder, newUser, pay, SKUS } from '../orders/support';

// The embedded default for cards (ADR 0029, like ADR 0008's): no Stripe keys outside production,
// so a card payment opens the sandbox's card page, whose Confirm posts a Stripe-signed
// checkout.session.completed to /pay/notify/stripe; the same verification and application as
// Stripe's own webhooks.

describe.each(testDialects())('the card sandbox ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  beforeAll(async () => {
    await upsertSkus(ctx.database.db, SKUS);
  });

  it('offers cards, opens the card page on every client and pays the order once its signed webhook arrives', async () => {
    expect(body(await ctx.app.inject({ url: '/pay/methods' })).data).toEqual({ methods: ['ZFB', 'WX', 'CARD'] });
    for (const client of ['WEB', 'H5'] as const) {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR' });
      const res = await pay(
        ctx.app,
        order.id,
        'CARD',
        { token: user.token },
        { payClient: client, returnPath: `/en/order?payReturn=${order.id}` },
      );
      expect(res.statusCode, res.body).toBe(200);
      const started = body<TPayResult>(res).data;
      assert(started.kind === 'redirect', 'not a redirect');
      expect(started.sandbox).toBe(true);
      const page = new URL(started.url);
      expect(page.pathname).toBe(`/api/sandbox/pay/CARD/${started.paymentNo}`);
      const shown = await ctx.app.inject({ url: `${page.pathname.replace(/^\/api/, '')}${page.search}&lang=en` });
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain(SANDBOX_TEXTS.en.methods.CARD);
      const confirmed = await ctx.app.inject({
        method: 'POST',
        url: page.pathname.replace(/^\/api/, ''),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ t: page.searchParams.get('t') ?? '', lang: 'en' }).toString(),
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.body).toContain(SANDBOX_TEXTS.en.paid);
      // back to the order page it came from
      expect(confirmed.body).toContain(`${ctx.app.config.webOrigin}/en/order?payReturn=${order.id}`);
      const info = body<TOrderInfo>(await ctx.app.inject({ url: `/order/info/${order.id}`, headers: { authorization: user.token } })).data;
      expect(info).toMatchObject({ status: 'FULFILLED', payMethod: 'CARD', payClient: client });
      const stored = await ctx.database.db
        .selectFrom('gateway_notifications')
        .select(['method', 'outcome'])
        .where('payment_no', '=', started.paymentNo)
        .execute();
      expect(stored).toEqual([{ method: 'CARD', outcome: 'APPLIED' }]);
    }
  });

  it('refunds a sandbox card payment at once', async () => {
    const user = await newUser(ctx.app);
    const order = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_MONTH' });
    const started = body<TPayResult>(await pay(ctx.app, order.id, 'CARD', { token: user.token }, { returnPath: '/en/order' })).data;
    const sandbox = await ctx.app.paymentSandbox!.get();
    expect((await sandbox.pay('CARD', started.paymentNo)).result).toBe('delivered');
    const refund = await ctx.app.paymentProviders.CARD.requestRefund({
      paymentNo: started.paymentNo,
      refundNo: `R${started.paymentNo}`,
      amountFen: 3000,
      totalFen: 3000,
      reason: 'test',
    });
    expect(refund).toMatchObject({ kind: 'refunded', refundedFen: 3000 });
  });
});
