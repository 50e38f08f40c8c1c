import { ErrorCode, type TAdminLedgerReport } from '@llk/contracts';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId, toDbDate } from '../../../src/infrastructure/db/dialect';
import { postFees, shanghaiDay } from '../../../src/modules/ledger';
import { upsertSkus } from '../../../src/modules/pricing/pricing.repository';
import { testDialects, useTestApp } from '../../helper';
import { body, SKUS } from '../orders/support';
import { newStaff, sandboxPaidOrder } from './support';

// The finance report (reports.read: OWNER and FINANCE): the ledger per day of UTC+8 — revenue,
// refunds, per gateway money in and out, fees and the day's bill reconciliation — as JSON and
// as CSV. SQLite and PostgreSQL.

describe.each(testDialects())('the back-office finance report ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const db = () => ctx.database.db;
  beforeAll(async () => {
    await upsertSkus(ctx.database.db, SKUS);
  });
  const get = async (url: string, role: 'FINANCE' | 'OWNER' | 'SUPPORT' | 'CONTENT' | 'OPS' = 'FINANCE') => {
    const staff = await newStaff(db(), role);
    return ctx.app.inject({ url, cookies: staff.cookies, headers: { 'accept-language': 'en' } });
  };

  it('sums the ledger per day: revenue, a refund, each gateway in and out, fees and the bill state; the CSV says the same', async () => {
    const first = shanghaiDay(new Date());
    const year = await sandboxPaidOrder(ctx.app, 'MEMBER_YEAR'); // 26800 by Alipay
    const walls = await sandboxPaidOrder(ctx.app, 'MONITOR_1', 'WX'); // 1800 by WeChat Pay, refunded
    const finance = await newStaff(db(), 'FINANCE');
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/admin/orders/${walls.order.id}/refund`,
      cookies: finance.cookies,
      headers: { origin: ctx.app.config.webOrigin },
      payload: { reason: 'changed their mind', requestKey: randomBytes(12).toString('hex') },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const last = shanghaiDay(new Date());
    // the day's Alipay bill: 161 fen of fees, reconciled clean
    await db()
      .transaction()
      .execute((trx) => postFees(trx, { reconciliationKey: `ZFB:${last}`, method: 'ZFB', feeFen: 161, at: new Date() }));
    await db()
      .insertInto('bill_reconciliations')
      .values({
        id: newId(),
        gateway: 'ZFB',
        bill_date: last,
        status: 'MATCHED',
        bill_payment_fen: 26800,
        bill_refund_fen: 0,
        bill_fee_fen: 161,
        ledger_payment_fen: 26800,
        ledger_refund_fen: 0,
        difference_count: 0,
        created_at: toDbDate(new Date()),
      })
      .execute();

    const res = await get(`/admin/reports/ledger?from=${first}&to=${last}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = body<TAdminLedgerReport>(res).data;
    expect(report.days.map((day) => day.day)).toEqual([...new Set([first, last])]);
    expect(report.totals).toEqual({
      revenueFen: 28600,
      refundsFen: 1800,
      netRevenueFen: 26800,
      doublePaymentsFen: 0,
      unmatchedFen: 0,
      commissionPaidFen: 0,
      gateways: [
        {
          gateway: 'ZFB',
          receivedFen: 26800,
          paidOutFen: 0,
          feesFen: 161,
          netFen: 26639,
          bill: first === last ? 'MATCHED' : null,
          billDifferences: 0,
        },
        { gateway: 'WX', receivedFen: 1800, paidOutFen: 1800, feesFen: 0, netFen: 0, bill: null, billDifferences: 0 },
        { gateway: 'CARD', receivedFen: 0, paidOutFen: 0, feesFen: 0, netFen: 0, bill: null, billDifferences: 0 },
      ],
    });
    expect(year.order.totalFen + walls.order.totalFen).toBe(28600);

    const csv = await get(`/admin/reports/ledger/export?from=${last}&to=${last}`, 'OWNER');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="ledger-${last}-${last}.csv"`);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'day,revenue_fen,refunds_fen,net_revenue_fen,double_payments_fen,unmatched_fen,commission_paid_fen,zfb_received_fen,zfb_paid_out_fen,zfb_fees_fen,zfb_net_fen,zfb_bill,zfb_bill_differences,wx_received_fen,wx_paid_out_fen,wx_fees_fen,wx_net_fen,wx_bill,wx_bill_differences,card_received_fen,card_paid_out_fen,card_fees_fen,card_net_fen,card_bill,card_bill_differences',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]!.split(',').slice(0, 1).concat(lines[2]!.split(',').slice(7, 13))).toEqual([
      'total',
      expect.any(String),
      '0',
      '161',
      expect.any(String),
      'MATCHED',
      '0',
    ]);

    // a range before any of it: every day there, all zeros, no bill run
    const earlier = body<TAdminLedgerReport>(await get('/admin/reports/ledger?from=2026-01-01&to=2026-01-02')).data;
    expect(earlier.days.map((day) => [day.day, day.revenueFen, day.gateways[0]!.bill])).toEqual([
      ['2026-01-01', 0, null],
      ['2026-01-02', 0, null],
    ]);
  });

  it('is for OWNER and FINANCE only, and refuses a bad range naming the field', async () => {
    for (const role of ['SUPPORT', 'CONTENT', 'OPS'] as const) {
      const res = await get('/admin/reports/ledger', role);
      expect({ role, status: res.statusCode, errcode: body(res).errcode }).toEqual({ role, status: 403, errcode: ErrorCode.FORBIDDEN });
    }
    for (const [query, field] of [
      ['?from=2026-03-02&to=2026-03-01', 'to'],
      ['?from=2026-02-30', 'from'],
    ] as const) {
      const res = await get(`/admin/reports/ledger/export${query}`);
      expect({ query, status: res.statusCode, errcode: body(res).errcode }).toEqual({
        query,
        status: 400,
        errcode: ErrorCode.VALIDATION_FAILED,
      });
      expect(res.body).toContain(field);
    }
  });
});
