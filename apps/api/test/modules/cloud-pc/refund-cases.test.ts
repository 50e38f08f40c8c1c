import { ErrorCode, type TCloudPcDevice, type TOrderInfo, type TPayMethod } from '@llk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimFirstOrderRefund } from '../../../src/modules/cloud-pc/cloud-pc.repository';
import { expireMachines } from '../../../src/modules/cloud-pc/cloud-pc.service';
import { refundFirstCloudPcOrder as refundFirstOrder, refundOrder } from '../../../src/flows/refund-order';
import { refundUndeliveredOrders } from '../../../src/flows/order-sweep';
import { upsertSkus, type SeedSku } from '../../../src/modules/pricing/pricing.repository';
import { testDialects } from '../../helper';
import { body, newOrder, newUser, orderRow, SKUS, startPay, useOrdersApp, userRow, type OrdersContext } from '../orders/support';

// Cloud-PC refunds that return everything and leave nothing stranded (refusals and timeouts:
// refund-states.test.ts), and taking back exactly the refunded span of a grant
// (docs/adr/0015-cloud-pc-refunds.md). Real adapters against the fake gateways; SQLite and
// PostgreSQL.

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
];

type User = { token: string; id: string };

async function payOrder(ctx: OrdersContext, orderId: string, user: User, method: TPayMethod = 'WX') {
  const paymentNo = await startPay(ctx.app, orderId, method, user.token);
  expect((await ctx.fakes.pay(method, paymentNo)).result).toBe('delivered');
}

