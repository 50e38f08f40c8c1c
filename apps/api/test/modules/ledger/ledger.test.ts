import { type TPayMethod } from '@llk/contracts';
import { assert, describe, expect, it } from 'vitest';
import { type Db } from '../../../src/infrastructure/db/schema';
import { auditLedger, dailyMoney, postCommissionPayout, shanghaiDay } from '../../../src/modules/ledger';
import { post } from '../../../src/modules/ledger/ledger.service';
import { refundOrder } from '../../../src/flows/refund-order';
import { testDialects } from '../../helper';
import { newOrder, newUser, orderRow, startPay, useOrdersApp } from '../orders/support';

describe.each(testDialects())('the double-entry ledger ($dialect)', ({ dialect }) => {
  const ctx = useOrdersApp(dialect);
  const db = () => ctx.database.db;

  const linesOf = async (kind: string, reference: string) => {
    const posting = await db()
      .selectFrom('ledger_postings')
      .selectAll()
      .where('kind', '=', kind as never)
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (!posting) return null;
    const lines = await db()
      .selectFrom('ledger_lines')
      .select(['account', 'amount_fen', 'day'])
      .where('posting_id', '=', posting.id)
      .orderBy('account')
      .execute();
    return { posting, lines: lines.map((line) => [line.account, Number(line.amount_fen)]) };
  };
  const paymentOf = (paymentNo: string) =>
    db().selectFrom('payments').selectAll().where('payment_no', '=', paymentNo).executeTakeFirstOrThrow();

  it.each(['ZFB', 'WX'] as TPayMethod[])(
    '%s: a paid order posts gateway +26800 / revenue −26800 once, however often the notification comes',
    async (method) => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR' });
      const paymentNo = await startPay(ctx.app, order.id, method, user.token);
      const paid = await ctx.fakes.pay(method, paymentNo);
      assert(paid.result === 'delivered', paid.result);
      await ctx.fakes.pay(method, paymentNo); // the gateway retries
      const payment = await paymentOf(paymentNo);
      const posted = await linesOf('PAYMENT', payment.id);
      expect(posted?.lines).toEqual([
        [`gateway:${method}`, 26800],
        ['revenue', -26800],
      ]);
      expect(posted?.posting).toMatchObject({
        gateway: method,
        out_trade_no: paymentNo,
        amount_fen: 26800,
        day: shanghaiDay(new Date(payment.paid_at ?? '')),
      });
      expect(await db().selectFrom('ledger_postings').select('id').where('out_trade_no', '=', paymentNo).execute()).toHaveLength(1);
      expect(await auditLedger(db())).toEqual([]);
    },
  );

  it('a second payment of a paid order posts to payable:double-payment; its refund pays that back', async () => {
    const user = await newUser(ctx.app);
    const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
    const first = await startPay(ctx.app, order.id, 'ZFB', user.token);
    const second = await startPay(ctx.app, order.id, 'WX', user.token);
    await ctx.fakes.pay('ZFB', first);
    await ctx.fakes.pay('WX', second);
    const double = await paymentOf(second);
    expect(double.needs_refund).toBe(1);
    expect((await linesOf('DOUBLE_PAYMENT', double.id))?.lines).toEqual([
      ['gateway:WX', 1800],
      ['payable:double-payment', -1800],
    ]);
    const { refundDoublePayment } = await import('../../../src/flows/refund-order');
    const refund = await refundDoublePayment({ db: db(), providers: ctx.providers, kv: ctx.app.kv }, double.id);
    expect(refund.state).toBe('SUCCEEDED');
    expect((await linesOf('REFUND', refund.id))?.lines).toEqual([
      ['gateway:WX', -1800],
      ['payable:double-payment', 1800],
    ]);
    expect(await auditLedger(db())).toEqual([]);
  });

  it('an order refund posts refunds +amount / payable:refunds −amount when asked for, payable:refunds +amount / gateway −amount when it succeeds; revenue and refunds per day are sums of lines', async () => {
    // the day (UTC+8) may turn while the test runs: the sums run from today to the day it ends
    const day = shanghaiDay(new Date());
    const total = (days: { revenueFen: number; refundsFen: number }[]) =>
      days.reduce((sum, one) => ({ revenueFen: sum.revenueFen + one.revenueFen, refundsFen: sum.refundsFen + one.refundsFen }), {
        revenueFen: 0,
        refundsFen: 0,
      });
    const before = total(await dailyMoney(db(), day, day));
    const user = await newUser(ctx.app);
    const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_10' });
    const paymentNo = await startPay(ctx.app, order.id, 'WX', user.token);
    await ctx.fakes.pay('WX', paymentNo);
    const refund = await refundOrder({ db: db(), providers: ctx.providers, kv: ctx.app.kv }, order.id, {
      amountFen: 5800,
      reason: 'partial',
    });
    expect(refund.state).toBe('SUCCEEDED');
    expect((await linesOf('REFUND_OWED', refund.id))?.lines).toEqual([
      ['payable:refunds', -5800],
      ['refunds', 5800],
    ]);
    expect((await linesOf('REFUND', refund.id))?.lines).toEqual([
      ['gateway:WX', -5800],
      ['payable:refunds', 5800],
    ]);
    expect((await orderRow(ctx.database, order.id)).refunded_fen).toBe(5800);
    const after = total(await dailyMoney(db(), day, shanghaiDay(new Date())));
    expect(after).toEqual({ revenueFen: before.revenueFen + 15800, refundsFen: before.refundsFen + 5800 });
    expect(await auditLedger(db())).toEqual([]);
  });

  it('refuses a posting whose lines do not sum to zero, or are not whole fen, and writes nothing', async () => {
    const count = async () => (await db().selectFrom('ledger_lines').select('id').execute()).length;
    const lines = await count();
    const at = new Date();
    await expect(
      post(db(), {
        kind: 'FEES',
        reference: 'unbalanced',
        amountFen: 100,
        occurredAt: at,
        lines: [
          { account: 'fees:ZFB', amountFen: 100 },
          { account: 'gateway:ZFB', amountFen: -99 },
        ],
      }),
    ).rejects.toThrow(/does not balance/);
    await expect(
      post(db(), {
        kind: 'FEES',
        reference: 'fraction',
        amountFen: 1,
        occurredAt: at,
        lines: [
          { account: 'fees:ZFB', amountFen: 0.5 },
          { account: 'gateway:ZFB', amountFen: -0.5 },
        ],
      }),
    ).rejects.toThrow(/does not balance/);
    expect(await count()).toBe(lines);
  });

  it('the audit names an account that disagrees with the payments it records', async () => {
    // Inside a transaction that is rolled back: a posting no payment explains.
    const problems = await db()
      .transaction()
      .execute(async (trx) => {
        await post(trx as unknown as Db, {
          kind: 'PAYMENT',
          reference: 'no-such-payment',
          gateway: 'ZFB',
          amountFen: 100,
          occurredAt: new Date(),
          lines: [
            { account: 'gateway:ZFB', amountFen: 100 },
            { account: 'revenue', amountFen: -100 },
          ],
        });
        const found = await auditLedger(trx as unknown as Db);
        throw Object.assign(new Error('roll back'), { found });
      })
      .catch((error: { found?: string[] }) => error.found ?? []);
    expect(problems.some((problem) => problem.startsWith('revenue:'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('gateway:ZFB:'))).toBe(true);
    expect(await auditLedger(db())).toEqual([]);
  });

  it('a commission payout posts commission:payable / cash:commission-payouts once (money leaving, not the expense), and the audit compares it with the paid batches', async () => {
    const at = new Date();
    const stamp = at.toISOString();
    await db()
      .insertInto('payout_batches')
      .values({
        id: 'batch-1',
        state: 'PAID',
        payout_count: 1,
        total_fen: 5360,
        threshold_fen: 100,
        created_at: stamp,
        created_by: 'staff-1',
        closed_at: stamp,
        closed_by: 'staff-1',
        reference: 'ref-1',
      })
      .execute();
    await db()
      .insertInto('payouts')
      .values({
        id: 'commission-1',
        batch_id: 'batch-1',
        ambassador_user_id: 'u-1',
        amount_fen: 5360,
        payee_account: '13800000000',
        payee_name: '张三',
        line_count: 1,
      })
      .execute();
    expect(await auditLedger(db())).toEqual([
      'commission:payable: ledger 0 fen, expected 5360 fen',
      'cash:commission-payouts: ledger 0 fen, expected -5360 fen',
    ]);
    expect(await postCommissionPayout(db(), { payoutId: 'commission-1', amountFen: 5360, at })).toBe(true);
    expect(await postCommissionPayout(db(), { payoutId: 'commission-1', amountFen: 5360, at })).toBe(false);
    expect((await linesOf('COMMISSION_PAYOUT', 'commission-1'))?.lines).toEqual([
      ['cash:commission-payouts', -5360],
      ['commission:payable', 5360],
    ]);
    expect(await auditLedger(db())).toEqual([]);
  });
});
