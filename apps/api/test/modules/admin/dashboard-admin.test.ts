import { ErrorCode, type TAdminDashboard } from '@llk/contracts';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { toDbDate } from '../../../src/infrastructure/db/dialect';
import { shanghaiDay } from '../../../src/modules/ledger';
import { upsertSkus } from '../../../src/modules/pricing/pricing.repository';
import { testDialects, useTestApp } from '../../helper';
import { body, SKUS } from '../orders/support';
import { newStaff, sandboxPaidOrder } from './support';

// The dashboard (dashboard.read, every role): per day of UTC+8, revenue and refunds from the
// ledger (reports.read only), paid orders and sign-ups, what was bought per item type, the share of the range's
// sign-ups who paid, and devices seen lately; ranges checked. SQLite and PostgreSQL.

describe.each(testDialects())('the back-office dashboard ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const db = () => ctx.database.db;
  beforeAll(async () => {
    await upsertSkus(ctx.database.db, SKUS);
  });
  const get = async (query: string, role: 'CONTENT' | 'FINANCE' | 'OPS' = 'FINANCE') => {
    const staff = await newStaff(db(), role);
    return ctx.app.inject({ url: `/admin/dashboard${query}`, cookies: staff.cookies, headers: { 'accept-language': 'en' } });
  };

  it("counts today's sign-ups, paid orders, revenue, a refund, sales per item type, first payers and active devices", async () => {
    // the day (UTC+8) may turn while the test runs: what it does falls on `first` or `last`
    const first = shanghaiDay(new Date());
    const year = await sandboxPaidOrder(ctx.app, 'MEMBER_YEAR');
    const walls = await sandboxPaidOrder(ctx.app, 'MONITOR_1', 'WX');
    const finance = await newStaff(db(), 'FINANCE');
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/admin/orders/${walls.order.id}/refund`,
      cookies: finance.cookies,
      headers: { origin: ctx.app.config.webOrigin },
      payload: { reason: 'changed their mind', requestKey: randomBytes(12).toString('hex') },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    // a third customer who has not paid, and a device seen an hour ago
    const now = Date.now();
    await db()
      .insertInto('devices')
      .values({
        id: 'dash-device',
        user_id: year.user.id,
        device_key: 'k1',
        name: 'Desk',
        client_type: 'WIN',
        chip_type: null,
        os_version: null,
        app_version: null,
        group_id: null,
        policy: 'ALL',
        last_ip: null,
        last_country: null,
        last_seen_at: toDbDate(now - 3_600_000),
        created_at: toDbDate(now),
        updated_at: toDbDate(now),
      })
      .execute();

    const last = shanghaiDay(new Date());
    const res = await get('');
    expect(res.statusCode, res.body).toBe(200);
    const dashboard = body<TAdminDashboard>(res).data;
    // the range ends on the day of the request
    expect([last, shanghaiDay(new Date())]).toContain(dashboard.to);
    expect(dashboard.days).toHaveLength(30);
    const busy = dashboard.days.filter((day) => day.revenueFen !== 0 || day.refundsFen !== 0 || day.paidOrders !== 0 || day.signups !== 0);
    expect(busy.every((day) => day.day >= first && day.day <= last)).toBe(true);
    const sum = (pick: (day: TAdminDashboard['days'][number]) => number | null) => busy.reduce((total, day) => total + (pick(day) ?? 0), 0);
    expect({
      revenueFen: sum((day) => day.revenueFen),
      refundsFen: sum((day) => day.refundsFen),
      paidOrders: sum((day) => day.paidOrders),
      signups: sum((day) => day.signups),
    }).toEqual({
      revenueFen: year.order.totalFen + walls.order.totalFen,
      refundsFen: walls.order.totalFen,
      paidOrders: 2,
      signups: 2,
    });
    // one day with data, or two when the day turned in between
    expect(busy.length).toBeLessThanOrEqual(new Set([first, last]).size);
    expect(dashboard.totals).toEqual({
      revenueFen: year.order.totalFen + walls.order.totalFen,
      refundsFen: walls.order.totalFen,
      paidOrders: 2,
      signups: 2,
      firstPayers: 2,
    });
    expect(dashboard.byItemType).toEqual([
      { itemType: 'MEMBER', amountFen: year.order.totalFen, items: 1 },
      { itemType: 'MONITOR', amountFen: walls.order.totalFen, items: 1 },
    ]);
    expect(dashboard.activeDevices).toEqual({ day: 1, month: 1 });

    // a range before any of it: zeros
    const earlier = body<TAdminDashboard>(await get('?from=2026-01-01&to=2026-01-03')).data;
    expect(earlier.days.map((day) => [day.day, day.revenueFen, day.paidOrders, day.signups])).toEqual([
      ['2026-01-01', 0, 0, 0],
      ['2026-01-02', 0, 0, 0],
      ['2026-01-03', 0, 0, 0],
    ]);
    expect(earlier.totals.firstPayers).toBe(0);

    // every role may read the dashboard; only reports.read (OWNER, FINANCE) sees its amounts
    for (const role of ['CONTENT', 'OPS'] as const) {
      const counts = body<TAdminDashboard>(await get(`?from=${dashboard.from}&to=${dashboard.to}`, role)).data;
      expect(counts.totals).toEqual({ revenueFen: null, refundsFen: null, paidOrders: 2, signups: 2, firstPayers: 2 });
      expect(counts.days.every((day) => day.revenueFen === null && day.refundsFen === null)).toBe(true);
      expect(counts.byItemType).toEqual([
        { itemType: 'MEMBER', amountFen: null, items: 1 },
        { itemType: 'MONITOR', amountFen: null, items: 1 },
      ]);
    }
  });

  it('refuses a range that is reversed, too long or not a calendar day, naming the field', async () => {
    for (const [query, field] of [
      ['?from=2026-03-02&to=2026-03-01', 'to'],
      ['?from=2024-01-01&to=2026-01-01', 'from'],
      ['?from=2026-02-30', 'from'],
      ['?to=20260101', 'to'],
    ] as const) {
      const res = await get(query);
      expect({ query, status: res.statusCode, errcode: body(res).errcode }).toEqual({
        query,
        status: 400,
        errcode: ErrorCode.VALIDATION_FAILED,
      });
      expect(res.body).toContain(field);
    }
  });
});