async function devices(ctx: OrdersContext, user: User): Promise<TCloudPcDevice[]> {
  const res = await ctx.app.inject({ url: '/cloudPc/devices', headers: { authorization: user.token } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ devices: TCloudPcDevice[] }>(res).data.devices;
}

function post(ctx: OrdersContext, user: User, url: string, payload?: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { authorization: user.token, 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function rent(ctx: OrdersContext, user: User): Promise<TCloudPcDevice> {
  const order = await newOrder(ctx.app, user.token, { skuId: 'CLOUD_PC_STANDARD_MONTH' });
  await payOrder(ctx, order.id, user);
  const device = (await devices(ctx, user)).find((d) => d.orderId === order.id);
  if (!device) throw new Error('no device for the paid order');
  return device;
}

async function renewalOrder(ctx: OrdersContext, user: User, deviceId: string, timeUnit?: 'MONTH' | 'YEAR'): Promise<TOrderInfo> {
  const res = await post(ctx, user, `/cloudPc/devices/${deviceId}/renew`, timeUnit ? { timeUnit } : {});
  expect(res.statusCode, res.body).toBe(200);
  return body<{ order: TOrderInfo }>(res).data.order;
}

describe.each(testDialects())('cloud-PC refund cases on $dialect', ({ dialect }) => {
  const ctx = useOrdersApp(dialect);
  beforeAll(async () => {
    await upsertSkus(ctx.database.db, [...SKUS, ...CLOUD_SKUS]);
  });
  const refundsOf = (orderId: string) => ctx.database.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).execute();
  const machine = (id: string) => ctx.database.db.selectFrom('cloud_pcs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const gatewayRefunds = () => ctx.fakes.requests.filter((request) => request.operation === 'refund').length;

  it('case 3: the first-order refund after a paid renewal refunds the rental and the renewal; the open renewal order is cancelled', async () => {
    const user = await newUser(ctx.app);
    const device = await rent(ctx, user);
    const renewal = await renewalOrder(ctx, user, device.id);
    await payOrder(ctx, renewal.id, user);
    const open = await renewalOrder(ctx, user, device.id, 'YEAR');
    expect(open.totalFen).toBe(299000);

    // Before confirming, the page is told exactly what is paid back, order by order.
    const [listed] = await devices(ctx, user);
    expect(listed!.refundItems).toEqual([
      { orderId: device.orderId, kind: 'RENTAL', amountFen: 29900 },
      { orderId: renewal.id, kind: 'RENEWAL', amountFen: 29900 },
    ]);

    const res = await post(ctx, user, `/cloudPc/devices/${device.id}/refund`);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ device: TCloudPcDevice }>(res).data.device).toMatchObject({ status: 'RELEASED', refundItems: [] });
    for (const orderId of [device.orderId, renewal.id]) {
      const order = await orderRow(ctx.database, orderId);
      expect(order).toMatchObject({ status: 'REFUNDED', refunded_fen: 29900 });
      expect((await refundsOf(orderId)).map((refund) => refund.state)).toEqual(['SUCCEEDED']);
    }
    expect((await orderRow(ctx.database, open.id)).status).toBe('CANCELLED');
    // a late payment of the cancelled renewal cannot be started
    const pay = await ctx.app.inject({
      method: 'POST',
      url: '/pay/payV2',
      headers: { authorization: user.token },
      payload: { orderId: open.id, payMethod: 'WX' },
    });
    expect(body(pay).errcode).not.toBe(0);
    expect(await devices(ctx, user)).toHaveLength(1);
  });

  it('case 3: the same refund 20 times at once refunds each order once', async () => {
    const user = await newUser(ctx.app);
    const device = await rent(ctx, user);
    const renewal = await renewalOrder(ctx, user, device.id);
    await payOrder(ctx, renewal.id, user);
    const before = gatewayRefunds();
    const results = await Promise.all(Array.from({ length: 20 }, () => post(ctx, user, `/cloudPc/devices/${device.id}/refund`)));
    const codes = results.map((res) => body(res).errcode);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    for (const code of codes.filter((c) => c !== 0))
      expect([ErrorCode.CLOUD_PC_REFUND_NOT_ALLOWED, ErrorCode.CLOUD_PC_RELEASED]).toContain(code);
    expect(results.every((res) => res.statusCode < 500)).toBe(true);
    expect(await refundsOf(device.orderId)).toHaveLength(1);
    expect(await refundsOf(renewal.id)).toHaveLength(1);
    expect(gatewayRefunds() - before).toBe(2);
    expect((await orderRow(ctx.database, renewal.id)).status).toBe('REFUNDED');
  });

  it('case 3: a claim younger than a minute belongs to its call; an older one is finished by the next call', async () => {
    const user = await newUser(ctx.app);
    const device = await rent(ctx, user);
    const renewal = await renewalOrder(ctx, user, device.id);
    await payOrder(ctx, renewal.id, user);
    const deps = { db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv };
    // The first call claims and refunds the rental, and has not reached the renewal yet.
    const claimedAt = new Date();
    await refundOrder(deps, device.orderId, { reason: 'test' }, claimedAt, {
      claim: async (trx) => {
        expect(await claimFirstOrderRefund(trx, device.id, claimedAt.toISOString())).toBe(true);
      },
    });
    expect((await orderRow(ctx.database, renewal.id)).status).not.toBe('REFUNDED');
    // A second call within the minute does not race it for the renewal.
    await expect(refundFirstOrder(deps, user.id, device.id, new Date(claimedAt.getTime() + 59_000))).rejects.toMatchObject({
      codeName: 'CLOUD_PC_REFUND_NOT_ALLOWED',
    });
    expect(await refundsOf(renewal.id)).toEqual([]);
    // After it (the first call died between the orders), the next call pays the renewal back.
    const result = await refundFirstOrder(deps, user.id, device.id, new Date(claimedAt.getTime() + 60_000));
    expect(result.device.status).toBe('RELEASED');
    expect((await orderRow(ctx.database, renewal.id)).status).toBe('REFUNDED');
    expect((await refundsOf(renewal.id)).map((refund) => refund.state)).toEqual(['SUCCEEDED']);
  });

  it('case 4: the claim commits with the refund row or not at all', async () => {
    const user = await newUser(ctx.app);
    const device = await rent(ctx, user);
    const deps = { db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv };
    // A failure after the claim, before the refund row (a crash, a lost connection) takes the claim with it.
    await expect(
      refundOrder(deps, device.orderId, { reason: 'test' }, new Date(), {
        claim: async (trx) => {
          expect(await claimFirstOrderRefund(trx, device.id, new Date().toISOString())).toBe(true);
          throw new Error('crash between claim and refund row');
        },
      }),
    ).rejects.toThrow('crash between claim and refund row');
    expect(await machine(device.id)).toMatchObject({ status: 'RUNNING', refund_claimed_at: null });
    expect((await orderRow(ctx.database, device.orderId)).status).toBe('FULFILLED');
    expect(await refundsOf(device.orderId)).toEqual([]);
    // …so the refund can still be asked for, and goes through.
    const res = await post(ctx, user, `/cloudPc/devices/${device.id}/refund`);
    expect(body(res).errcode).toBe(0);
    expect((await orderRow(ctx.database, device.orderId)).status).toBe('REFUNDED');
  });

  it('case 5: a renewal paid after its machine expired creates no machine and is refunded', async () => {
    const user = await newUser(ctx.app);
    const device = await rent(ctx, user);
    const renewal = await renewalOrder(ctx, user, device.id);
    const paymentNo = await startPay(ctx.app, renewal.id, 'WX', user.token);
    // The expiry sweep releases the machine before the renewal's money arrives.
    expect(await expireMachines(ctx.database.db, new Date(Date.parse(device.expiresAt) + 1000), user.id)).toBe(1);
    expect((await ctx.fakes.pay('WX', paymentNo)).result).toBe('delivered');

    const rows = await ctx.database.db.selectFrom('cloud_pcs').selectAll().where('user_id', '=', user.id).execute();
    expect(rows.map((row) => [row.id, row.status, row.expires_at])).toEqual([[device.id, 'EXPIRED', device.expiresAt]]);
    const renewalRow = await ctx.database.db
      .selectFrom('cloud_pc_renewals')
      .selectAll()
      .where('order_id', '=', renewal.id)
      .executeTakeFirstOrThrow();
    expect(renewalRow.undeliverable_at).not.toBeNull();

    // The payments sweep refunds what could not be delivered, once.
    const deps = { db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv, completeAfterMs: 0 };
    expect(await refundUndeliveredOrders(deps)).toBeGreaterThanOrEqual(1);
    expect(await orderRow(ctx.database, renewal.id)).toMatchObject({ status: 'REFUNDED', refunded_fen: 29900 });
    await refundUndeliveredOrders(deps);
    expect((await refundsOf(renewal.id)).map((refund) => refund.state)).toEqual(['SUCCEEDED']);
    expect((await machine(device.id)).status).toBe('EXPIRED');
  });

  it('case 5: a renewal fulfilled while the machine is being released waits for the row lock and is not applied to a released machine', async () => {
    const user = await newUser(ctx.app);
    const device = await rent(ctx, user);
    const renewal = await renewalOrder(ctx, user, device.id);
    const paymentNo = await startPay(ctx.app, renewal.id, 'WX', user.token);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let expiring!: () => void;
    const expired = new Promise<void>((resolve) => (expiring = resolve));
    // The expiry holds the machine's row in an open transaction while the payment is applied.
    const sweep = ctx.database.db.transaction().execute(async (trx) => {
      expect(await expireMachines(trx, new Date(Date.parse(device.expiresAt) + 1000), user.id)).toBe(1);
      expiring();
      await gate;
    });
    await expired;
    const paying = ctx.fakes.pay('WX', paymentNo);
    release();
    await sweep;
    expect((await paying).result).toBe('delivered');
    const row = await machine(device.id);
    expect(row).toMatchObject({ status: 'EXPIRED', expires_at: device.expiresAt });
    expect(await ctx.database.db.selectFrom('cloud_pcs').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
    await refundUndeliveredOrders({ db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv, completeAfterMs: 0 });
    expect((await orderRow(ctx.database, renewal.id)).status).toBe('REFUNDED');
  });

  it('case 6: refunding HD bought before ULTRA keeps ULTRA and its year', async () => {
    const user = await newUser(ctx.app);
    const hd = await newOrder(ctx.app, user.token, { skuId: 'QUALITY_HD_YEAR' });
    await payOrder(ctx, hd.id, user);
    const ultra = await newOrder(ctx.app, user.token, { skuId: 'QUALITY_ULTRA_YEAR' });
    await payOrder(ctx, ultra.id, user);
    const bought = await userRow(ctx.database, user.id);
    expect(bought.quality_tier).toBe('ULTRA');

    await refundOrder({ db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv }, hd.id, { reason: 'test' });
    expect((await orderRow(ctx.database, hd.id)).status).toBe('REFUNDED');
    const after = await userRow(ctx.database, user.id);
    expect(after).toMatchObject({ quality_tier: 'ULTRA', quality_expires_at: bought.quality_expires_at });

    // Refunding ULTRA as well takes its year back; nothing of HD is left either.
    await refundOrder({ db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv }, ultra.id, { reason: 'test' });
    const none = await userRow(ctx.database, user.id);
    expect(none.quality_tier).toBe('STANDARD');
  });

  it('case 6: refunding ULTRA bought after HD gives HD back for the rest of its year', async () => {
    const user = await newUser(ctx.app);
    const hd = await newOrder(ctx.app, user.token, { skuId: 'QUALITY_HD_YEAR' });
    await payOrder(ctx, hd.id, user);
    const hdEnd = (await userRow(ctx.database, user.id)).quality_expires_at;
    const ultra = await newOrder(ctx.app, user.token, { skuId: 'QUALITY_ULTRA_YEAR' });
    await payOrder(ctx, ultra.id, user);
    await refundOrder({ db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv }, ultra.id, { reason: 'test' });
    expect(await userRow(ctx.database, user.id)).toMatchObject({ quality_tier: 'HD', quality_expires_at: hdEnd });
  });

  it('case 6: refunding two membership years one after the other leaves nothing of either', async () => {
    const user = await newUser(ctx.app);
    const first = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR' });
    await payOrder(ctx, first.id, user);
    const second = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR' });
    await payOrder(ctx, second.id, user);
    const deps = { db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv };
    await refundOrder(deps, first.id, { reason: 'test' });
    await refundOrder(deps, second.id, { reason: 'test' });
    const after = await userRow(ctx.database, user.id);
    expect(Date.parse(after.member_expires_at ?? '')).toBeLessThanOrEqual(Date.now());
    expect(after.member_plan).toBe((await userRow(ctx.database, (await newUser(ctx.app)).id)).member_plan);
  });
});
