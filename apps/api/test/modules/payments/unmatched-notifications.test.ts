import { type TPayMethod as TAnyPayMethod } from '@llk/contracts';

// Alipay and WeChat Pay (cards: stripe-*.test.ts)
type TPayMethod = Exclude<TAnyPayMethod, 'CARD'>;
import { assert, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../src/modules/ledger';
import { testDialects } from '../../helper';
import { newOrder, newUser, NOTIFY_BASE, orderRow, startPay, useOrdersApp } from '../orders/support';

const notifyPath: Record<TPayMethod, string> = { ZFB: '/pay/notify/alipay', WX: '/pay/notify/wechat' };
// What the gateways get today for a notification we cannot apply (they retry).
const refusal: Record<TPayMethod, { status: number; body: RegExp }> = {
  ZFB: { status: 200, body: /^failure$/ },
  WX: { status: 500, body: /"code":"FAIL"/ },
};
const ack: Record<TPayMethod, number> = { ZFB: 200, WX: 204 };
// Alipay signs inside the body; WeChat Pay in headers, which are kept with the body.
const signingHeaders: Record<TPayMethod, string[]> = {
  ZFB: [],
  WX: ['wechatpay-nonce', 'wechatpay-serial', 'wechatpay-signature', 'wechatpay-signature-type', 'wechatpay-timestamp'],
};

describe.each(testDialects())('verified notifications that match no payment ($dialect)', ({ dialect }) => {
  const ctx = useOrdersApp(dialect);
  const db = () => ctx.database.db;
  const balances = async (method: TPayMethod) => {
    const rows = await db()
      .selectFrom('ledger_lines')
      .select(['account', 'amount_fen'])
      .where('account', 'in', [`gateway:${method}`, `unmatched:${method}`])
      .execute();
    const sum = (account: string) =>
      rows.filter((row) => row.account === account).reduce((total, row) => total + Number(row.amount_fen), 0);
    return { gateway: sum(`gateway:${method}`), unmatched: sum(`unmatched:${method}`) };
  };

  it.each(['ZFB', 'WX'] as TPayMethod[])(
    '%s: money for an unknown payment is stored and recorded as unmatched once; the gateway still gets its refusal',
    async (method) => {
      const before = await balances(method);
      const paymentNo = `UNKNOWN${method}${Date.now()}`;
      // A charge made at the gateway under a number we never issued (another system, a lost row).
      await ctx.providers[method].create({
        paymentNo,
        amountFen: 12300,
        subject: 'LLK',
        client: 'WEB',
        notifyUrl: `${NOTIFY_BASE}${notifyPath[method]}`,
        expiresAt: new Date(Date.now() + 600_000),
      });
      const first = await ctx.fakes.pay(method, paymentNo);
      assert(first.result === 'delivered', first.result);
      expect(first.delivery.status).toBe(refusal[method].status);
      expect(first.delivery.body).toMatch(refusal[method].body);
      const again = await ctx.fakes.pay(method, paymentNo);
      assert(again.result === 'delivered', again.result);
      expect(again.delivery.status).toBe(refusal[method].status);

      const unmatched = await db().selectFrom('unmatched_payments').selectAll().where('payment_no', '=', paymentNo).execute();
      expect(unmatched).toHaveLength(1);
      expect(unmatched[0]).toMatchObject({
        method,
        amount_fen: 12300,
        reason: 'UNKNOWN_PAYMENT',
        payment_id: null,
        state: 'OPEN',
        gateway_trade_no: first.charge.tradeNo,
      });
      const stored = await db().selectFrom('gateway_notifications').selectAll().where('payment_no', '=', paymentNo).orderBy('id').execute();
      expect(stored.map((row) => [row.outcome, row.verification, row.unmatched_id, Number(row.amount_fen), row.success])).toEqual([
        ['UNMATCHED', 'VERIFIED', unmatched[0]?.id, 12300, 1],
        ['UNMATCHED', 'VERIFIED', unmatched[0]?.id, 12300, 1],
      ]);
      expect(stored[0]?.raw_body).toBe(ctx.deliveries.at(-2)?.message.body);
      const headers = JSON.parse(stored[0]?.headers_json ?? '{}') as Record<string, string>;
      expect(
        Object.keys(headers)
          .filter((name) => name.startsWith('wechatpay-'))
          .sort(),
      ).toEqual(signingHeaders[method]);
      expect(headers['content-type']).toBeTruthy();

      expect(await balances(method)).toEqual({ gateway: before.gateway + 12300, unmatched: before.unmatched - 12300 });
      expect(await auditLedger(db())).toEqual([]);
    },
  );

  it.each(['ZFB', 'WX'] as TPayMethod[])(
    '%s: a signed notification with another amount is recorded as unmatched against its payment, which stays unpaid',
    async (method) => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      const paymentNo = await startPay(ctx.app, order.id, method, user.token);
      const charge = await ctx.fakes.payWithoutNotifying(method, paymentNo);
      assert(charge, 'no charge');
      const message = ctx.fakes.notification(charge, 'amountSigned');
      const res = await ctx.app.inject({ method: 'POST', url: notifyPath[method], headers: message.headers, payload: message.body });
      expect(res.statusCode).toBe(refusal[method].status);
      const payment = await db().selectFrom('payments').selectAll().where('payment_no', '=', paymentNo).executeTakeFirstOrThrow();
      expect(payment.state).toBe('PENDING');
      expect((await orderRow(ctx.database, order.id)).status).toBe('PENDING_PAYMENT');
      const unmatched = await db()
        .selectFrom('unmatched_payments')
        .selectAll()
        .where('payment_no', '=', paymentNo)
        .executeTakeFirstOrThrow();
      expect(unmatched).toMatchObject({ reason: 'AMOUNT_DIFFERS', payment_id: payment.id, amount_fen: 1801 });
      const posting = await db()
        .selectFrom('ledger_postings')
        .selectAll()
        .where('kind', '=', 'UNMATCHED')
        .where('reference', '=', unmatched.id)
        .executeTakeFirstOrThrow();
      expect(posting).toMatchObject({ gateway: method, out_trade_no: paymentNo, amount_fen: 1801 });
    },
  );

  it.each(['ZFB', 'WX'] as TPayMethod[])(
    '%s: every verified notification is stored with its outcome, applied and duplicate alike; forged ones are not',
    async (method) => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      const paymentNo = await startPay(ctx.app, order.id, method, user.token);
      const charge = await ctx.fakes.payWithoutNotifying(method, paymentNo);
      assert(charge, 'no charge');
      const forged = await ctx.fakes.forged(charge, 'signature');
      await ctx.app.inject({ method: 'POST', url: notifyPath[method], headers: forged.headers, payload: forged.body });
      const message = ctx.fakes.notification(charge);
      for (let i = 0; i < 2; i += 1) {
        const res = await ctx.app.inject({ method: 'POST', url: notifyPath[method], headers: message.headers, payload: message.body });
        expect(res.statusCode).toBe(ack[method]);
      }
      const stored = await db().selectFrom('gateway_notifications').selectAll().where('payment_no', '=', paymentNo).orderBy('id').execute();
      expect(stored.map((row) => row.outcome)).toEqual(['APPLIED', 'DUPLICATE']);
      expect(stored.every((row) => row.raw_body === message.body && row.payment_id !== null)).toBe(true);
    },
  );
});
