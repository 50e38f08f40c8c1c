import { describe, expect, it } from 'vitest';
import { newId, toDbDate } from '../../../src/infrastructure/db/dialect';
import { MemoryKeyValueStore } from '../../../src/infrastructure/kv';
import { type PaymentProviders } from '../../../src/modules/payments/provider';
import { applyVerifiedPayment } from '../../../src/flows/apply-payment';
import { reconcilePendingPayments } from '../../../src/modules/payments/reconcile';
import { testDialects } from '../../helper';
import { newUser, useOrdersApp } from '../orders/support';

// Reconciliation pages through every open attempt: with 250 open and 100 a run, the newest is
// asked within ceil(250 / 100) = 3 runs, however many older ones stay open.

const MINUTE = 60_000;

describe.each(testDialects())('reconciliation paging ($dialect)', ({ dialect }) => {
  const ctx = useOrdersApp(dialect);

  it('case 8: with 250 open attempts, every one (the newest too) is asked within 3 runs of 100', async () => {
    const user = await newUser(ctx.app);
    const start = Date.now();
    const created = (i: number) => toDbDate(start - 60 * MINUTE + i * 1000);
    const expires = toDbDate(start + 24 * 60 * MINUTE);
    const paymentNos: string[] = [];
    for (let i = 0; i < 250; i += 1) {
      const orderId = newId(start + i);
      const paymentNo = newId(start + i);
      paymentNos.push(paymentNo);
      await ctx.database.db
        .insertInto('orders')
        .values({
          id: orderId,
          user_id: user.id,
          status: 'PENDING_PAYMENT',
          source: 'WEB',
          currency: 'CNY',
          total_fen: 1800,
          original_total_fen: 1800,
          refunded_fen: 0,
          subject: 'paging',
          created_at: created(i),
          updated_at: created(i),
          expires_at: expires,
        })
        .execute();
      await ctx.database.db
        .insertInto('payments')
        .values({
          id: paymentNo,
          order_id: orderId,
          payment_no: paymentNo,
          method: 'WX',
          client: 'WEB',
          amount_fen: 1800,
          state: 'PENDING',
          needs_refund: 0,
          created_at: created(i),
          updated_at: created(i),
          expires_at: expires,
        })
        .execute();
    }
    const asked: string[] = [];
    const wechat = ctx.providers.WX;
    const providers: PaymentProviders = {
      ZFB: ctx.providers.ZFB,
      WX: Object.assign(Object.create(wechat) as typeof wechat, {
        query: (paymentNo: string) => {
          asked.push(paymentNo);
          return wechat.query(paymentNo);
        },
      }),
      CARD: ctx.providers.CARD,
    };
    const kv = new MemoryKeyValueStore();
    const newest = paymentNos.at(-1) ?? '';
    const runs: number[] = [];
    for (let run = 1; run <= 3; run += 1) {
      const result = await reconcilePendingPayments(
        { db: ctx.database.db, providers, kv, applyPayment: applyVerifiedPayment, afterMs: 2 * MINUTE },
        new Date(start + (2 + run) * MINUTE),
      );
      runs.push(result.checked);
    }
    expect(runs).toEqual([100, 100, 50]);
    expect(asked).toContain(newest);
    expect(new Set(asked).size).toBe(250);
    expect(asked.length).toBe(250);
  });
});
