import { ErrorCode, type TOrderInfo, type TOrderInvoice, type TOrderInvoices, type TOrderList, type TOrderReceipt } from '@llk/contracts';
import { assert, describe, expect, it } from 'vitest';
import { newId, toDbDate } from '../../../src/infrastructure/db/dialect';
import { closeInvoiceRequest } from '../../../src/modules/orders/orders.repository';
import { closeOrphanedPayments, refundDoublePayments } from '../../../src/flows/order-sweep';
import { testDialects } from '../../helper';
import { acceptLanguageOf, messageOf } from '../../messages';
import { body, newOrder, newUser, orderRow, startPay, useOrdersApp, userRow } from './support';

// The account area's order routes: GET /order/list, POST /order/cancel,
// GET /order/receipt/{id}, POST /order/invoice, GET /order/invoice/{id}; through the real
// adapters and the fake gateways where money moves.

describe.each(testDialects())('account orders on $dialect', ({ dialect }) => {
  const ctx = useOrdersApp(dialect);
  const odb = () => ctx.database.db;
  const get = (url: string, token: string, lang = 'en') =>
    ctx.app.inject({ url, headers: { authorization: token, 'accept-language': lang } });
  const post = (url: string, token: string, payload: unknown, lang = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { authorization: token, 'accept-language': lang },
      payload: payload as Record<string, unknown>,
    });
  const payments = (orderId: string) => odb().selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

  async function paidOrder(skuId = 'MONITOR_1', method: 'ZFB' | 'WX' = 'WX') {
    const user = await newUser(ctx.app);
    const order = await newOrder(ctx.app, user.token, { skuId });
    const paymentNo = await startPay(ctx.app, order.id, method, user.token);
    expect((await ctx.fakes.pay(method, paymentNo)).result).toBe('delivered');
    expect((await orderRow(ctx.database, order.id)).status).toBe('FULFILLED');
    return { user, order, paymentNo };
  }

  describe('GET /order/list', () => {
    it("lists only the caller's orders, newest first, paged, with item, amount, method, state and time", async () => {
      const { user, order: paid } = await paidOrder('MONITOR_1', 'WX');
      const second = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR' });
      await startPay(ctx.app, second.id, 'ZFB', user.token);
      const third = await newOrder(ctx.app, user.token, { skuId: 'CHANNEL_YEAR' });
      const other = await newUser(ctx.app);
      await newOrder(ctx.app, other.token, { skuId: 'MEMBER_MONTH' });

      const res = await get('/order/list?page=1&pageSize=2', user.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const first = body<TOrderList>(res).data;
      expect({ total: first.total, page: first.page, pageSize: first.pageSize }).toEqual({ total: 3, page: 1, pageSize: 2 });
      expect(first.list.map((o) => o.id)).toEqual([third.id, second.id]);
      expect(first.list[0]).toMatchObject({
        status: 'CREATED',
        totalFen: 9800,
        payMethod: null,
        paidAt: null,
        items: [{ skuId: 'CHANNEL_YEAR', quantity: 1, amountFen: 9800 }],
      });
      // never paid: the method of the latest attempt
      expect(first.list[1]).toMatchObject({ status: 'PENDING_PAYMENT', totalFen: 26800, payMethod: 'ZFB' });

      const page2 = body<TOrderList>(await get('/order/list?page=2&pageSize=2', user.token)).data;
      expect(page2.list.map((o) => o.id)).toEqual([paid.id]);
      expect(page2.list[0]).toMatchObject({
        status: 'FULFILLED',
        totalFen: 1800,
        payMethod: 'WX',
        refundedFen: 0,
        paidAt: expect.any(String) as string,
      });

      const defaults = body<TOrderList>(await get('/order/list', other.token)).data;
      expect({ total: defaults.total, page: defaults.page, pageSize: defaults.pageSize, n: defaults.list.length }).toEqual({
        total: 1,
        page: 1,
        pageSize: 10,
        n: 1,
      });
      expect(body<TOrderList>(await get('/order/list?page=9', other.token)).data.list).toEqual([]);
    });

    it("needs a session and refuses bad paging in the caller's language", async () => {
      const anonymous = await ctx.app.inject({ url: '/order/list' });
      expect(anonymous.statusCode).toBe(401);
      const user = await newUser(ctx.app);
      for (const query of ['page=0', 'page=abc', 'pageSize=51', 'pageSize=0', 'page=1.5', 'page=100001']) {
        const res = await get(`/order/list?${query}`, user.token, acceptLanguageOf.ja);
        const field = query.split('=')[0] ?? '';
        expect({ query, status: res.statusCode, errcode: body(res).errcode, errmsg: body(res).errmsg }).toEqual({
          query,
          status: 400,
          errcode: ErrorCode.VALIDATION_FAILED,
          errmsg: `${field}: ${messageOf('ja', 'validation.invalidValue')}`,
        });
      }
    });
  });

  describe('POST /order/cancel', () => {
    it('cancels an unpaid order of the owner; it can no longer be paid', async () => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR' });
      const res = await post('/order/cancel', user.token, { orderId: order.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(body<TOrderInfo>(res).data).toMatchObject({ id: order.id, status: 'CANCELLED' });
      expect((await orderRow(ctx.database, order.id)).closed_at).not.toBeNull();
      const pay = await post('/pay/payV2', user.token, { orderId: order.id, payMethod: 'WX' });
      expect({ status: pay.statusCode, errcode: body(pay).errcode }).toEqual({ status: 409, errcode: ErrorCode.ORDER_NOT_PAYABLE });
      const again = await post('/order/cancel', user.token, { orderId: order.id }, acceptLanguageOf['zh-CN']);
      expect({ status: again.statusCode, errcode: body(again).errcode, errmsg: body(again).errmsg }).toEqual({
        status: 409,
        errcode: ErrorCode.ORDER_ALREADY_CANCELLED,
        errmsg: messageOf('zh-CN', 'errors.orderAlreadyCancelled'),
      });
    });

    it("refuses paid and expired orders, and someone else's as not found", async () => {
      const { user, order } = await paidOrder();
      const paid = await post('/order/cancel', user.token, { orderId: order.id }, acceptLanguageOf.fr);
      expect({ status: paid.statusCode, errcode: body(paid).errcode, errmsg: body(paid).errmsg }).toEqual({
        status: 409,
        errcode: ErrorCode.ORDER_NOT_CANCELLABLE,
        errmsg: messageOf('fr', 'errors.orderNotCancellable'),
      });
      const expired = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      await odb().updateTable('orders').set({ status: 'EXPIRED' }).where('id', '=', expired.id).execute();
      expect(body(await post('/order/cancel', user.token, { orderId: expired.id })).errcode).toBe(ErrorCode.ORDER_NOT_CANCELLABLE);

      const mine = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      const stranger = await newUser(ctx.app);
      const res = await post('/order/cancel', stranger.token, { orderId: mine.id }, acceptLanguageOf.ko);
      expect({ status: res.statusCode, errcode: body(res).errcode, errmsg: body(res).errmsg }).toEqual({
        status: 404,
        errcode: ErrorCode.ORDER_NOT_FOUND,
        errmsg: messageOf('ko', 'errors.orderNotFound'),
      });
      expect((await orderRow(ctx.database, mine.id)).status).toBe('CREATED');
    });

    it('refuses bad input with a clear error, never a 500', async () => {
      const user = await newUser(ctx.app);
      for (const payload of [
        {},
        { orderId: '' },
        { orderId: 'a-b' },
        { orderId: 'x'.repeat(65) },
        { orderId: 12 },
        { orderId: 'A', extra: 1 },
      ]) {
        const res = await post('/order/cancel', user.token, payload, acceptLanguageOf.es);
        expect({ payload, status: res.statusCode, errcode: body(res).errcode }).toEqual({
          payload,
          status: 400,
          errcode: ErrorCode.VALIDATION_FAILED,
        });
        // the message names the field, in the caller's language
        expect(body(res).errmsg).toMatch(/^(orderId|extra)?:? ?\S/);
        expect(body(res).errmsg).not.toMatch(/[A-Z][a-z]+ [a-z]+ is/);
      }
      const missing = await post('/order/cancel', user.token, {}, acceptLanguageOf.es);
      expect(body(missing).errmsg).toBe(`orderId: ${messageOf('es', 'validation.required')}`);
      expect(body(await post('/order/cancel', user.token, { orderId: 'NOSUCHORDER' })).errcode).toBe(ErrorCode.ORDER_NOT_FOUND);
      expect((await ctx.app.inject({ method: 'POST', url: '/order/cancel', payload: { orderId: 'A' } })).statusCode).toBe(401);
    });

    it('20 parallel cancellations of one unpaid order cancel it once', async () => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_MONTH' });
      const answers = await Promise.all(Array.from({ length: 20 }, () => post('/order/cancel', user.token, { orderId: order.id })));
      const codes = answers.map((res) => body(res).errcode).sort((a, b) => a - b);
      expect(codes).toEqual([0, ...Array.from({ length: 19 }, () => ErrorCode.ORDER_ALREADY_CANCELLED)]);
      for (const res of answers) expect(res.statusCode).toBeLessThan(500);
      expect((await orderRow(ctx.database, order.id)).status).toBe('CANCELLED');
    });

    it('money that arrives for a cancelled order is recorded, flagged and refunded like late money; nothing is granted', async () => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      const paidNo = await startPay(ctx.app, order.id, 'WX', user.token);
      const openNo = await startPay(ctx.app, order.id, 'ZFB', user.token);
      expect(body(await post('/order/cancel', user.token, { orderId: order.id })).errcode).toBe(0);
      // the payer still had the WeChat code open and paid it: the gateway notifies us
      const delivery = await ctx.fakes.pay('WX', paidNo);
      assert(delivery.result === 'delivered', delivery.result);
      expect(delivery.delivery.status).toBe(204);
      expect((await orderRow(ctx.database, order.id)).status).toBe('CANCELLED');
      expect((await userRow(ctx.database, user.id)).monitor_count).toBe(0);
      expect((await payments(order.id)).find((p) => p.payment_no === paidNo)).toMatchObject({ state: 'PAID', needs_refund: 1 });
      const outcome = await odb().selectFrom('payment_notifications').select('outcome').where('dedupe_key', '=', `WX:${paidNo}`).execute();
      expect(outcome).toEqual([{ outcome: 'DOUBLE_PAYMENT' }]);

      const deps = { db: odb(), providers: ctx.providers, kv: ctx.app.kv, completeAfterMs: 7 * 86_400_000 };
      await refundDoublePayments(deps);
      expect((await payments(order.id)).find((p) => p.payment_no === paidNo)).toMatchObject({ state: 'PAID', needs_refund: 0 });
      expect((await ctx.fakes.charge('WX', paidNo))?.refundedFen).toBe(1800);
      // the other open attempt is closed at its gateway by the sweep a minute later
      expect(await closeOrphanedPayments(deps, new Date(Date.now() + 2 * 60_000))).toBeGreaterThanOrEqual(1);
      expect((await payments(order.id)).find((p) => p.payment_no === openNo)?.state).toBe('CLOSED');
      expect((await ctx.fakes.charge('ZFB', openNo))?.state).toBe('CLOSED');
      // the order shows as cancelled; no receipt, no invoice
      expect(body(await get(`/order/receipt/${order.id}`, user.token)).errcode).toBe(ErrorCode.RECEIPT_NOT_AVAILABLE);
    });
  });

  describe('GET /order/receipt/{id}', () => {
    it("gives a paid order's receipt data to its owner only", async () => {
      const { user, order, paymentNo } = await paidOrder('MONITOR_10', 'ZFB');
      const res = await get(`/order/receipt/${order.id}`, user.token);
      expect(res.statusCode, res.body).toBe(200);
      const receipt = body<TOrderReceipt>(res).data;
      expect(receipt).toMatchObject({
        orderId: order.id,
        status: 'FULFILLED',
        account: user.username,
        currency: 'CNY',
        totalFen: 15800,
        originalTotalFen: 18000,
        discountFen: 2200,
        refundedFen: 0,
        payMethod: 'ZFB',
        paymentNo,
        items: [{ skuId: 'MONITOR_10', itemType: 'MONITOR', units: 10, amountFen: 15800 }],
      });
      expect(receipt.gatewayTradeNo).toEqual(expect.any(String));
      expect(Number.isNaN(Date.parse(receipt.paidAt))).toBe(false);

      const stranger = await newUser(ctx.app);
      const other = await get(`/order/receipt/${order.id}`, stranger.token, acceptLanguageOf['zh-tw']);
      expect({ status: other.statusCode, errcode: body(other).errcode, errmsg: body(other).errmsg }).toEqual({
        status: 404,
        errcode: ErrorCode.ORDER_NOT_FOUND,
        errmsg: messageOf('zh-tw', 'errors.orderNotFound'),
      });
    });

    it('has no receipt for an unpaid order, and refuses bad ids', async () => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      const res = await get(`/order/receipt/${order.id}`, user.token, acceptLanguageOf.ja);
      expect({ status: res.statusCode, errcode: body(res).errcode, errmsg: body(res).errmsg }).toEqual({
        status: 409,
        errcode: ErrorCode.RECEIPT_NOT_AVAILABLE,
        errmsg: messageOf('ja', 'errors.receiptNotAvailable'),
      });
      expect((await get('/order/receipt/a-b', user.token)).statusCode).toBe(400);
      expect((await get(`/order/receipt/${'x'.repeat(65)}`, user.token)).statusCode).toBe(400);
      expect((await ctx.app.inject({ url: `/order/receipt/${order.id}` })).statusCode).toBe(401);
    });
  });

  describe('POST /order/invoice', () => {
    const request = { title: '上海示例科技有限公司', taxId: '91310000MA1FL0AB2C', email: 'Finance@Example.com' };

    it('stores a request for a paid order with its state, shows it, and allows one open request per order', async () => {
      const { user, order } = await paidOrder('CHANNEL_YEAR', 'WX');
      const res = await post('/order/invoice', user.token, { orderId: order.id, ...request });
      expect(res.statusCode, res.body).toBe(200);
      const invoice = body<TOrderInvoice>(res).data;
      expect(invoice).toMatchObject({
        orderId: order.id,
        state: 'REQUESTED',
        title: request.title,
        taxId: '91310000MA1FL0AB2C',
        email: 'finance@example.com',
        amountFen: 9800,
      });

      const again = await post(
        '/order/invoice',
        user.token,
        { orderId: order.id, title: 'Someone', email: 'a@example.com' },
        acceptLanguageOf.es,
      );
      expect({ status: again.statusCode, errcode: body(again).errcode, errmsg: body(again).errmsg }).toEqual({
        status: 409,
        errcode: ErrorCode.ORDER_INVOICE_OPEN,
        errmsg: messageOf('es', 'errors.orderInvoiceOpen'),
      });
      const shown = body<TOrderInvoices>(await get(`/order/invoice/${order.id}`, user.token)).data.invoices;
      expect(shown.map((i) => [i.id, i.state])).toEqual([[invoice.id, 'REQUESTED']]);

      // turned down by the seller: a new request may be sent, and both are shown, newest first
      expect(await closeInvoiceRequest(odb(), invoice.id, { state: 'REJECTED', reason: 'test' }, toDbDate(new Date()))).toBe(true);
      const personal = await post('/order/invoice', user.token, {
        orderId: order.id,
        title: '张三',
        taxId: '',
        email: 'zhang@example.com',
      });
      expect(body<TOrderInvoice>(personal).data).toMatchObject({ state: 'REQUESTED', taxId: null });
      expect(body<TOrderInvoices>(await get(`/order/invoice/${order.id}`, user.token)).data.invoices.map((i) => i.state)).toEqual([
        'REQUESTED',
        'REJECTED',
      ]);

      const stranger = await newUser(ctx.app);
      expect(body(await get(`/order/invoice/${order.id}`, stranger.token)).errcode).toBe(ErrorCode.ORDER_NOT_FOUND);
      expect(body(await post('/order/invoice', stranger.token, { orderId: order.id, ...request })).errcode).toBe(ErrorCode.ORDER_NOT_FOUND);
    });

    it('20 parallel requests for one order store one', async () => {
      const { user, order } = await paidOrder('MONITOR_1', 'ZFB');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post('/order/invoice', user.token, { orderId: order.id, ...request })),
      );
      expect(answers.map((res) => body(res).errcode).sort((a, b) => a - b)).toEqual([
        0,
        ...Array.from({ length: 19 }, () => ErrorCode.ORDER_INVOICE_OPEN),
      ]);
      expect(await odb().selectFrom('invoice_requests').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
    });

    it('refuses unpaid, cancelled and refunded orders', async () => {
      const user = await newUser(ctx.app);
      const unpaid = await newOrder(ctx.app, user.token, { skuId: 'MONITOR_1' });
      const res = await post('/order/invoice', user.token, { orderId: unpaid.id, ...request }, acceptLanguageOf.ko);
      expect({ status: res.statusCode, errcode: body(res).errcode, errmsg: body(res).errmsg }).toEqual({
        status: 409,
        errcode: ErrorCode.ORDER_INVOICE_NOT_ALLOWED,
        errmsg: messageOf('ko', 'errors.orderInvoiceNotAllowed'),
      });
      await post('/order/cancel', user.token, { orderId: unpaid.id });
      expect(body(await post('/order/invoice', user.token, { orderId: unpaid.id, ...request })).errcode).toBe(
        ErrorCode.ORDER_INVOICE_NOT_ALLOWED,
      );
      const { user: payer, order } = await paidOrder();
      await odb().updateTable('orders').set({ status: 'REFUNDED', refunded_fen: 1800 }).where('id', '=', order.id).execute();
      expect(body(await post('/order/invoice', payer.token, { orderId: order.id, ...request })).errcode).toBe(
        ErrorCode.ORDER_INVOICE_NOT_ALLOWED,
      );
      // a refunded order still has its receipt, which shows the refund
      expect(body<TOrderReceipt>(await get(`/order/receipt/${order.id}`, payer.token)).data).toMatchObject({
        status: 'REFUNDED',
        refundedFen: 1800,
      });
    });

    it('validates the fields with clear errors naming them', async () => {
      const { user, order } = await paidOrder();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...request, title: '' }, 'title'],
        [{ ...request, title: '   ' }, 'title'],
        [{ ...request, title: 'x'.repeat(101) }, 'title'],
        [{ ...request, taxId: '123' }, 'taxId'],
        [{ ...request, taxId: '91310000MA1FL0AB2C!' }, 'taxId'],
        [{ ...request, email: 'not-an-email' }, 'email'],
        [{ title: request.title }, 'email'],
        [{ ...request, email: 5 }, 'email'],
      ];
      for (const [payload, field] of cases) {
        const res = await post('/order/invoice', user.token, { orderId: order.id, ...payload }, acceptLanguageOf.fr);
        const answer = body<{ fields?: Record<string, unknown> }>(res);
        expect({ field, status: res.statusCode, errcode: answer.errcode }).toEqual({
          field,
          status: 400,
          errcode: ErrorCode.VALIDATION_FAILED,
        });
        // the message names the field and the rule, in the caller's language
        expect(answer.errmsg.startsWith(`${field}: `), answer.errmsg).toBe(true);
        expect(JSON.stringify(answer.data), field).toContain(field);
      }
      expect(await odb().selectFrom('invoice_requests').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
      expect(body(await post('/order/invoice', user.token, { orderId: 'NOPE', ...request })).errcode).toBe(ErrorCode.ORDER_NOT_FOUND);
    });
  });

  it('keeps a closed request closed (the back office closes each once)', async () => {
    const { user, order } = await paidOrder();
    const invoice = body<TOrderInvoice>(
      await post('/order/invoice', user.token, { orderId: order.id, title: 'ACME', email: 'a@example.com' }),
    ).data;
    expect(await closeInvoiceRequest(odb(), invoice.id, { state: 'ISSUED', invoiceNo: 'INV-1' }, toDbDate(new Date()))).toBe(true);
    expect(await closeInvoiceRequest(odb(), invoice.id, { state: 'REJECTED', reason: 'test' }, toDbDate(new Date()))).toBe(false);
    expect(await closeInvoiceRequest(odb(), newId(), { state: 'ISSUED', invoiceNo: 'INV-2' }, toDbDate(new Date()))).toBe(false);
    expect(body<TOrderInvoices>(await get(`/order/invoice/${order.id}`, user.token)).data.invoices.map((i) => i.state)).toEqual(['ISSUED']);
    // an issued invoice holds the order: it is invoiced once
    expect(body(await post('/order/invoice', user.token, { orderId: order.id, title: 'ACME', email: 'a@example.com' })).errcode).toBe(
      ErrorCode.ORDER_INVOICE_OPEN,
    );
  });
});
