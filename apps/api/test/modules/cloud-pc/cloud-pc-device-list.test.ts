import { type TCloudPcDevice, type TDeviceList, type TPayMethod } from '@llk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { upsertSkus, type SeedSku } from '../../../src/modules/pricing/pricing.repository';
import { testDialects } from '../../helper';
import { body, newOrder, newUser, SKUS, startPay, useOrdersApp, type OrdersContext } from '../orders/support';

// A bought cloud PC appears in GET /device/list (after purchase the device is in the customer's
// device list), marked as a cloud PC with its plan, end date and
// auto-renew, beside the registered devices; released machines and filtered lists leave it out.

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
  expect((await ctx.fakes.pay(method, paymentNo)).result).toBe('delivered');
}

async function deviceList(ctx: OrdersContext, user: User, query = ''): Promise<TDeviceList> {
  const res = await ctx.app.inject({ url: `/device/list${query}`, headers: { authorization: user.token } });
  expect(res.statusCode, res.body).toBe(200);
  return body<TDeviceList>(res).data;
}

async function machines(ctx: OrdersContext, user: User): Promise<TCloudPcDevice[]> {
  return body<{ devices: TCloudPcDevice[] }>(await ctx.app.inject({ url: '/cloudPc/devices', headers: { authorization: user.token } })).data
    .devices;
}

describe.each(testDialects())('cloud PCs in the device list on $dialect', ({ dialect }) => {
  const ctx = useOrdersApp(dialect);
  beforeAll(async () => {
    await upsertSkus(ctx.database.db, [...SKUS, ...CLOUD_SKUS]);
  });

  it('lists a paid cloud PC in /device/list with its plan, end date and auto-renew, and no more once released', async () => {
    const user = await newUser(ctx.app);
    expect((await deviceList(ctx, user)).cloudPcs).toEqual([]);
    const order = await newOrder(ctx.app, user.token, { skuId: 'CLOUD_PC_ULTIMATE_MONTH' });
    // unpaid: nothing yet
    expect((await deviceList(ctx, user)).cloudPcs).toEqual([]);
    await payOrder(ctx, order.id, user);
    const [machine] = await machines(ctx, user);
    const listed = await deviceList(ctx, user);
    expect(listed.cloudPcs).toEqual([
      {
        id: machine!.id,
        name: machine!.name,
        planId: 'ULTIMATE',
        timeUnit: 'MONTH',
        autoRenew: false,
        expiresAt: machine!.expiresAt,
        pendingRenewalOrderId: null,
      },
    ]);
    expect(listed.cloudPcs![0]!.name).toMatch(/^CPC-[0-9A-Z]{6}$/);
    // registered devices are counted apart
    expect(listed.total).toBe(0);

    // auto-renew switched on the cloud-PC route shows in the list
    const auto = await ctx.app.inject({
      method: 'POST',
      url: `/cloudPc/devices/${machine!.id}/autoRenew`,
      headers: { authorization: user.token },
      payload: { enabled: true },
    });
    expect(auto.statusCode, auto.body).toBe(200);
    expect((await deviceList(ctx, user)).cloudPcs![0]!.autoRenew).toBe(true);

    // a text filter matches its name; group, platform, presence and SHARED filters and page 2 leave it out
    expect((await deviceList(ctx, user, `?text=${machine!.name.slice(0, 6).toLowerCase()}`)).cloudPcs).toHaveLength(1);
    expect((await deviceList(ctx, user, '?text=zzzz')).cloudPcs).toEqual([]);
    for (const query of [
      '?clientType=WIN',
      '?online=true',
      '?scope=SHARED',
      '?page=2',
      `?groupIds[]=${encodeURIComponent('"UNGROUPED"')}`,
    ]) {
      expect((await deviceList(ctx, user, query)).cloudPcs, query).toEqual([]);
    }

    // someone else sees nothing of it
    expect((await deviceList(ctx, await newUser(ctx.app))).cloudPcs).toEqual([]);

    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/cloudPc/devices/${machine!.id}/cancel`,
      headers: { authorization: user.token },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await deviceList(ctx, user)).cloudPcs).toEqual([]);
  });
});
