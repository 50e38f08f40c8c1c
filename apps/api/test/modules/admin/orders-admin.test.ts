import {
  ErrorCode,
  type TAdminGatewayQueryResult,
  type TAdminInvoice,
  type TAdminInvoicesPage,
  type TAdminOrderDetail,
  type TAdminOrdersPage,
  type TAdminRefund,
} from '@llk/contracts';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/infrastructure/db/dialect';
import { upsertSkus } from '../../../src/modules/pricing/pricing.repository';
import { type TestContext, testConfig, testDialects, useTestApp } from '../../helper';
import { kvCases } from '../../accounts';
import { testRedisUrl } from '../../databases';
import { body, newOrder, newUser, orderRow, SKUS, startPay, userRow } from '../orders/support';
import { auditOf, newStaff, sandboxPaidOrder, sandboxPayWithoutNotifying, type Staff } from './support';

// The back office's orders (ADR 0019): search with keyset pages, an order's page, refunds
// through payments' refundOrder and the built-in sandbox gateway (SUPPORT capped, exactly once
// under concurrent clicks, membership taken back), "query the gateway now", invoice requests.
// The limit is set to 20000 fen here so that MEMBER_YEAR (26800) is over it.

const LIMIT = 20_000;

describe('ADMIN_SUPPORT_REFUND_LIMIT_FEN', () => {
  it('defaults to 30000 fen (ADR 0019) and refuses a negative or fractional value', () => {
    expect(testConfig().admin.supportRefundLimitFen).toBe(30000);
    expect(testConfig({ ADMIN_SUPPORT_REFUND_LIMIT_FEN: '5000' }).admin.supportRefundLimitFen).toBe(5000);
    expect(() => testConfig({ ADMIN_SUPPORT_REFUND_LIMIT_FEN: '-1' })).toThrow(/ADMIN_SUPPORT_REFUND_LIMIT_FEN/);
    expect(() => testConfig({ ADMIN_SUPPORT_REFUND_LIMIT_FEN: '1.5' })).toThrow(/ADMIN_SUPPORT_REFUND_LIMIT_FEN/);
  });
});
const key = () => randomBytes(12).toString('base64url');

