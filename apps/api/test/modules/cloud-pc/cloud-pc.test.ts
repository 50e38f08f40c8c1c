import { ErrorCode, type TCloudPcDevice, type TCloudPcPlan, type TOrderInfo, type TPayMethod } from '@llk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromDbDate } from '../../../src/infrastructure/db/dialect';
import { expireMachines } from '../../../src/modules/cloud-pc/cloud-pc.service';
import { refundFirstCloudPcOrder as refundFirstOrder } from '../../../src/flows/refund-order';
import { addMonths } from '../../../src/modules/fulfilment/fulfilment.service';
import { upsertSkus, type SeedSku } from '../../../src/modules/pricing/pricing.repository';
import { testDialects } from '../../helper';
import { messageOf } from '../../messages';
import { body, newOrder, newUser, orderRow, SKUS, startPay, useOrdersApp, type OrdersContext } from '../orders/support';

// Cloud-PC rental on the orders pipeline: renting and renewing are orders paid through the real
// adapters against the fake gateways; the machine appears in the device list in the paid
// transaction; cancel, auto-renew, the 15-minute first-order refund (edges and concurrency),
// expiry, invoice requests and provider sign-ups. SQLite and PostgreSQL.

const CLOUD_SKUS: SeedSku[] = [
  {
    id: 'CLOUD_PC_STANDARD_MONTH',
    item_type: 'CLOUD_PC',
    time_unit: 'MONTH',
    duration: 1,
    quantity: 1,
    quality_tier: null,
    price_fen: 29900,
    original_price_fen: 32900,
    sort_order: 20,
  },
  {
    id: 'CLOUD_PC_STANDARD_YEAR',
    item_type: 'CLOUD_PC',
    time_unit: 'YEAR',
    duration: 1,
    quantity: 1,
    quality_tier: null,
    price_fen: 299000,
    original_price_fen: 394800,
    sort_order: 21,
  },
  {
    id: 'CLOUD_PC_ULTIMATE_MONTH',
    item_type: 'CLOUD_PC',
    time_unit: 'MONTH',
    duration: 1,
    quantity: 1,
    quality_tier: null,
    price_fen: 129900,
    original_price_fen: 139900,
    sort_order: 22,
  },
];

type User = { token: string; id: string };

async function payOrder(ctx: OrdersContext, orderId: string, user: User, method: TPayMethod = 'WX') {
  const paymentNo = await startPay(ctx.app, orderId, method, user.token);
  const outcome = await ctx.fakes.pay(method, paymentNo);
  expect(outcome.result).toBe('delivered');
}

