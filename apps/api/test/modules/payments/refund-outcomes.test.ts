import { type TPayMethod } from '@llk/contracts';
import { assert, describe, expect, it } from 'vitest';
import { type AppError } from '../../../src/infrastructure/http/app-error';
import { refundDoublePayment, refundOrder, retryQueuedRefund } from '../../../src/flows/refund-order';
import { REFUND_MAX_ATTEMPTS } from '../../../src/modules/payments/refunds.service';
import { refundDoublePayments } from '../../../src/flows/order-sweep';
import { type FakeRefundBehaviour } from '../../support/fake-gateways';
import { testDialects } from '../../helper';
import { newOrder, newUser, orderRow, startPay, useOrdersApp } from '../orders/support';

// Refunds that cannot lie: the real adapters against the fake gateways, each gateway answer
// classified (provider.ts RefundOutcome) and the refund state machine of refunds.service.ts.
// Only an explicit refusal ends a refund as FAILED; everything else keeps it open and the sweep
// asks again under the same refund number, the refund query first, until REFUND_MAX_ATTEMPTS
// (then UNKNOWN). FAILED and UNKNOWN wait in the staff queue (ADR 0015).

const MINUTE = 60_000;
/** the gateways' operation names for a refund and its query, as the fakes record them */
const OPS = {
  ZFB: { refund: 'alipay.trade.refund', query: 'alipay.trade.fastpay.refund.query' },
  WX: { refund: 'refund', query: 'refund query' },
} as const;

interface Alert {
  level: 'warn' | 'error';
  alert?: string;
  [key: string]: unknown;
}

function captureLog(): { log: { warn(o: unknown, m: string): void; error(o: unknown, m: string): void }; alerts: Alert[] } {
  const alerts: Alert[] = [];
  const push = (level: Alert['level']) => (object: unknown) => alerts.push({ level, ...(object as Record<string, unknown>) });
  return { log: { warn: push('warn'), error: push('error') }, alerts };
}

