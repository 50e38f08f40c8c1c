import { ErrorCode, type TAdminDisputes, type TAdminRefund, type TOrderInfo, type TPayResult } from '@llk/contracts';
import { assert, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { shanghaiDay } from '../../../src/modules/ledger';
import { reconcileBills } from '../../../src/modules/payments';
import { findGatewayRef } from '../../../src/modules/payments/payments.repository';
import { StripeProvider, STRIPE_MIN_EXPIRY_MS } from '../../../src/modules/payments/stripe.provider';
import { testDialects } from '../../helper';
import { newStaff } from '../admin/support';
import { body, newOrder, newUser, orderRow, pay, useOrdersApp, useProviders, type OrdersContext } from '../orders/support';
import { FAKE_STRIPE_KEY, FAKE_STRIPE_WEBHOOK_SECRET, FakeStripe, startFakeStripe, type FakeStripeServer } from '../../support/fake-stripe';

// Cards through Stripe Checkout (ADR 0029): the real StripeProvider and the official SDK against
// a local fake of Stripe's REST API (test/support/fake-stripe.ts), webhooks signed as Stripe
// signs them and posted to /pay/notify/stripe, on SQLite and PostgreSQL.

const RETURN_PATH = '/en/order?id=x';

describe.each(testDialects())('cards through Stripe Checkout ($dialect)', ({ dialect }) => {
  const fake = new FakeStripe();
  let server: FakeStripeServer | undefined;
  const env: Record<string, string> = {
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    PAYMENT_CARD: 'true',
  };
  // registered before the app's: the fake's address goes into the app's environment
  beforeAll(async () => {
    server = await startFakeStripe(fake);
    env.STRIPE_API_BASE = server.url;
  });
  afterAll(async () => {
    await server?.close();
  });
  const ctx: OrdersContext = useOrdersApp(dialect, env);
  const db = () => ctx.database.db;
  let stripe: StripeProvider;
  beforeAll(() => {
    stripe = new StripeProvider({
      secretKey: FAKE_STRIPE_KEY,
      webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE ?? '',
      timeoutMs: 5_000,
      sessionOf: (paymentNo) => findGatewayRef(db(), paymentNo),
    });
    useProviders(ctx.app, { ...ctx.providers, CARD: stripe });
  });

  const notify = (request: { headers: Record<string, string>; body: string }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/pay/notify/stripe',
      headers: { ...request.headers, 'accept-language': 'en' },
      payload: request.body,
    });
  const ledger = async (account: string) =>
    (await db().selectFrom('ledger_lines').select('amount_fen').where('account', '=', account).execute()).reduce(
      (sum, row) => sum + Number(row.amount_fen),
      0,
    );

  /** A customer, an order of MEMBER_YEAR (268 CNY) and a card payment started on `client`. */
  async function startCard(client: 'WEB' | 'H5' = 'WEB') {
    const user = await newUser(ctx.app);
    const order = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR' });
    const res = await pay(ctx.app, order.id, 'CARD', { token: user.token }, { payClient: client, returnPath: RETURN_PATH });
    expect(res.statusCode, res.body).toBe(200);
    const started = body<TPayResult>(res).data;
    assert(started.kind === 'redirect', 'not a redirect');
    return { user, order, started };
  }

  /** A staff refund of `orderId` (POST /admin/orders/:id/refund) while Stripe answers refunds "pending"; asserts the 200. */
  async function refundWhilePending(orderId: string, cookies: Record<string, string>, payload: Record<string, unknown>) {
    fake.refundStatus = 'pending';
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/admin/orders/${orderId}/refund`,
        cookies,
        headers: { 'accept-language': 'en', origin: ctx.app.config.webOrigin },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    } finally {
      fake.refundStatus = 'succeeded';
    }
  }

  it('offers cards (GET /pay/methods) and refuses a card payment without a return path', async () => {
    const methods = await ctx.app.inject({ url: '/pay/methods' });
    expect(body(methods).data).toEqual({ methods: ['ZFB', 'WX', 'CARD'] });
    const user = await newUser(ctx.app);
    const order = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR' });
    const res = await pay(ctx.app, order.id, 'CARD', { token: user.token });
    expect({ status: res.statusCode, errcode: body(res).errcode }).toEqual({ status: 400, errcode: ErrorCode.VALIDATION_FAILED });
  });

  it('makes a Checkout Session in CNY fen for every client, paid exactly once by checkout.session.completed', async () => {
    for (const client of ['WEB', 'H5'] as const) {
      const before = Date.now();
      const { user, order, started } = await startCard(client);
      const session = fake.sessionOf(started.paymentNo);
      assert(session, 'no session at the fake');
      expect(started.url).toBe(session.url);
      expect(session).toMatchObject({
        mode: 'payment',
        amount_total: 26800,
        currency: 'cny',
        client_reference_id: started.paymentNo,
        metadata: { paymentNo: started.paymentNo },
        success_url: `${ctx.app.config.webOrigin}${RETURN_PATH}`,
      });
      // the order expires in 30 minutes; Stripe's minimum is 30 minutes from now, so the session outlives it by our margin
      expect(session.expires_at * 1000).toBeGreaterThanOrEqual(before + STRIPE_MIN_EXPIRY_MS);
      expect(await findGatewayRef(db(), started.paymentNo)).toBe(session.id);
      expect(
        fake.requests.find((request) => request.path === '/v1/checkout/sessions' && request.body.client_reference_id === started.paymentNo)
          ?.idempotencyKey,
      ).toBe(`checkout:${started.paymentNo}`);

      const event = fake.pay(started.paymentNo);
      const first = await notify(fake.webhook(event));
      expect({ status: first.statusCode, body: first.body }).toEqual({ status: 200, body: '{"received":true}' });
      const info = body<TOrderInfo>(await ctx.app.inject({ url: `/order/info/${order.id}`, headers: { authorization: user.token } })).data;
      expect(info).toMatchObject({ status: 'FULFILLED', payMethod: 'CARD', payClient: client });
      // Stripe delivers again: acknowledged, nothing more
      const again = await notify(fake.webhook(event));
      expect(again.statusCode).toBe(200);
      const payment = await db().selectFrom('payments').selectAll().where('payment_no', '=', started.paymentNo).executeTakeFirstOrThrow();
      expect({ state: payment.state, tradeNo: payment.gateway_trade_no }).toEqual({ state: 'PAID', tradeNo: session.payment_intent });
      const applied = await db().selectFrom('payment_notifications').select('outcome').where('payment_id', '=', payment.id).execute();
      expect(applied.map((row) => row.outcome)).toEqual(['APPLIED']);
      const stored = await db()
        .selectFrom('gateway_notifications')
        .select(['outcome', 'headers_json'])
        .where('payment_no', '=', started.paymentNo)
        .orderBy('received_at')
        .execute();
      expect(stored.map((row) => row.outcome)).toEqual(['APPLIED', 'DUPLICATE']);
      expect(JSON.parse(stored[0]?.headers_json ?? '{}')).toHaveProperty('stripe-signature');
    }
    expect(await ledger('gateway:CARD')).toBe(2 * 26800);
  });

  it('applies 20 parallel deliveries of one checkout.session.completed once', async () => {
    const { order, started } = await startCard();
    const event = fake.pay(started.paymentNo);
    const gatewayBefore = await ledger('gateway:CARD');
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(fake.webhook(event))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const payment = await db().selectFrom('payments').select('id').where('payment_no', '=', started.paymentNo).executeTakeFirstOrThrow();
    expect(
      (await db().selectFrom('payment_notifications').select('outcome').where('payment_id', '=', payment.id).execute()).map(
        (row) => row.outcome,
      ),
    ).toEqual(['APPLIED']);
    const outcomes = (
      await db().selectFrom('gateway_notifications').select('outcome').where('payment_no', '=', started.paymentNo).execute()
    )
      .map((row) => row.outcome)
      .sort();
    expect(outcomes).toEqual(['APPLIED', ...Array.from({ length: 19 }, () => 'DUPLICATE')]);
    expect(await ledger('gateway:CARD')).toBe(gatewayBefore + 26800);
    expect((await orderRow(ctx.database, order.id)).status).toBe('FULFILLED');
  });

  it('waits on a delayed payment: completed unpaid changes nothing, async_payment_failed leaves it unpaid, async_payment_succeeded pays', async () => {
    const failed = await startCard();
    expect((await notify(fake.webhook(fake.pay(failed.started.paymentNo, { delayed: true })))).statusCode).toBe(200);
    expect((await orderRow(ctx.database, failed.order.id)).status).toBe('PENDING_PAYMENT');
    expect((await notify(fake.webhook(fake.asyncOutcome(failed.started.paymentNo, false)))).statusCode).toBe(200);
    expect((await orderRow(ctx.database, failed.order.id)).status).toBe('PENDING_PAYMENT');
    const stored = await db()
      .selectFrom('gateway_notifications')
      .select('outcome')
      .where('payment_no', '=', failed.started.paymentNo)
      .execute();
    expect(stored.map((row) => row.outcome)).toEqual(['IGNORED', 'IGNORED']);

    const later = await startCard();
    await notify(fake.webhook(fake.pay(later.started.paymentNo, { delayed: true })));
    expect((await notify(fake.webhook(fake.asyncOutcome(later.started.paymentNo, true)))).statusCode).toBe(200);
    expect((await orderRow(ctx.database, later.order.id)).status).toBe('FULFILLED');
  });

  it('refuses a forged or stale webhook with a 400 envelope and changes nothing', async () => {
    const { order, started } = await startCard();
    const event = fake.pay(started.paymentNo);
    const now = Math.floor(Date.now() / 1000);
    const forged = fake.webhook(event, { secret: 'whsec_somebody_else' });
    const stale = fake.webhook(event, { timestamp: now - 301 });
    const future = fake.webhook(event, { timestamp: now + 301 });
    const unsigned = { headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) };
    // the body changed after signing (another amount)
    const signed = fake.webhook(event);
    const tampered = { headers: signed.headers, body: signed.body.replace('"amount_total":26800', '"amount_total":100') };
    for (const request of [forged, stale, future, unsigned, tampered]) {
      const res = await notify(request);
      expect({ status: res.statusCode, errcode: body(res).errcode, errmsg: body(res).errmsg }).toEqual({
        status: 400,
        errcode: ErrorCode.PAYMENT_NOTIFICATION_INVALID,
        errmsg: 'The payment notification could not be verified (signature or time). Nothing was changed.',
      });
    }
    expect((await orderRow(ctx.database, order.id)).status).toBe('PENDING_PAYMENT');
    expect(await db().selectFrom('gateway_notifications').select('id').where('payment_no', '=', started.paymentNo).execute()).toEqual([]);
    // 300 s old is still within Stripe's tolerance
    expect((await notify(fake.webhook(event, { timestamp: now - 290 }))).statusCode).toBe(200);
    expect((await orderRow(ctx.database, order.id)).status).toBe('FULFILLED');
  });

  it('refunds from the back office: idempotent by refund number, pending until charge.refunded, then the refund object says succeeded', async () => {
    const finance = await newStaff(db(), 'FINANCE');
    const { order, started } = await startCard();
    await notify(fake.webhook(fake.pay(started.paymentNo)));
    const res = await refundWhilePending(order.id, finance.cookies, { reason: 'customer asked', requestKey: `k-${started.paymentNo}` });
    expect(body<TAdminRefund>(res).data).toMatchObject({ amountFen: 26800, state: 'PROCESSING' });
    const refund = await db().selectFrom('refunds').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    const call = fake.requests.find(
      (request) =>
        request.path === '/v1/refunds' &&
        request.method === 'POST' &&
        request.body.metadata &&
        (request.body.metadata as Record<string, string>).refundNo === refund.refund_no,
    );
    expect(call?.idempotencyKey).toBe(`refund:${refund.refund_no}`);
    expect(call?.body).toMatchObject({ amount: '26800', payment_intent: fake.sessionOf(started.paymentNo)?.payment_intent });
    expect((await orderRow(ctx.database, order.id)).status).toBe('REFUNDING');
    assert(refund.gateway_refund_no, 'no Stripe refund id');

    // Stripe finishes it and says so
    const refunded = await notify(fake.webhook(fake.settleRefund(refund.gateway_refund_no)));
    expect(refunded.statusCode).toBe(200);
    const after = await db().selectFrom('refunds').selectAll().where('id', '=', refund.id).executeTakeFirstOrThrow();
    expect(after.state).toBe('SUCCEEDED');
    expect((await orderRow(ctx.database, order.id)).status).toBe('REFUNDED');
    // the same event again changes nothing
    expect((await notify(fake.webhook(fake.chargeRefundedEvent(started.paymentNo)))).statusCode).toBe(200);
    expect((await db().selectFrom('refunds').select('state').where('order_id', '=', order.id).execute()).map((row) => row.state)).toEqual([
      'SUCCEEDED',
    ]);
  });

  it('a refund Stripe fails goes to the staff queue; a refused one (amount too large) is FAILED at once', async () => {
    const finance = await newStaff(db(), 'FINANCE');
    const { order, started } = await startCard();
    await notify(fake.webhook(fake.pay(started.paymentNo)));
    await refundWhilePending(order.id, finance.cookies, { amountFen: 1000, reason: 'partial', requestKey: `p-${started.paymentNo}` });
    const refund = await db().selectFrom('refunds').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    assert(refund.gateway_refund_no, 'no Stripe refund id');
    expect((await notify(fake.webhook(fake.settleRefund(refund.gateway_refund_no, 'failed')))).statusCode).toBe(200);
    expect(
      await db().selectFrom('refunds').select(['state', 'last_outcome']).where('id', '=', refund.id).executeTakeFirstOrThrow(),
    ).toEqual({ state: 'FAILED', last_outcome: 'refused:failed:expired_or_canceled_card' });
    const queue = await ctx.app.inject({ url: '/admin/refunds/queue', cookies: finance.cookies, headers: { 'accept-language': 'en' } });
    expect(JSON.stringify(body(queue).data)).toContain(refund.id);
  });

  it('records a dispute once, opens a staff task with the order, and lists it in the back office', async () => {
    const finance = await newStaff(db(), 'FINANCE');
    const { user, order, started } = await startCard();
    await notify(fake.webhook(fake.pay(started.paymentNo)));
    const event = fake.dispute(started.paymentNo);
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(fake.webhook(event))));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const disputes = await db().selectFrom('payment_disputes').selectAll().where('order_id', '=', order.id).execute();
    expect(disputes).toHaveLength(1);
    expect({ ...disputes[0], amount_fen: Number(disputes[0]?.amount_fen) }).toMatchObject({
      method: 'CARD',
      amount_fen: 26800,
      currency: 'cny',
      reason: 'fraudulent',
      status: 'needs_response',
    });
    const threads = await db().selectFrom('support_threads').selectAll().where('order_id', '=', order.id).execute();
    expect(threads.map((thread) => ({ topic: thread.topic, user: thread.user_id, id: thread.id }))).toEqual([
      { topic: 'DISPUTE', user: user.id, id: disputes[0]?.support_thread_id },
    ]);

    const listed = await ctx.app.inject({
      url: `/admin/disputes?orderId=${order.id}`,
      cookies: finance.cookies,
      headers: { 'accept-language': 'en' },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(body<TAdminDisputes>(listed).data.items).toEqual([
      expect.objectContaining({
        orderId: order.id,
        amountFen: 26800,
        reason: 'fraudulent',
        status: 'needs_response',
        supportThreadId: disputes[0]?.support_thread_id,
      }),
    ]);
    const support = await newStaff(db(), 'SUPPORT');
    const inbox = await ctx.app.inject({
      url: '/admin/support?topic=DISPUTE',
      cookies: support.cookies,
      headers: { 'accept-language': 'en' },
    });
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(JSON.stringify(body(inbox).data)).toContain(disputes[0]?.support_thread_id ?? 'no thread');
  });

  it("reconciles a day's balance transactions with the ledger", async () => {
    const { started } = await startCard();
    await notify(fake.webhook(fake.pay(started.paymentNo)));
    const day = shanghaiDay(new Date());
    // the day is over for the provider asked two days later
    const later = new StripeProvider({
      secretKey: FAKE_STRIPE_KEY,
      webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE ?? '',
      timeoutMs: 5_000,
      sessionOf: async () => null,
      now: () => Date.now() + 2 * 86_400_000,
    });
    const bill = await later.downloadBill({ date: day });
    const paymentsToday = (
      await db().selectFrom('payments').select('payment_no').where('method', '=', 'CARD').where('state', '=', 'PAID').execute()
    ).map((row) => row.payment_no);
    expect(
      bill.rows
        .filter((row) => row.kind === 'payment')
        .map((row) => row.outTradeNo)
        .sort(),
    ).toEqual(paymentsToday.sort());
    const line = bill.rows.find((row) => row.outTradeNo === started.paymentNo);
    // 3.4 % + 2.35 CNY of 268 CNY
    expect(line).toMatchObject({
      kind: 'payment',
      amountFen: 26800,
      feeFen: 1146,
      gatewayTradeNo: fake.sessionOf(started.paymentNo)?.payment_intent,
    });
    const refundLines = bill.rows.filter((row) => row.kind === 'refund');
    expect(refundLines.every((row) => typeof row.outRefundNo === 'string')).toBe(true);

    const result = await reconcileBills({ db: db(), providers: { ...ctx.providers, CARD: later } }, day, new Date(), ['CARD']);
    expect(result.failed).toEqual([]);
    expect(result.reports).toHaveLength(1);
    expect(result.reports[0]).toMatchObject({
      reconciliation: { gateway: 'CARD', bill_date: day, status: 'MATCHED', difference_count: 0, bill_fee_fen: bill.totals.feeFen },
      differences: [],
    });
    expect(await ledger('fees:CARD')).toBe(bill.totals.feeFen);
    // asked before the day is over, Stripe has no bill yet
    await expect(stripe.downloadBill({ date: day })).rejects.toMatchObject({ name: 'BillNotAvailable' });
  });
});