describe.each(testDialects())('back office: orders and refunds on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect, { env: { ADMIN_SUPPORT_REFUND_LIMIT_FEN: String(LIMIT) } });
  const db = () => ctx.database.db;
  beforeAll(async () => {
    await upsertSkus(ctx.database.db, SKUS);
  });
  const get = (url: string, staff: Staff) => ctx.app.inject({ url, cookies: staff.cookies, headers: { 'accept-language': 'en' } });
  const post = (url: string, staff: Staff, payload?: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url,
      cookies: staff.cookies,
      headers: { 'accept-language': 'en', origin: ctx.app.config.webOrigin },
      ...(payload ? { payload } : {}),
    });
  const refunds = (orderId: string) => db().selectFrom('refunds').selectAll().where('order_id', '=', orderId).execute();

  it('searches by order number, user, state, item type and date range, in keyset pages', async () => {
    const finance = await newStaff(db(), 'FINANCE');
    const { user, order: paid } = await sandboxPaidOrder(ctx.app, 'MONITOR_1');
    const open = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_MONTH' });
    const third = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_10' });
    const search = async (query: string) => {
      const res = await get(`/admin/orders?${query}`, finance);
      expect(res.statusCode, res.body).toBe(200);
      return body<TAdminOrdersPage>(res).data;
    };
    expect((await search(`q=${paid.id}`)).items.map((item) => item.id)).toEqual([paid.id]);
    expect((await search(`userId=${user.id}`)).items.map((item) => item.id)).toEqual([third.id, open.id, paid.id]);
    expect((await search(`userId=${user.id}&status=FULFILLED`)).items.map((item) => item.id)).toEqual([paid.id]);
    expect((await search(`userId=${user.id}&itemType=MONITOR`)).items.map((item) => item.id)).toEqual([third.id, paid.id]);
    expect((await search(`userId=${user.id}&itemType=QUALITY`)).items).toEqual([]);
    const created = (await orderRow(ctx.database, open.id)).created_at;
    expect((await search(`userId=${user.id}&from=${encodeURIComponent(created)}`)).items.map((item) => item.id)).toEqual([
      third.id,
      open.id,
    ]);
    expect((await search(`userId=${user.id}&to=${encodeURIComponent(created)}`)).items.map((item) => item.id)).toEqual([paid.id]);
    expect((await search(`userId=${user.id}&from=2000-01-01T00:00:00.000Z&to=2000-01-02T00:00:00.000Z`)).items).toEqual([]);

    const first = await search(`userId=${user.id}&limit=2`);
    expect(first.items.map((item) => item.id)).toEqual([third.id, open.id]);
    expect(first.items[0]).toMatchObject({ userId: user.id, status: 'CREATED', totalFen: 15800, refundedFen: 0 });
    // the customer by name, which is what staff read in the list
    const { username } = await db().selectFrom('users').select('username').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(username).toBeTruthy();
    expect(first.items.map((item) => item.username)).toEqual([username, username]);
    const second = await search(`userId=${user.id}&limit=2&before=${encodeURIComponent(first.next!)}`);
    expect(second).toEqual({
      items: [expect.objectContaining({ id: paid.id, status: 'FULFILLED', totalFen: 1800, payMethod: 'ZFB' })],
      next: null,
    });

    for (const bad of ['status=PAIDX', 'itemType=X', 'from=yesterday', 'q=a-b', 'before=x_y', 'limit=abc', 'sort=id']) {
      const res = await get(`/admin/orders?${bad}`, finance);
      expect({ bad, status: res.statusCode, errcode: body(res).errcode }).toEqual({
        bad,
        status: 400,
        errcode: ErrorCode.VALIDATION_FAILED,
      });
    }
  });

  it("shows an order's items, payment attempts, notifications received and refunds; an unknown order is a 404 envelope", async () => {
    const support = await newStaff(db(), 'SUPPORT');
    const { user, order, paymentNo } = await sandboxPaidOrder(ctx.app, 'MEMBER_YEAR', 'WX');
    const res = await get(`/admin/orders/${order.id}`, support);
    expect(res.statusCode, res.body).toBe(200);
    const detail = body<TAdminOrderDetail>(res).data;
    expect(detail.order).toMatchObject({ id: order.id, status: 'FULFILLED', totalFen: 26800, payMethod: 'WX' });
    expect(detail.user).toEqual({ id: user.id, username: user.username });
    expect(detail.items).toEqual([
      expect.objectContaining({ itemType: 'MEMBER', skuId: 'MEMBER_YEAR', quantity: 1, asSeats: false, amountFen: 26800 }),
    ]);
    expect(detail.payments).toEqual([expect.objectContaining({ paymentNo, method: 'WX', state: 'PAID', amountFen: 26800 })]);
    expect(detail.notifications).toEqual([expect.objectContaining({ method: 'WX', paymentNo, amountFen: 26800, success: true })]);
    expect(detail.refunds).toEqual([]);
    const missing = await get(`/admin/orders/${newId()}`, support);
    expect({ status: missing.statusCode, errcode: body(missing).errcode }).toEqual({ status: 404, errcode: ErrorCode.ORDER_NOT_FOUND });
  });

  it('refuses a SUPPORT refund over the limit with a 403 envelope and no change; a partial refund within it goes through and is audited', async () => {
    const support = await newStaff(db(), 'SUPPORT');
    const { user, order } = await sandboxPaidOrder(ctx.app, 'MEMBER_YEAR');
    const expiresBefore = (await userRow(ctx.database, user.id)).member_expires_at;
    for (const payload of [{ reason: 'customer asked' }, { amountFen: LIMIT + 1, reason: 'customer asked' }]) {
      const over = await post(`/admin/orders/${order.id}/refund`, support, { ...payload, requestKey: key() });
      expect({ status: over.statusCode, errcode: body(over).errcode, errmsg: body(over).errmsg }).toEqual({
        status: 403,
        errcode: ErrorCode.ADMIN_REFUND_OVER_LIMIT,
        errmsg: 'This refund is over your limit of CN¥200; ask Finance or an owner.',
      });
    }
    // the limit in the caller's form of the renminbi (formatFen): CN¥ in English, ¥ in mainland Chinese
    const chinese = await ctx.app.inject({
      method: 'POST',
      url: `/admin/orders/${order.id}/refund`,
      cookies: support.cookies,
      headers: { 'accept-language': 'zh-CN', origin: ctx.app.config.webOrigin },
      payload: { reason: 'customer asked', requestKey: key() },
    });
    expect({ status: chinese.statusCode, errmsg: body(chinese).errmsg }).toEqual({
      status: 403,
      errmsg: '该退款超出您的额度 ¥200，请联系财务或所有者处理。',
    });
    expect((await orderRow(ctx.database, order.id)).status).toBe('FULFILLED');
    expect(await refunds(order.id)).toEqual([]);
    expect(await auditOf(db(), order.id)).toEqual([]);
    expect((await userRow(ctx.database, user.id)).member_expires_at).toBe(expiresBefore);

    // exactly the limit is within it
    const partial = await post(`/admin/orders/${order.id}/refund`, support, {
      amountFen: LIMIT,
      reason: 'late activation',
      requestKey: key(),
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(body<TAdminRefund>(partial).data).toMatchObject({ amountFen: LIMIT, state: 'SUCCEEDED', reason: 'late activation' });
    const row = await orderRow(ctx.database, order.id);
    expect({ status: row.status, refunded: Number(row.refunded_fen) }).toEqual({ status: 'FULFILLED', refunded: LIMIT });
    const audit = await auditOf(db(), order.id);
    expect(audit.map((entry) => entry.action)).toEqual(['order.refund']);
    expect(audit[0]).toMatchObject({ staff_id: support.id, target_type: 'order', reason: 'late activation' });
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ status: 'FULFILLED', refundedFen: 0, totalFen: 26800 });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ status: 'REFUNDING', refundAmountFen: LIMIT, full: false });
  });

  it('a full refund by FINANCE through the sandbox takes the membership back', async () => {
    const finance = await newStaff(db(), 'FINANCE');
    const { user, order } = await sandboxPaidOrder(ctx.app, 'MEMBER_YEAR');
    const granted = (await userRow(ctx.database, user.id)).member_expires_at!;
    expect(Date.parse(granted)).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    const res = await post(`/admin/orders/${order.id}/refund`, finance, { reason: 'double purchase', requestKey: key() });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<TAdminRefund>(res).data).toMatchObject({ amountFen: 26800, state: 'SUCCEEDED' });
    expect((await orderRow(ctx.database, order.id)).status).toBe('REFUNDED');
    const after = await userRow(ctx.database, user.id);
    expect(after.member_expires_at === null || Date.parse(after.member_expires_at) <= Date.now()).toBe(true);
    const page = body<TAdminOrderDetail>(await get(`/admin/orders/${order.id}`, finance)).data;
    expect(page.refunds).toEqual([expect.objectContaining({ amountFen: 26800, state: 'SUCCEEDED', reason: 'double purchase' })]);
    const again = await post(`/admin/orders/${order.id}/refund`, finance, { reason: 'again', requestKey: key() });
    expect({ status: again.statusCode, errcode: body(again).errcode }).toEqual({ status: 409, errcode: ErrorCode.REFUND_NOT_ALLOWED });
  });

  it('refunds exactly once under 20 concurrent clicks: of one dialog (one key, partial) and of many (full)', () =>
    expectRefundsExactlyOnce(ctx));

  it('answers bad refund input with envelopes and changes nothing', async () => {
    const finance = await newStaff(db(), 'FINANCE');
    const { order } = await sandboxPaidOrder(ctx.app, 'MONITOR_1');
    const cases: [Record<string, unknown>, number, number][] = [
      [{ reason: 'x' }, 400, ErrorCode.VALIDATION_FAILED],
      [{ reason: '', requestKey: key() }, 400, ErrorCode.VALIDATION_FAILED],
      [{ amountFen: 0, reason: 'x', requestKey: key() }, 400, ErrorCode.VALIDATION_FAILED],
      [{ amountFen: 10.5, reason: 'x', requestKey: key() }, 400, ErrorCode.VALIDATION_FAILED],
      [{ amountFen: -1, reason: 'x', requestKey: key() }, 400, ErrorCode.VALIDATION_FAILED],
      [{ reason: 'x', requestKey: 'short' }, 400, ErrorCode.VALIDATION_FAILED],
      [{ amountFen: 1801, reason: 'x', requestKey: key() }, 409, ErrorCode.REFUND_NOT_ALLOWED],
    ];
    for (const [payload, status, errcode] of cases) {
      const res = await post(`/admin/orders/${order.id}/refund`, finance, payload);
      expect({ payload, status: res.statusCode, errcode: body(res).errcode }).toEqual({ payload, status, errcode });
    }
    const unknown = await post(`/admin/orders/${newId()}/refund`, finance, { reason: 'x', requestKey: key() });
    expect({ status: unknown.statusCode, errcode: body(unknown).errcode }).toEqual({ status: 404, errcode: ErrorCode.ORDER_NOT_FOUND });
    const unpaid = await newOrder(ctx.app, (await newUser(ctx.app)).token, { skuId: 'MONITOR_1' });
    const notPaid = await post(`/admin/orders/${unpaid.id}/refund`, finance, { reason: 'x', requestKey: key() });
    expect({ status: notPaid.statusCode, errcode: body(notPaid).errcode }).toEqual({ status: 409, errcode: ErrorCode.REFUND_NOT_ALLOWED });
    expect(await refunds(order.id)).toEqual([]);
    expect((await orderRow(ctx.database, order.id)).status).toBe('FULFILLED');
  });

  it('asks the gateway now: a payment whose notification was lost is applied once; an order without an open payment is refused', async () => {
    const support = await newStaff(db(), 'SUPPORT');
    const user = await newUser(ctx.app);
    const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
    const paymentNo = await startPay(ctx.app, order.id, 'ZFB', user.token);
    const waiting = await post(`/admin/orders/${order.id}/query`, support);
    expect(body<TAdminGatewayQueryResult>(waiting).data).toEqual({ asked: 1, applied: 0, status: 'PENDING_PAYMENT' });

    await sandboxPayWithoutNotifying(ctx.app, 'ZFB', paymentNo);
    const found = await post(`/admin/orders/${order.id}/query`, support);
    expect(found.statusCode, found.body).toBe(200);
    expect(body<TAdminGatewayQueryResult>(found).data).toEqual({ asked: 1, applied: 1, status: 'FULFILLED' });
    expect((await userRow(ctx.database, user.id)).monitor_count).toBeGreaterThanOrEqual(1);

    const none = await post(`/admin/orders/${order.id}/query`, support);
    expect({ status: none.statusCode, errcode: body(none).errcode }).toEqual({ status: 409, errcode: ErrorCode.ADMIN_NO_OPEN_PAYMENT });
    const audit = await auditOf(db(), order.id);
    expect(audit.map((entry) => entry.action)).toEqual(['order.queryGateway', 'order.queryGateway']);
    expect(JSON.parse(audit[1]!.before_json!)).toEqual({ status: 'PENDING_PAYMENT' });
    expect(JSON.parse(audit[1]!.after_json!)).toEqual({ status: 'FULFILLED', asked: 1, applied: 1 });

    // the order's page lists both questions and the answers, newest first, with who asked
    const detail = body<TAdminOrderDetail>(await get(`/admin/orders/${order.id}`, support)).data;
    const username = (await db().selectFrom('staff').select('username').where('id', '=', support.id).executeTakeFirstOrThrow()).username;
    expect(
      detail.gatewayQueries.map(({ source, staffUsername, state, amountFen, paymentNo: no, error }) => ({
        source,
        staffUsername,
        state,
        amountFen,
        no,
        error,
      })),
    ).toEqual([
      { source: 'STAFF', staffUsername: username, state: 'PAID', amountFen: 1800, no: paymentNo, error: null },
      { source: 'STAFF', staffUsername: username, state: 'PENDING', amountFen: 1800, no: paymentNo, error: null },
    ]);
  });

  it('lists invoice requests by state, issues one with its number and rejects another with a reason, audited', async () => {
    const finance = await newStaff(db(), 'FINANCE');
    const request = { title: '上海示例科技有限公司', taxId: '91310000MA1FL0AB2C', email: 'finance@example.com' };
    const invoices: TAdminInvoice[] = [];
    for (let i = 0; i < 2; i++) {
      const { user, order } = await sandboxPaidOrder(ctx.app, 'MONITOR_1');
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/order/invoice',
        headers: { authorization: user.token },
        payload: { orderId: order.id, ...request },
      });
      expect(res.statusCode, res.body).toBe(200);
      invoices.push(body<TAdminInvoice>(res).data);
    }
    const [a, b] = invoices as [TAdminInvoice, TAdminInvoice];
    const requested = body<TAdminInvoicesPage>(await get('/admin/invoices?state=REQUESTED&limit=1', finance)).data;
    expect(requested.items.map((item) => item.id)).toEqual([b.id]);
    const rest = body<TAdminInvoicesPage>(await get(`/admin/invoices?state=REQUESTED&before=${requested.next}`, finance)).data;
    expect(rest.items.map((item) => item.id)).toContain(a.id);

    const issued = await post(`/admin/invoices/${a.id}/issue`, finance, { invoiceNo: 'INV-2026-0001' });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(body<TAdminInvoice>(issued).data).toMatchObject({ state: 'ISSUED', invoiceNo: 'INV-2026-0001', rejectReason: null });
    const twice = await post(`/admin/invoices/${a.id}/reject`, finance, { reason: 'changed mind' });
    expect({ status: twice.statusCode, errcode: body(twice).errcode }).toEqual({ status: 409, errcode: ErrorCode.ADMIN_INVOICE_NOT_OPEN });
    const rejected = await post(`/admin/invoices/${b.id}/reject`, finance, { reason: 'tax id does not match the title' });
    expect(body<TAdminInvoice>(rejected).data).toMatchObject({
      state: 'REJECTED',
      rejectReason: 'tax id does not match the title',
      invoiceNo: null,
    });
    const noReason = await post(`/admin/invoices/${b.id}/reject`, finance, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const unknown = await post(`/admin/invoices/${newId()}/issue`, finance, { invoiceNo: 'X' });
    expect({ status: unknown.statusCode, errcode: body(unknown).errcode }).toEqual({
      status: 404,
      errcode: ErrorCode.ADMIN_INVOICE_NOT_FOUND,
    });
    expect(body<TAdminInvoicesPage>(await get('/admin/invoices?state=ISSUED', finance)).data.items.map((item) => item.id)).toContain(a.id);

    expect((await auditOf(db(), a.id)).map((entry) => [entry.action, JSON.parse(entry.after_json!)])).toEqual([
      ['invoice.issue', { state: 'ISSUED', invoiceNo: 'INV-2026-0001' }],
    ]);
    expect((await auditOf(db(), b.id)).map((entry) => [entry.action, entry.reason])).toEqual([
      ['invoice.reject', 'tax id does not match the title'],
    ]);
  });
});

