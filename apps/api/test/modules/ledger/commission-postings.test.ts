import { commissionFen, type TAdminAmbassadorDetail, type TAdminLedgerReport, type TAdminPayoutBatch } from '@llk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { toDbDate } from '../../../src/infrastructure/db/dialect';
import { auditLedger } from '../../../src/modules/ledger';
import { refundOrder } from '../../../src/flows/refund-order';
import { upsertSkus } from '../../../src/modules/pricing/pricing.repository';
import { testDialects, useTestApp } from '../../helper';
import { newStaff } from '../admin/support';
import { newOrder, newUser, SKUS, startPay } from '../orders/support';
import { bind, DAY } from '../referrals/fixtures';

// Commission in the ledger as it happens (ADR 0016, "Commission postings"): the accrual when a
// referred order is paid, its reversal when the order is refunded inside the 7-day window, a
// clawback when it is refunded after, and the payout as money leaving (commission:payable →
// cash:commission-payouts). The finance report's commission payable equals the ambassadors'
// balances. SQLite and PostgreSQL, through the sandbox, the refund path and the payout screens.

interface Envelope<T> {
  errcode: number;
  data: T;
}

describe.each(testDialects())('commission postings ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const db = () => ctx.database.db;
  beforeAll(async () => {
    await upsertSkus(db(), SKUS);
  });

  const admin = <T>(cookies: Record<string, string>, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app
      .inject({
        method,
        url: `/admin${url}`,
        cookies,
        headers: { 'accept-language': 'en', origin: ctx.app.config.webOrigin },
        ...(payload ? { payload } : {}),
      })
      .then((res) => {
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as Envelope<T>).data;
      });

  async function referredPurchase(ambassadorId: string, skuId: string) {
    const user = await newUser(ctx.app);
    await bind(db(), user.id, ambassadorId, new Date(Date.now() - DAY));
    const order = await newOrder(ctx.app, user.token, { skuId });
    const paymentNo = await startPay(ctx.app, order.id, 'ZFB', user.token);
    expect((await (await ctx.app.paymentSandbox!.get()).pay('ZFB', paymentNo)).result).toBe('delivered');
    return order;
  }
  const linesOfOrder = (orderId: string) =>
    db().selectFrom('commissions').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();
  async function posted(kind: string, reference: string) {
    const posting = await db()
      .selectFrom('ledger_postings')
      .select('id')
      .where('kind', '=', kind as never)
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (!posting) return null;
    const lines = await db()
      .selectFrom('ledger_lines')
      .select(['account', 'amount_fen'])
      .where('posting_id', '=', posting.id)
      .orderBy('account')
      .execute();
    return lines.map((line) => [line.account, Number(line.amount_fen)]);
  }
  const refund = (orderId: string) =>
    refundOrder({ db: db(), providers: ctx.app.paymentProviders, kv: ctx.app.kv }, orderId, { reason: 'customer asked' });

  it('posts the accrual at payment, the reversal or clawback at refund, the payout as money leaving; the report’s commission payable matches the ambassadors’ balances', async () => {
    const finance = await newStaff(db(), 'FINANCE');
    const ambassador = await newUser(ctx.app);
    const joined = await ctx.app.inject({
      method: 'POST',
      url: '/activity/participant/marketingAmbassador?activityType=LZ',
      headers: { authorization: ambassador.token },
    });
    expect(joined.statusCode, joined.body).toBe(200);

    // paid: earned and owed at once
    const kept = await referredPurchase(ambassador.id, 'MEMBER_MONTH');
    const earned = commissionFen(kept.totalFen);
    const [keptLine] = await linesOfOrder(kept.id);
    expect(await posted('COMMISSION_ACCRUAL', keptLine!.id)).toEqual([
      ['commission:expense', earned],
      ['commission:payable', -earned],
    ]);

    // refunded inside the window: the accrual is taken back
    const refundedEarly = await referredPurchase(ambassador.id, 'MEMBER_MONTH');
    expect((await refund(refundedEarly.id)).state).toBe('SUCCEEDED');
    const [reversed] = await linesOfOrder(refundedEarly.id);
    expect(reversed!.state).toBe('REVERSED');
    expect(await posted('COMMISSION_REVERSAL', reversed!.id)).toEqual([
      ['commission:expense', -earned],
      ['commission:payable', earned],
    ]);

    // past the window, paid out: the payout settles the payable with cash, the expense stays
    const paidLater = await referredPurchase(ambassador.id, 'MEMBER_MONTH');
    await db()
      .updateTable('commissions')
      .set({ effective_after: toDbDate(Date.now() - 1000) })
      .where('ambassador_user_id', '=', ambassador.id)
      .where('state', '=', 'PENDING')
      .execute();
    await admin(finance.cookies, 'PUT', '/payouts/settings', { thresholdFen: 100, reason: 'small balances' });
    await admin(finance.cookies, 'PUT', `/payouts/ambassadors/${ambassador.id}/payee`, {
      account: '13800138000',
      name: '张三',
      reason: 'from the ambassador',
    });
    const batch = await admin<TAdminPayoutBatch>(finance.cookies, 'POST', '/payouts/batches', { reason: 'month end' });
    expect(batch.totalFen).toBe(2 * earned);
    await admin(finance.cookies, 'POST', `/payouts/batches/${batch.id}/paid`, { reference: '20261201000001', reason: 'transferred' });
    const [payout] = await db().selectFrom('payouts').select('id').where('batch_id', '=', batch.id).execute();
    expect(await posted('COMMISSION_PAYOUT', payout!.id)).toEqual([
      ['cash:commission-payouts', -2 * earned],
      ['commission:payable', 2 * earned],
    ]);

    // refunded after the payout: a clawback line, posted, leaves the ambassador owing
    expect((await refund(paidLater.id)).state).toBe('SUCCEEDED');
    const clawback = (await linesOfOrder(paidLater.id)).find((line) => line.state === 'CLAWBACK');
    expect(clawback?.amount_fen).toBe(-earned);
    expect(await posted('COMMISSION_CLAWBACK', clawback!.id)).toEqual([
      ['commission:expense', -earned],
      ['commission:payable', earned],
    ]);

    const detail = await admin<TAdminAmbassadorDetail>(finance.cookies, 'GET', `/payouts/ambassadors/${ambassador.id}`);
    const { pendingFen, owedFen, inBatchFen } = detail.ambassador.balances;
    expect(pendingFen + owedFen + inBatchFen).toBe(-earned);
    const report = await admin<TAdminLedgerReport>(finance.cookies, 'GET', '/reports/ledger');
    // the only ambassador of this database: the books and the balances say the same
    expect(report.balances).toMatchObject({ commissionPayableFen: -earned, ambassadorBalancesFen: -earned });
    expect(report.totals.commissionPaidFen).toBe(2 * earned);
    expect(await auditLedger(db())).toEqual([]);
  });
});