describe.each(testDialects())('refund outcomes ($dialect)', ({ dialect }) => {
  const ctx = useOrdersApp(dialect);
  const odb = () => ctx.database.db;
  const refundsOf = (orderId: string) => odb().selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const count = (method: TPayMethod, operation: string) =>
    ctx.fakes.requests.filter((r) => r.method === method && r.operation === operation).length;
  const sweepDeps = (log?: ReturnType<typeof captureLog>['log']) => ({
    db: odb(),
    providers: ctx.providers,
    kv: ctx.app.kv,
    completeAfterMs: 7 * 86_400_000,
    ...(log ? { log } : {}),
  });

  async function paidOrder(method: TPayMethod, skuId = 'CHANNEL_YEAR') {
    const user = await newUser(ctx.app);
    const order = await newOrder(ctx.app, user.token, { skuId });
    const paymentNo = await startPay(ctx.app, order.id, method, user.token);
    expect((await ctx.fakes.pay(method, paymentNo)).result).toBe('delivered');
    expect((await orderRow(ctx.database, order.id)).status).toBe('FULFILLED');
    return { user, order, paymentNo };
  }

  describe('case 1: only an explicit refusal is FAILED', () => {
    const recordedThenLost = ['server-error', 'reset', 'bad-signature'] as const;
    const cases = (['ZFB', 'WX'] as const).flatMap((method) => recordedThenLost.map((kind) => [method, kind] as const));

    it.each(cases)(
      'case 1 %s %s: the gateway refunded but its answer was lost: PENDING, then the sweep finds it by the refund query and settles it once',
      async (method, kind) => {
        const { order, paymentNo } = await paidOrder(method);
        // alipay-sdk's HTTP client sends again once after a reset socket: cut that one too
        const sends = method === 'ZFB' && kind === 'reset' ? 2 : 1;
        for (let send = 0; send < sends; send += 1) ctx.fakes.queueRefund(method, { kind });
        const refundsBefore = count(method, OPS[method].refund);
        const { log, alerts } = captureLog();
        const start = new Date();
        const error = (await refundOrder(
          { db: odb(), providers: ctx.providers, kv: ctx.app.kv, log },
          order.id,
          { reason: 'cancel' },
          start,
        ).catch((e: unknown) => e)) as AppError;
        expect(error.codeName).toBe('GATEWAY_TIMEOUT');
        // the gateway has paid the money back; we do not know it yet, and say nothing final
        expect((await ctx.fakes.charge(method, paymentNo))?.refundedFen).toBe(9800);
        expect((await orderRow(ctx.database, order.id)).status).toBe('REFUNDING');
        const [open] = await refundsOf(order.id);
        expect(open).toMatchObject({ state: 'PENDING', attempts: 1, last_outcome: expect.stringMatching(/^unknown:/) });
        expect(alerts).toContainEqual(expect.objectContaining({ level: 'warn', alert: 'refund-retry', refundNo: open?.refund_no }));

        // not due yet: the sweep leaves it alone
        const queriesBefore = count(method, OPS[method].query);
        await refundDoublePayments(sweepDeps(), new Date(start.getTime() + 30_000));
        expect(count(method, OPS[method].query)).toBe(queriesBefore);

        await refundDoublePayments(sweepDeps(), new Date(start.getTime() + 2 * MINUTE));
        expect(count(method, OPS[method].query)).toBeGreaterThan(queriesBefore);
        expect(await refundsOf(order.id)).toMatchObject([{ state: 'SUCCEEDED', refund_no: open?.refund_no }]);
        expect(await orderRow(ctx.database, order.id)).toMatchObject({ status: 'REFUNDED', refunded_fen: 9800 });
        const charge = await ctx.fakes.charge(method, paymentNo);
        expect(charge?.refundedFen).toBe(9800);
        expect(Object.keys(charge?.refunds ?? {})).toEqual([open?.refund_no]);
        // found by the query: the refund request was not sent again
        expect(count(method, OPS[method].refund) - refundsBefore).toBe(sends);
      },
    );

    it.each(['ZFB', 'WX'] as const)(
      'case 1 %s: balance not enough and frequency limit are retried with back-off under the same number, with an alert',
      async (method) => {
        const { order, paymentNo } = await paidOrder(method);
        ctx.fakes.queueRefund(method, { kind: 'balance' }, { kind: 'frequency' });
        const { log, alerts } = captureLog();
        const start = new Date();
        const deps = { db: odb(), providers: ctx.providers, kv: ctx.app.kv, log };
        await expect(refundOrder(deps, order.id, { reason: 'cancel' }, start)).rejects.toMatchObject({ codeName: 'GATEWAY_TIMEOUT' });
        const [first] = await refundsOf(order.id);
        assert(first, 'no refund row');
        expect(first).toMatchObject({ state: 'PENDING', attempts: 1, next_attempt_at: new Date(start.getTime() + MINUTE).toISOString() });
        expect(first.last_outcome).toBe(method === 'ZFB' ? 'retryable:ACQ.SELLER_BALANCE_NOT_ENOUGH' : 'retryable:NOT_ENOUGH');
        expect(alerts).toContainEqual(expect.objectContaining({ level: 'warn', alert: 'refund-retry', outcome: 'retryable', attempts: 1 }));
        expect((await orderRow(ctx.database, order.id)).status).toBe('REFUNDING');
        expect((await ctx.fakes.charge(method, paymentNo))?.refundedFen).toBe(0);

        // the second attempt is refused for frequency: twice the delay
        const second = new Date(start.getTime() + MINUTE);
        await refundDoublePayments(sweepDeps(log), second);
        const [again] = await refundsOf(order.id);
        expect(again).toMatchObject({
          state: 'PENDING',
          attempts: 2,
          refund_no: first.refund_no,
          next_attempt_at: new Date(second.getTime() + 2 * MINUTE).toISOString(),
        });
        expect(alerts.filter((a) => a.alert === 'refund-retry')).toHaveLength(2);

        await refundDoublePayments(sweepDeps(log), new Date(second.getTime() + 2 * MINUTE));
        expect(await refundsOf(order.id)).toMatchObject([{ state: 'SUCCEEDED', attempts: 3, refund_no: first.refund_no }]);
        expect(await orderRow(ctx.database, order.id)).toMatchObject({ status: 'REFUNDED', refunded_fen: 9800 });
        expect((await ctx.fakes.charge(method, paymentNo))?.refundedFen).toBe(9800);
      },
    );

    it('case 1 WX: ABNORMAL is not FAILED: the refund stays PROCESSING, is asked again and alerts', async () => {
      const { order, paymentNo } = await paidOrder('WX');
      ctx.fakes.queueRefund('WX', { kind: 'abnormal' });
      const { log, alerts } = captureLog();
      const start = new Date();
      const refund = await refundOrder({ db: odb(), providers: ctx.providers, kv: ctx.app.kv, log }, order.id, { reason: 'cancel' }, start);
      expect(refund.state).toBe('PROCESSING');
      await refundDoublePayments(sweepDeps(log), new Date(start.getTime() + MINUTE));
      expect(await refundsOf(order.id)).toMatchObject([{ state: 'PROCESSING', attempts: 2, last_outcome: 'processing:ABNORMAL' }]);
      expect(alerts).toContainEqual(expect.objectContaining({ level: 'error', alert: 'refund-attention', refundNo: refund.refund_no }));
      expect((await orderRow(ctx.database, order.id)).status).toBe('REFUNDING');
      // the money left the merchant account: it is not offered again
      expect((await ctx.fakes.charge('WX', paymentNo))?.refundedFen).toBe(9800);
    });

    it.each(['ZFB', 'WX'] as const)(
      'case 1 %s: an explicit refusal is FAILED with the reason, one alert, and the order waits for staff (REFUNDING)',
      async (method) => {
        const { order } = await paidOrder(method);
        ctx.fakes.queueRefund(method, { kind: 'refuse' });
        const { log, alerts } = captureLog();
        await expect(
          refundOrder({ db: odb(), providers: ctx.providers, kv: ctx.app.kv, log }, order.id, { reason: 'cancel' }),
        ).rejects.toMatchObject({ codeName: 'REFUND_FAILED' });
        expect(await refundsOf(order.id)).toMatchObject([
          {
            state: 'FAILED',
            attempts: 1,
            next_attempt_at: null,
            last_outcome: expect.stringMatching(/^refused:/),
            failure_detail: expect.any(String),
          },
        ]);
        expect((await orderRow(ctx.database, order.id)).status).toBe('REFUNDING');
        expect(alerts.filter((a) => a.alert === 'refund-queued')).toEqual([
          expect.objectContaining({ level: 'error', state: 'FAILED', orderId: order.id }),
        ]);
        // the sweep never asks the gateway about it again
        const asked = count(method, OPS[method].refund) + count(method, OPS[method].query);
        for (let run = 1; run <= 5; run += 1) await refundDoublePayments(sweepDeps(log), new Date(Date.now() + run * 3_600_000));
        expect(count(method, OPS[method].refund) + count(method, OPS[method].query)).toBe(asked);
        expect(alerts.filter((a) => a.alert === 'refund-queued')).toHaveLength(1);
      },
    );

    it('case 1 WX: a refund the gateway closes later is FAILED when the sweep learns it', async () => {
      const { order, paymentNo } = await paidOrder('WX');
      ctx.fakes.queueRefund('WX', { kind: 'closed' });
      const start = new Date();
      expect(
        (await refundOrder({ db: odb(), providers: ctx.providers, kv: ctx.app.kv }, order.id, { reason: 'cancel' }, start)).state,
      ).toBe('PROCESSING');
      await refundDoublePayments(sweepDeps(), new Date(start.getTime() + MINUTE));
      expect(await refundsOf(order.id)).toMatchObject([{ state: 'FAILED', last_outcome: 'refused:CLOSED' }]);
      expect(await orderRow(ctx.database, order.id)).toMatchObject({ status: 'REFUNDING', refunded_fen: 0 });
      expect((await ctx.fakes.charge('WX', paymentNo))?.refundedFen).toBe(0);
    });

    it('case 1 ZFB: a processing refund is asked about by the refund query until it succeeds', async () => {
      const { order, paymentNo } = await paidOrder('ZFB');
      ctx.fakes.queueRefund('ZFB', { kind: 'processing', queries: 2 });
      const start = new Date();
      expect(
        (await refundOrder({ db: odb(), providers: ctx.providers, kv: ctx.app.kv }, order.id, { reason: 'cancel' }, start)).state,
      ).toBe('PROCESSING');
      let at = start.getTime();
      for (let run = 0; run < 4 && (await refundsOf(order.id))[0]?.state !== 'SUCCEEDED'; run += 1) {
        at = Date.parse((await refundsOf(order.id))[0]?.next_attempt_at ?? '');
        await refundDoublePayments(sweepDeps(), new Date(at));
      }
      expect(await refundsOf(order.id)).toMatchObject([{ state: 'SUCCEEDED' }]);
      expect(await orderRow(ctx.database, order.id)).toMatchObject({ status: 'REFUNDED', refunded_fen: 9800 });
      expect((await ctx.fakes.charge('ZFB', paymentNo))?.refundedFen).toBe(9800);
    });
  });

  describe('case 2: a double payment is refunded once', () => {
    async function doublePayment() {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_MONTH' });
      const wechat = await startPay(ctx.app, order.id, 'WX', user.token);
      const alipay = await startPay(ctx.app, order.id, 'ZFB', user.token);
      expect((await ctx.fakes.pay('WX', wechat)).result).toBe('delivered');
      expect((await ctx.fakes.pay('ZFB', alipay)).result).toBe('delivered');
      const flagged = await odb()
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', order.id)
        .where('needs_refund', '=', 1)
        .executeTakeFirstOrThrow();
      expect(flagged.payment_no).toBe(alipay);
      return { order, payment: flagged };
    }

    it('case 2: the same double-payment refund started 20 times at once is claimed and sent exactly once', async () => {
      const { payment } = await doublePayment();
      const before = count('ZFB', OPS.ZFB.refund);
      const deps = { db: odb(), providers: ctx.providers, kv: ctx.app.kv };
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => refundDoublePayment(deps, payment.id)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const result of results)
        if (result.status === 'rejected') expect(result.reason).toMatchObject({ codeName: 'REFUND_NOT_ALLOWED' });
      expect(await odb().selectFrom('refunds').select(['state', 'amount_fen']).where('payment_id', '=', payment.id).execute()).toEqual([
        { state: 'SUCCEEDED', amount_fen: 3000 },
      ]);
      expect(count('ZFB', OPS.ZFB.refund) - before).toBe(1);
      expect((await ctx.fakes.charge('ZFB', payment.payment_no))?.refundedFen).toBe(3000);
      // and the sweeps racing it find nothing left to claim
      await Promise.all([refundDoublePayments(sweepDeps()), refundDoublePayments(sweepDeps())]);
      expect(await odb().selectFrom('refunds').select('id').where('payment_id', '=', payment.id).execute()).toHaveLength(1);
    });

    it('case 2: retries reuse the one refund number and stop after 8 tries as UNKNOWN with one alert', async () => {
      expect(REFUND_MAX_ATTEMPTS).toBe(8);
      const { payment } = await doublePayment();
      ctx.fakes.queueRefund('ZFB', ...Array.from({ length: 8 }, (): FakeRefundBehaviour => ({ kind: 'balance' })));
      const { log, alerts } = captureLog();
      let at = Date.now();
      await refundDoublePayments(sweepDeps(log), new Date(at));
      const rows = () => odb().selectFrom('refunds').selectAll().where('payment_id', '=', payment.id).execute();
      const [first] = await rows();
      assert(first, 'no refund row');
      for (let attempt = 2; attempt <= 7; attempt += 1) {
        at = Date.parse((await rows())[0]?.next_attempt_at ?? '');
        await refundDoublePayments(sweepDeps(log), new Date(at));
        expect(await rows()).toMatchObject([{ state: 'PENDING', attempts: attempt, refund_no: first.refund_no }]);
      }
      at = Date.parse((await rows())[0]?.next_attempt_at ?? '');
      await refundDoublePayments(sweepDeps(log), new Date(at));
      expect(await rows()).toMatchObject([{ state: 'UNKNOWN', attempts: 8, next_attempt_at: null }]);
      expect(alerts.filter((a) => a.alert === 'refund-retry')).toHaveLength(8);
      expect(alerts.filter((a) => a.alert === 'refund-queued')).toEqual([
        expect.objectContaining({ level: 'error', state: 'UNKNOWN', refundNo: first.refund_no, attempts: 8 }),
      ]);
      // no more tries, however late
      const asked = count('ZFB', OPS.ZFB.refund);
      await refundDoublePayments(sweepDeps(log), new Date(at + 30 * 86_400_000));
      expect(count('ZFB', OPS.ZFB.refund)).toBe(asked);
      expect(await rows()).toHaveLength(1);
      // staff retrying it by hand (once the balance is topped up) finish it under the same number
      await retryQueuedRefund({ db: odb(), providers: ctx.providers, kv: ctx.app.kv }, first.id, { audit: async () => undefined });
      expect(await rows()).toMatchObject([{ state: 'SUCCEEDED', refund_no: first.refund_no }]);
      expect((await ctx.fakes.charge('ZFB', payment.payment_no))?.refundedFen).toBe(3000);
    });
  });
});