/**
 * 20 clicks at once: of one refund dialog (one request key, a partial refund) and of twenty
 * (twenty keys, full refunds). The key's claim lives in the key-value store (Redis in production).
 */
async function expectRefundsExactlyOnce(ctx: TestContext): Promise<void> {
  const db = () => ctx.database.db;
  const post = (url: string, staff: Staff, payload?: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url,
      cookies: staff.cookies,
      headers: { 'accept-language': 'en', origin: ctx.app.config.webOrigin },
      ...(payload ? { payload } : {}),
    });
  const refunds = (orderId: string) => db().selectFrom('refunds').selectAll().where('order_id', '=', orderId).execute();

  const owner = await newStaff(db(), 'OWNER');
  const { order: one } = await sandboxPaidOrder(ctx.app, 'MONITOR_10');
  const requestKey = key();
  const clicks = await Promise.all(
    Array.from({ length: 20 }, () => post(`/admin/orders/${one.id}/refund`, owner, { amountFen: 500, reason: 'goodwill', requestKey })),
  );
  expect((await refunds(one.id)).map((refund) => Number(refund.amount_fen))).toEqual([500]);
  expect(Number((await orderRow(ctx.database, one.id)).refunded_fen)).toBe(500);
  expect(clicks.filter((res) => res.statusCode >= 500)).toEqual([]);
  const refundId = (await refunds(one.id))[0]!.id;
  for (const res of clicks) {
    if (res.statusCode === 200) expect(body<TAdminRefund>(res).data.id).toBe(refundId);
    else expect({ status: res.statusCode, errcode: body(res).errcode }).toEqual({ status: 409, errcode: ErrorCode.ADMIN_REQUEST_REPEATED });
  }
  expect((await auditOf(db(), one.id)).length).toBe(1);
  // the same key later answers the same refund and refunds nothing more
  const later = await post(`/admin/orders/${one.id}/refund`, owner, { amountFen: 500, reason: 'goodwill', requestKey });
  expect(body<TAdminRefund>(later).data.id).toBe(refundId);
  expect(await refunds(one.id)).toHaveLength(1);

  const { order: many } = await sandboxPaidOrder(ctx.app, 'MONITOR_10');
  const fulls = await Promise.all(
    Array.from({ length: 20 }, () => post(`/admin/orders/${many.id}/refund`, owner, { reason: 'cancelled', requestKey: key() })),
  );
  expect(fulls.filter((res) => res.statusCode === 200)).toHaveLength(1);
  expect(fulls.filter((res) => res.statusCode !== 200).map((res) => body(res).errcode)).toEqual(
    Array(19).fill(ErrorCode.REFUND_NOT_ALLOWED),
  );
  expect((await refunds(many.id)).map((refund) => Number(refund.amount_fen))).toEqual([15800]);
  expect((await orderRow(ctx.database, many.id)).status).toBe('REFUNDED');
  expect((await auditOf(db(), many.id)).length).toBe(1);
}

describe.runIf(testRedisUrl()).each(testDialects())(
  'back office: refunds exactly once with the key-value store in Redis ($dialect)',
  ({ dialect }) => {
    // collected (not run) without TEST_REDIS_URL: then there is no Redis case
    const redis = kvCases().find((kv) => kv.kind === 'redis');
    const ctx = useTestApp(dialect, { deps: redis ? { kv: redis.create() } : {} });
    beforeAll(async () => {
      await upsertSkus(ctx.database.db, SKUS);
    });
    it('refunds exactly once under 20 concurrent clicks: of one dialog (one key, partial) and of many (full)', () =>
      expectRefundsExactlyOnce(ctx));
  },
);