async function devices(ctx: OrdersContext, user: User): Promise<TCloudPcDevice[]> {
  const res = await ctx.app.inject({ url: '/cloudPc/devices', headers: { authorization: user.token } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return body<{ devices: TCloudPcDevice[] }>(res).data.devices;
}

async function rent(
  ctx: OrdersContext,
  user: User,
  skuId = 'CLOUD_PC_STANDARD_MONTH',
): Promise<{ order: { id: string; totalFen: number }; device: TCloudPcDevice }> {
  const order = await newOrder(ctx.app, user.token, { skuId });
  await payOrder(ctx, order.id, user);
  const device = (await devices(ctx, user)).find((d) => d.orderId === order.id);
  if (!device) throw new Error('no device for the paid order');
  return { order, device };
}

function post(ctx: OrdersContext, user: User | null, url: string, payload?: unknown, language = 'en') {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...(user ? { authorization: user.token } : {}), 'accept-language': language },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe.each(testDialects())('cloud PC on $dialect', ({ dialect }) => {
  const ctx = useOrdersApp(dialect);
  beforeAll(async () => {
    // (the catalogue is replaced as a whole: keep the orders tests' SKUs)
    await upsertSkus(ctx.database.db, [...SKUS, ...CLOUD_SKUS]);
  });

  it('lists the plans with server prices; membership add-ons leave cloud PCs out', async () => {
    const res = await ctx.app.inject({ url: '/cloudPc/plans' });
    const plans = body<{ plans: TCloudPcPlan[] }>(res).data.plans;
    expect(plans.map((plan) => plan.planId)).toEqual(['STANDARD', 'ULTIMATE']);
    expect(plans[0]).toMatchObject({
      cores: 14,
      threads: 28,
      offers: [
        { skuId: 'CLOUD_PC_STANDARD_MONTH', timeUnit: 'MONTH', priceFen: 29900 },
        { timeUnit: 'YEAR', priceFen: 299000 },
      ],
    });
    expect(plans[1]).toMatchObject({ cores: 52, threads: 104 });
    const pricing = body<{ addOns: { skuId: string }[] }>(await ctx.app.inject({ url: '/memberPricing/detail/v2' })).data;
    expect(pricing.addOns.map((sku) => sku.skuId).filter((id) => id.startsWith('CLOUD_PC'))).toEqual([]);
  });

  it('a paid rental appears in the device list at once, running for its term, first-order refundable', async () => {
    const user = await newUser(ctx.app);
    const order = await newOrder(ctx.app, user.token, { skuId: 'CLOUD_PC_STANDARD_MONTH' });
    expect(order.totalFen).toBe(29900);
    expect(await devices(ctx, user)).toEqual([]);
    await payOrder(ctx, order.id, user, 'ZFB');
    const [device] = await devices(ctx, user);
    const row = await orderRow(ctx.database, order.id);
    const paidAt = fromDbDate(row.paid_at ?? '');
    expect(device).toMatchObject({
      planId: 'STANDARD',
      cores: 14,
      threads: 28,
      status: 'RUNNING',
      autoRenew: false,
      timeUnit: 'MONTH',
      orderId: order.id,
      pendingRenewalOrderId: null,
    });
    expect(device!.name).toMatch(/^CPC-[0-9A-Z]{6}$/);
    // (the term runs from the paid transaction; the order's paid_at is the gateway's time, in whole seconds)
    expect(Math.abs(Date.parse(device!.expiresAt) - addMonths(paidAt, 1).getTime())).toBeLessThan(2_000);
    expect(device!.refundableUntil).toBe(new Date(paidAt.getTime() + 15 * 60_000).toISOString());
    expect(row.status).toBe('FULFILLED');
  });

  it('renews through a renewal order that extends the machine from its expiry; the open one is reused', async () => {
    const user = await newUser(ctx.app);
    const { device } = await rent(ctx, user);
    const first = await post(ctx, user, `/cloudPc/devices/${device.id}/renew`, {});
    expect(first.statusCode, first.body).toBe(200);
    const renewal = body<{ order: TOrderInfo }>(first).data.order;
    expect(renewal.items[0]).toMatchObject({ itemType: 'CLOUD_PC', skuId: 'CLOUD_PC_STANDARD_MONTH', timeUnit: 'MONTH' });
    expect((await devices(ctx, user))[0]!.pendingRenewalOrderId).toBe(renewal.id);
    const again = body<{ order: TOrderInfo }>(await post(ctx, user, `/cloudPc/devices/${device.id}/renew`, {})).data.order;
    expect(again.id).toBe(renewal.id);

    await payOrder(ctx, renewal.id, user);
    const [renewed] = await devices(ctx, user);
    expect(renewed).toMatchObject({ id: device.id, status: 'RUNNING', pendingRenewalOrderId: null });
    expect(renewed!.expiresAt).toBe(addMonths(new Date(device.expiresAt), 1).toISOString());
    expect(await devices(ctx, user)).toHaveLength(1);

    // A yearly renewal on request.
    const yearly = body<{ order: TOrderInfo }>(await post(ctx, user, `/cloudPc/devices/${device.id}/renew`, { timeUnit: 'YEAR' })).data
      .order;
    expect(yearly.items[0]).toMatchObject({ skuId: 'CLOUD_PC_STANDARD_YEAR', timeUnit: 'YEAR' });
    await payOrder(ctx, yearly.id, user);
    expect((await devices(ctx, user))[0]!.expiresAt).toBe(addMonths(new Date(renewed!.expiresAt), 12).toISOString());
  });

  it('cancelling a machine cancels its open renewal order, which can then not be paid', async () => {
    const user = await newUser(ctx.app);
    const order = await newOrder(ctx.app, user.token, { skuId: 'CLOUD_PC_STANDARD_MONTH' });
    await payOrder(ctx, order.id, user);
    const [device] = await devices(ctx, user);
    const renewal = body<{ order: TOrderInfo }>(await post(ctx, user, `/cloudPc/devices/${device!.id}/renew`, {})).data.order;
    expect((await post(ctx, user, `/cloudPc/devices/${device!.id}/cancel`, undefined)).statusCode).toBe(200);
    expect((await orderRow(ctx.database, renewal.id)).status).toBe('CANCELLED');
    const pay = await ctx.app.inject({
      method: 'POST',
      url: '/pay/payV2',
      headers: { authorization: user.token },
      payload: { orderId: renewal.id, payMethod: 'WX' },
    });
    expect(pay.statusCode).toBeGreaterThanOrEqual(400);
    expect(pay.statusCode).toBeLessThan(500);
    expect(await devices(ctx, user)).toHaveLength(1);
  });

  it('switches auto-renew; cancel releases at once; a released machine cannot be changed; others see nothing', async () => {
    const user = await newUser(ctx.app);
    const stranger = await newUser(ctx.app);
    const { device } = await rent(ctx, user);
    const on = await post(ctx, user, `/cloudPc/devices/${device.id}/autoRenew`, { enabled: true });
    expect(body<{ device: TCloudPcDevice }>(on).data.device.autoRenew).toBe(true);
    expect((await devices(ctx, user))[0]!.autoRenew).toBe(true);
    expect(body(await post(ctx, user, `/cloudPc/devices/${device.id}/autoRenew`, { enabled: 'yes' })).errcode).toBe(
      ErrorCode.VALIDATION_FAILED,
    );

    for (const action of ['cancel', 'refund', 'renew']) {
      const res = await post(ctx, stranger, `/cloudPc/devices/${device.id}/${action}`, action === 'renew' ? {} : undefined, 'ja');
      expect(res.statusCode).toBe(404);
      expect(body(res)).toMatchObject({ errcode: ErrorCode.CLOUD_PC_NOT_FOUND, errmsg: messageOf('ja', 'errors.cloudPcNotFound') });
    }
    expect(await devices(ctx, stranger)).toEqual([]);

    const before = Date.now();
    const cancelled = body<{ device: TCloudPcDevice }>(await post(ctx, user, `/cloudPc/devices/${device.id}/cancel`)).data.device;
    expect(cancelled).toMatchObject({ status: 'RELEASED', autoRenew: false, refundableUntil: null, refundedAt: null });
    expect(Date.parse(cancelled.releasedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    for (const [action, payload] of [
      ['cancel', undefined],
      ['renew', {}],
      ['autoRenew', { enabled: true }],
    ] as const) {
      expect(body(await post(ctx, user, `/cloudPc/devices/${device.id}/${action}`, payload)).errcode).toBe(ErrorCode.CLOUD_PC_RELEASED);
    }
    // No refund for a cancellation: the order stays paid.
    expect((await orderRow(ctx.database, device.orderId)).status).toBe('FULFILLED');
    expect(body(await post(ctx, null, `/cloudPc/devices/${device.id}/cancel`)).errcode).toBe(ErrorCode.UNAUTHORIZED);
  });

  describe('the first-order refund', () => {
    async function paidAtOf(orderId: string): Promise<Date> {
      return fromDbDate((await orderRow(ctx.database, orderId)).paid_at ?? '');
    }

    it('works at 14:59 after payment and releases the machine; later orders of the account cannot be refunded', async () => {
      const user = await newUser(ctx.app);
      const { order, device } = await rent(ctx, user);
      const at = new Date((await paidAtOf(order.id)).getTime() + 14 * 60_000 + 59_000);
      const result = await refundFirstOrder({ db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv }, user.id, device.id, at);
      expect(result.device).toMatchObject({ status: 'RELEASED', refundableUntil: null, refundedAt: at.toISOString() });
      expect(device.refundedAt).toBeNull();
      expect(result.order.status).toBe('REFUNDED');
      expect(result.order.refundedFen).toBe(order.totalFen);
      // a refunded order has no invoice
      const invoice = await post(ctx, user, '/cloudPc/invoice', {
        orderId: order.id,
        kind: 'NORMAL',
        title: 'ACME',
        email: 'finance@example.com',
      });
      expect(body(invoice).errcode).toBe(ErrorCode.INVOICE_ORDER_INVALID);

      // Second order of this account: not refundable, even at once.
      const second = await rent(ctx, user);
      expect(second.device.refundableUntil).toBeNull();
      const res = await post(ctx, user, `/cloudPc/devices/${second.device.id}/refund`);
      expect(res.statusCode).toBe(409);
      expect(body(res).errcode).toBe(ErrorCode.CLOUD_PC_REFUND_NOT_ALLOWED);
      expect((await orderRow(ctx.database, second.order.id)).status).toBe('FULFILLED');
    });

    it('is refused at 15:01 after payment; the machine keeps running', async () => {
      const user = await newUser(ctx.app);
      const { order, device } = await rent(ctx, user);
      const at = new Date((await paidAtOf(order.id)).getTime() + 15 * 60_000 + 1_000);
      await expect(
        refundFirstOrder({ db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv }, user.id, device.id, at),
      ).rejects.toMatchObject({ codeName: 'CLOUD_PC_REFUND_WINDOW_OVER' });
      expect((await devices(ctx, user))[0]!.status).toBe('RUNNING');
      expect((await orderRow(ctx.database, order.id)).status).toBe('FULFILLED');
    });

    it('ten concurrent requests refund exactly once: one refund row, one gateway refund, one release', async () => {
      const user = await newUser(ctx.app);
      const { order, device } = await rent(ctx, user);
      const gatewayRefunds = () => ctx.fakes.requests.filter((request) => request.operation === 'refund').length;
      const before = gatewayRefunds();
      const results = await Promise.all(Array.from({ length: 10 }, () => post(ctx, user, `/cloudPc/devices/${device.id}/refund`)));
      const codes = results.map((res) => body(res).errcode);
      expect(codes.filter((code) => code === 0)).toHaveLength(1);
      for (const code of codes.filter((c) => c !== 0))
        expect([ErrorCode.CLOUD_PC_REFUND_NOT_ALLOWED, ErrorCode.CLOUD_PC_RELEASED]).toContain(code);
      expect(results.every((res) => res.statusCode < 500)).toBe(true);
      const refunds = await ctx.database.db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).execute();
      expect(refunds).toHaveLength(1);
      expect(gatewayRefunds() - before).toBe(1);
      expect((await orderRow(ctx.database, order.id)).status).toBe('REFUNDED');
      expect((await devices(ctx, user))[0]).toMatchObject({ status: 'RELEASED' });
    });
  });

  it('releases machines past their term as EXPIRED', async () => {
    const user = await newUser(ctx.app);
    const { device } = await rent(ctx, user);
    expect(await expireMachines(ctx.database.db, new Date(Date.parse(device.expiresAt) - 1000), user.id)).toBe(0);
    expect(await expireMachines(ctx.database.db, new Date(Date.parse(device.expiresAt) + 1000), user.id)).toBe(1);
    const row = await ctx.database.db.selectFrom('cloud_pcs').selectAll().where('id', '=', device.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('EXPIRED');
  });

  it('records one invoice request per paid cloud-PC order of the caller', async () => {
    const user = await newUser(ctx.app);
    const stranger = await newUser(ctx.app);
    const { order } = await rent(ctx, user);
    const request = { orderId: order.id, kind: 'NORMAL', title: '上海某某科技有限公司', email: 'Finance@Example.com' };
    const res = await post(ctx, user, '/cloudPc/invoice', request);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toMatchObject({
      orderId: order.id,
      kind: 'NORMAL',
      title: '上海某某科技有限公司',
      amountFen: 29900,
      status: 'REQUESTED',
    });
    expect(body(await post(ctx, user, '/cloudPc/invoice', request)).errcode).toBe(ErrorCode.INVOICE_ALREADY_REQUESTED);
    const listed = body<{ invoices: { orderId: string }[] }>(
      await ctx.app.inject({ url: '/cloudPc/invoice', headers: { authorization: user.token } }),
    ).data.invoices;
    expect(listed.map((invoice) => invoice.orderId)).toEqual([order.id]);

    expect(body(await post(ctx, stranger, '/cloudPc/invoice', request)).errcode).toBe(ErrorCode.INVOICE_ORDER_INVALID);
    const membership = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_MONTH' });
    await payOrder(ctx, membership.id, user);
    expect(body(await post(ctx, user, '/cloudPc/invoice', { ...request, orderId: membership.id })).errcode).toBe(
      ErrorCode.INVOICE_ORDER_INVALID,
    );
    const unpaid = await newOrder(ctx.app, user.token, { skuId: 'CLOUD_PC_STANDARD_MONTH' });
    expect(body(await post(ctx, user, '/cloudPc/invoice', { ...request, orderId: unpaid.id })).errcode).toBe(
      ErrorCode.INVOICE_ORDER_INVALID,
    );
    const special = await post(ctx, user, '/cloudPc/invoice', { ...request, orderId: unpaid.id, kind: 'SPECIAL' }, 'fr');
    expect(body(special)).toMatchObject({
      errcode: ErrorCode.INVOICE_TAX_ID_REQUIRED,
      errmsg: messageOf('fr', 'errors.invoiceTaxIdRequired'),
    });
  });

  it('stores a provider sign-up and answers a reference; bad input gets envelope errors, never a 500', async () => {
    const valid = {
      company: '杭州算力科技',
      contactName: '王伟',
      phone: '+86 138 0013 8000',
      region: '浙江杭州',
      hardware: 'AMD EPYC 9654 ×2, 48 台',
      machineCount: 48,
    };
    const res = await post(ctx, null, '/cloudPc/provider', valid);
    expect(res.statusCode, res.body).toBe(200);
    const { reference } = body<{ reference: string }>(res).data;
    expect(reference).toMatch(/^CP-[0-9A-Z]{10}$/);
    const stored = await ctx.database.db
      .selectFrom('cloud_pc_provider_applications')
      .selectAll()
      .where('company', '=', '杭州算力科技')
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ contact_name: '王伟', machine_count: 48, email: null });

    const bad: unknown[] = [
      {},
      { ...valid, phone: undefined },
      { ...valid, machineCount: 0 },
      { ...valid, machineCount: '48' },
      { ...valid, company: 'x'.repeat(5000) },
      { ...valid, email: 'not an email' },
      { ...valid, phone: '1; DROP TABLE users; --' },
      { ...valid, extra: true },
      [],
    ];
    for (const payload of bad) {
      const answer = await post(ctx, null, '/cloudPc/provider', payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(body(answer).errcode).toBe(ErrorCode.VALIDATION_FAILED);
    }
  });

  it('takes 5 provider sign-ups per client IP in an hour and refuses the 6th', async () => {
    const apply = (n: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/cloudPc/provider',
        remoteAddress: '192.0.2.77',
        payload: {
          company: `限流测试 ${n}`,
          contactName: '李娜',
          email: `ops${n}@example.com`,
          region: '上海',
          hardware: 'Xeon',
          machineCount: 2,
        },
      });
    const answers = [];
    for (let n = 1; n <= 6; n++) answers.push(body(await apply(n)).errcode);
    expect(answers).toEqual([0, 0, 0, 0, 0, ErrorCode.RATE_LIMITED]);
  });
});
