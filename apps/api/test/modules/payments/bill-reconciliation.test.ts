import { type TPayMethod } from '@llk/contracts';
import { assert, describe, expect, it } from 'vitest';
import { auditLedger, billReportsCsv, findBillReports } from '../../../src/modules/ledger';
import { reconcileBills, reconcileYesterdaysBills } from '../../../src/modules/payments/bill-reconcile';
import { refundOrder } from '../../../src/flows/refund-order';
import { beijingDay } from '../../support/fake-bills';
import { testDialects } from '../../helper';
import { newOrder, newUser, startPay, useOrdersApp } from '../orders/support';

describe.each(testDialects())('reconciliation against the gateways’ daily bills ($dialect)', ({ dialect }) => {
  const ctx = useOrdersApp(dialect);
  const db = () => ctx.database.db;
  const deps = () => ({ db: db(), providers: ctx.providers, kv: ctx.app.kv });

  const paidOrder = async (method: TPayMethod, skuId: string, notify = true) => {
    const user = await newUser(ctx.app);
    const order = await newOrder(ctx.app, user.token, { skuId });
    const paymentNo = await startPay(ctx.app, order.id, method, user.token);
    if (notify) {
      const paid = await ctx.fakes.pay(method, paymentNo);
      assert(paid.result === 'delivered', paid.result);
    } else {
      await ctx.fakes.payWithoutNotifying(method, paymentNo);
    }
    return { orderId: order.id, paymentNo };
  };

  it.each(['ZFB', 'WX'] as TPayMethod[])(
    '%s: reports every difference of the day, stores it once, posts the fees and exports CSV',
    async (method) => {
      const day = beijingDay(new Date());
      const matched = await paidOrder(method, 'MEMBER_YEAR'); // 26800, in both
      const refunded = await paidOrder(method, 'MONITOR_10'); // 15800, refunded 5800 by us: in both
      const refund = await refundOrder(deps(), refunded.orderId, { amountFen: 5800, reason: 'partial' });
      expect(refund.state).toBe('SUCCEEDED');
      const lost = await paidOrder(method, 'MONITOR_1', false); // paid at the gateway, never notified: missing on ours
      const absent = await paidOrder(method, 'CHANNEL_YEAR'); // ours, but the gateway's bill leaves it out
      const changed = await paidOrder(method, 'QUALITY_HD_YEAR'); // the bill says another amount
      const consoleRefund = await ctx.fakes.consoleRefund(method, matched.paymentNo, 1000); // made in the merchant console

      const absentAt = ctx.fakes.ledger.findIndex((entry) => entry.method === method && entry.paymentNo === absent.paymentNo);
      ctx.fakes.ledger.splice(absentAt, 1);
      const changedEntry = ctx.fakes.ledger.find(
        (entry) => entry.method === method && entry.paymentNo === changed.paymentNo && entry.kind === 'payment',
      );
      assert(changedEntry, 'no bill entry');
      changedEntry.amountFen = 9900;

      const first = await reconcileBills(deps(), day, new Date(), [method]);
      expect(first.failed).toEqual([]);
      const report = first.reports.find((r) => r.reconciliation.gateway === method);
      assert(report, 'no report');
      expect(report.reconciliation).toMatchObject({ status: 'DIFFERENCES', bill_date: day, difference_count: 4 });
      const differences = report.differences.map((d) => ({
        kind: d.kind,
        direction: d.direction,
        out: d.out_trade_no,
        bill: d.bill_amount_fen,
        ledger: d.ledger_amount_fen,
      }));
      expect(differences).toEqual(
        expect.arrayContaining([
          { kind: 'MISSING_OURS', direction: 'payment', out: lost.paymentNo, bill: 1800, ledger: null },
          { kind: 'MISSING_THEIRS', direction: 'payment', out: absent.paymentNo, bill: null, ledger: 9800 },
          { kind: 'AMOUNT_DIFFERS', direction: 'payment', out: changed.paymentNo, bill: 9900, ledger: 9800 },
          { kind: 'CONSOLE_REFUND', direction: 'refund', out: matched.paymentNo, bill: 1000, ledger: null },
        ]),
      );
      expect(report.differences.find((d) => d.kind === 'CONSOLE_REFUND')?.out_refund_no).toBe(consoleRefund.refundNo);
      // Our refund and the matched payment are in both: no line about them.
      expect(report.differences.some((d) => d.out_refund_no === refund.refund_no || d.out_trade_no === refunded.paymentNo)).toBe(false);

      // The bill's fees are posted to fees:<gateway> against the gateway's balance.
      const bill = await ctx.providers[method].downloadBill({ date: day });
      expect(report.reconciliation.bill_fee_fen).toBe(bill.totals.feeFen);
      expect(bill.totals.feeFen).toBeGreaterThan(0);
      const fees = await db()
        .selectFrom('ledger_lines')
        .select(['account', 'amount_fen'])
        .where('account', '=', `fees:${method}`)
        .execute();
      expect(fees.map((line) => Number(line.amount_fen))).toEqual([bill.totals.feeFen]);

      // Idempotent per gateway and day: a second run keeps the stored report and posts nothing.
      const again = await reconcileBills(deps(), day, new Date(), [method]);
      expect(again.skipped).toContain(method);
      expect((await findBillReports(db(), day)).find((r) => r.reconciliation.gateway === method)?.reconciliation.id).toBe(
        report.reconciliation.id,
      );
      expect(await db().selectFrom('ledger_lines').select('id').where('account', '=', `fees:${method}`).execute()).toHaveLength(1);

      const csv = billReportsCsv(await findBillReports(db(), day));
      expect(csv.split('\r\n')[0]).toBe(
        'gateway,bill_date,status,kind,direction,out_trade_no,out_refund_no,gateway_trade_no,bill_amount_fen,ledger_amount_fen',
      );
      expect(csv).toContain(`${method},${day},DIFFERENCES,MISSING_OURS,payment,${lost.paymentNo},,`);
      expect(csv).toContain(`${method},${day},DIFFERENCES,CONSOLE_REFUND,refund,${matched.paymentNo},${consoleRefund.refundNo},`);
      expect(await auditLedger(db())).toEqual([]);
    },
  );

  it('a day without trades is reported as NO_BILL and redone on the next run', async () => {
    const result = await reconcileBills(deps(), '2020-01-01');
    expect(result.reports.map((r) => [r.reconciliation.gateway, r.reconciliation.status, r.differences.length])).toEqual([
      ['ZFB', 'NO_BILL', 0],
      ['WX', 'NO_BILL', 0],
    ]);
    expect((await reconcileBills(deps(), '2020-01-01')).skipped).toEqual([]);
  });

  it('the daily job takes yesterday’s bills (Beijing day) only from the configured hour', async () => {
    // 01:30 UTC = 09:30 in Beijing: before 10, nothing is downloaded.
    const early = new Date('2020-03-02T01:30:00Z');
    expect(await reconcileYesterdaysBills({ ...deps(), fromHour: 10 }, early)).toEqual({ waiting: '2020-03-01' });
    expect(await findBillReports(db(), '2020-03-01')).toEqual([]);
    const later = new Date('2020-03-02T02:30:00Z');
    expect(await reconcileYesterdaysBills({ ...deps(), fromHour: 10 }, later)).toEqual({
      date: '2020-03-01',
      reconciled: 2,
      differences: 0,
      failed: 0,
    });
    expect((await findBillReports(db(), '2020-03-01')).map((r) => r.reconciliation.status)).toEqual(['NO_BILL', 'NO_BILL']);
  });
});
