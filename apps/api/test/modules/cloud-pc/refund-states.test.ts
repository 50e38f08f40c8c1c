import {
  ErrorCode,
  type TAdminLedgerReport,
  type TAdminRefund,
  type TAdminRefundQueue,
  type TCloudPcDevice,
  type TOrderInfo,
  type TPayMethod,
} from '@llk/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/infrastructure/db/dialect';
import { accountBalances } from '../../../src/modules/ledger';
import { type PaymentProviders } from '../../../src/modules/payments/provider';
import { claimFirstOrderRefund } from '../../../src/modules/cloud-pc/cloud-pc.repository';
import { expireMachines } from '../../../src/modules/cloud-pc/cloud-pc.service';
import { refundDoublePayment, refundFirstCloudPcOrder as refundFirstOrder, refundOrder } from '../../../src/flows/refund-order';
import { refundDoublePayments, refundUndeliveredOrders } from '../../../src/flows/order-sweep';
import { upsertSkus, type SeedSku } from '../../../src/modules/pricing/pricing.repository';
import { testDialects } from '../../helper';
import { auditOf, newStaff, type Staff } from '../admin/support';
import { body, newOrder, newUser, orderRow, SKUS, startPay, useOrdersApp, type OrdersContext } from '../orders/support';

// Refunds that never strand (ADR 0015, "Refund states and the staff queue"): every refund has a
// state the customer and staff can see, a refused or unknown one waits in the back office's
// queue with one alert and is never retried on its own, a machine is never shown refunded
// before the money is confirmed back, and what is owed back is a ledger balance
// (payable:refunds). Real adapters against the fake gateways; SQLite and PostgreSQL.

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

interface Alert {
  level: 'warn' | 'error';
  alert?: string;
  [key: string]: unknown;
}

function captureLog() {
  const alerts: Alert[] = [];
  const push = (level: Alert['level']) => (object: unknown) => alerts.push({ level, ...(object as Record<string, unknown>) });
  return {
    log: { warn: push('warn'), error: push('error') },
    alerts,
    queued: () => alerts.filter((alert) => alert.alert === 'refund-queued'),
  };
}

/** Providers whose WX refund request gets no answer in time for the first `times` calls. */
function timingOut(ctx: OrdersContext, times: number): PaymentProviders {
  let left = times;
  return {
    ...ctx.providers,
    WX: Object.assign(Object.create(ctx.providers.WX) as PaymentProviders['WX'], {
      requestRefund: (input: Parameters<PaymentProviders['WX']['requestRefund']>[0]) => {
        if (left-- > 0) return Promise.resolve({ kind: 'unknown' as const, reason: 'timeout' as const, detail: 'no answer in time' });
        return ctx.providers.WX.requestRefund(input);
      },
    }),
  };
}

describe.each(testDialects())('refund states and the staff queue on $dialect', ({ dialect }) => {
  const ctx = useOrdersApp(dialect);
  beforeAll(async () => {
    await upsertSkus(ctx.database.db, [...SKUS, ...CLOUD_SKUS]);
  });
  const db = () => ctx.database.db;
  const refundsOf = (orderId: string) =>
    db().selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();
  const machine = (id: string) => db().selectFrom('cloud_pcs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const gatewayCalls = () =>
    ctx.fakes.requests.filter((request) => request.operation === 'refund' || request.operation === 'refund query').length;
  const owed = async () => 0 - ((await accountBalances(db())).get('payable:refunds') ?? 0);

  async function payOrder(orderId: string, user: User, method: TPayMethod = 'WX') {
    const paymentNo = await startPay(ctx.app, orderId, method, user.token);
    expect((await ctx.fakes.pay(method, paymentNo)).result).toBe('delivered');
  }
  async function devices(user: User): Promise<TCloudPcDevice[]> {
    const res = await ctx.app.inject({ url: '/cloudPc/devices', headers: { authorization: user.token } });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ devices: TCloudPcDevice[] }>(res).data.devices;
  }
  async function rent(user: User): Promise<TCloudPcDevice> {
    const order = await newOrder(ctx.app, user.token, { skuId: 'CLOUD_PC_STANDARD_MONTH' });
    await payOrder(order.id, user);
    const device = (await devices(user)).find((d) => d.orderId === order.id);
    if (!device) throw new Error('no device for the paid order');
    return device;
  }
  async function renewalOrder(user: User, deviceId: string): Promise<TOrderInfo> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/cloudPc/devices/${deviceId}/renew`,
      headers: { authorization: user.token },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ order: TOrderInfo }>(res).data.order;
  }
  const admin = <T>(staff: Staff, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app
      .inject({
        method,
        url: `/admin${url}`,
        cookies: staff.cookies,
        headers: { 'accept-language': 'en', origin: ctx.app.config.webOrigin },
        ...(payload ? { payload } : {}),
      })
      .then((res) => ({ res, body: res.json() as { errcode: number; errmsg: string; data: T } }));
  const queue = async (staff: Staff) => (await admin<TAdminRefundQueue>(staff, 'GET', '/refunds/queue')).body.data;
  const postings = async () =>
    Number(
      (
        await db()
          .selectFrom('ledger_postings')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** The database refuses to withdraw any refund (a blip at the worst moment) while `run` runs. */
  async function withWithdrawalsFailing(run: () => Promise<void>): Promise<void> {
    if (dialect === 'sqlite') {
      await sql`CREATE TRIGGER refund_blip BEFORE UPDATE OF state ON refunds WHEN NEW.state = 'WITHDRAWN' BEGIN SELECT RAISE(ABORT, 'database blip'); END`.execute(
        db(),
      );
    } else {
      await sql`CREATE FUNCTION refund_blip() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.state = 'WITHDRAWN' THEN RAISE EXCEPTION 'database blip'; END IF; RETURN NEW; END $$`.execute(
        db(),
      );
      await sql`CREATE TRIGGER refund_blip BEFORE UPDATE ON refunds FOR EACH ROW EXECUTE FUNCTION refund_blip()`.execute(db());
    }
    try {
      await run();
    } finally {
      await sql`DROP TRIGGER refund_blip${dialect === 'postgres' ? sql` ON refunds` : sql``}`.execute(db());
      if (dialect === 'postgres') await sql`DROP FUNCTION refund_blip()`.execute(db());
    }
  }

  it('a renewal paid before a first-order refund whose rental refund is still at the gateway is refunded too, and the device list says where each refund stands', async () => {
    const user = await newUser(ctx.app);
    const device = await rent(user);
    const renewal = await renewalOrder(user, device.id);
    await payOrder(renewal.id, user);
    const { log, queued } = captureLog();
    const deps = { db: db(), providers: timingOut(ctx, 1), kv: ctx.app.kv, log };
    const owedBefore = await owed();

    // the rental's refund gets no answer in time: the machine is released, the call says so
    await expect(refundFirstOrder(deps, user.id, device.id)).rejects.toMatchObject({ codeName: 'GATEWAY_TIMEOUT' });
    expect((await machine(device.id)).status).toBe('RELEASED');
    // …and the renewal paid for that machine is not kept
    expect(await orderRow(ctx.database, renewal.id)).toMatchObject({ status: 'REFUNDED', refunded_fen: 29900 });
    const [listed] = await devices(user);
    expect(listed!.refundedAt).toBeNull();
    expect(listed!.refunds.map((refund) => [refund.kind, refund.orderId, refund.amountFen, refund.state])).toEqual([
      ['RENTAL', device.orderId, 29900, 'PENDING'],
      ['RENEWAL', renewal.id, 29900, 'REFUNDED'],
    ]);
    // the rental is owed until the gateway confirms it
    expect((await owed()) - owedBefore).toBe(29900);

    // the sweep asks again and it succeeds: now, and only now, the machine reads "refunded"
    await refundDoublePayments({ ...deps, completeAfterMs: 0 }, new Date(Date.now() + 2 * 60_000));
    const [done] = await devices(user);
    expect(done!.refunds.map((refund) => refund.state)).toEqual(['REFUNDED', 'REFUNDED']);
    expect(done!.refundedAt).not.toBeNull();
    expect(await owed()).toBe(owedBefore);
    expect(queued()).toEqual([]);
  });

  it('a renewal fulfilled after the first-order refund read what it owed is refunded by the sweep once, not kept', async () => {
    const user = await newUser(ctx.app);
    const device = await rent(user);
    const renewal = await renewalOrder(user, device.id);
    await payOrder(renewal.id, user);
    const deps = { db: db(), providers: ctx.providers, kv: ctx.app.kv };
    // A refund call that claimed the machine and refunded the rental, then stopped (it had read
    // what it owed before the renewal was paid, or died): nothing asks the customer to call again.
    const claimedAt = new Date();
    await refundOrder(deps, device.orderId, { reason: 'test' }, claimedAt, {
      claim: async (trx) => {
        expect(await claimFirstOrderRefund(trx, device.id, claimedAt.toISOString())).toBe(true);
      },
    });
    expect((await orderRow(ctx.database, renewal.id)).status).toBe('FULFILLED');
    // a claim younger than a minute belongs to its call (which may yet put the machine back)
    await refundUndeliveredOrders({ ...deps, completeAfterMs: 0 }, new Date(claimedAt.getTime() + 59_000));
    expect((await orderRow(ctx.database, renewal.id)).status).toBe('FULFILLED');
    const before = gatewayCalls();
    const later = new Date(claimedAt.getTime() + 60_000);
    await Promise.all(Array.from({ length: 20 }, () => refundUndeliveredOrders({ ...deps, completeAfterMs: 0 }, later)));
    expect(await orderRow(ctx.database, renewal.id)).toMatchObject({ status: 'REFUNDED', refunded_fen: 29900 });
    expect((await refundsOf(renewal.id)).map((refund) => refund.state)).toEqual(['SUCCEEDED']);
    expect(gatewayCalls() - before).toBe(1);
    const [listed] = await devices(user);
    expect(listed!.refunds.map((refund) => [refund.kind, refund.state])).toEqual([
      ['RENTAL', 'REFUNDED'],
      ['RENEWAL', 'REFUNDED'],
    ]);
  });

  it('a rental refund that timed out and was later refused waits in the staff queue with its reason and one alert; the sweep never asks again; staff retry it once', async () => {
    const user = await newUser(ctx.app);
    const device = await rent(user);
    const { log, queued } = captureLog();
    const deps = { db: db(), providers: timingOut(ctx, 1), kv: ctx.app.kv, log };
    const support = await newStaff(db(), 'SUPPORT');
    const owedBefore = await owed();
    await expect(refundFirstOrder(deps, user.id, device.id)).rejects.toMatchObject({ codeName: 'GATEWAY_TIMEOUT' });
    expect((await devices(user))[0]!.refunds.map((refund) => refund.state)).toEqual(['PENDING']);

    ctx.fakes.queueRefund('WX', { kind: 'refuse', code: 'TRADE_NOT_EXIST', message: 'the trade does not exist' });
    await refundDoublePayments({ ...deps, completeAfterMs: 0 }, new Date(Date.now() + 2 * 60_000));
    const [refused] = await refundsOf(device.orderId);
    expect(refused).toMatchObject({
      state: 'FAILED',
      last_outcome: 'refused:TRADE_NOT_EXIST',
      failure_detail: 'the trade does not exist',
      next_attempt_at: null,
    });
    expect(queued()).toEqual([
      expect.objectContaining({ level: 'error', state: 'FAILED', refundId: refused!.id, orderId: device.orderId }),
    ]);
    // the machine stays released, the money stays owed, and nothing says "refunded"
    expect((await machine(device.id)).status).toBe('RELEASED');
    expect(await orderRow(ctx.database, device.orderId)).toMatchObject({ status: 'REFUNDING', refunded_fen: 0 });
    const [listed] = await devices(user);
    expect(listed!.refundedAt).toBeNull();
    expect(listed!.refunds.map((refund) => refund.state)).toEqual(['REFUSED']);
    expect((await owed()) - owedBefore).toBe(29900);
    // …and the order's page tells its owner the same
    const orderPage = await ctx.app.inject({ url: `/order/info/${device.orderId}`, headers: { authorization: user.token } });
    expect(body<TOrderInfo>(orderPage).data).toMatchObject({
      status: 'REFUNDING',
      refundedFen: 0,
      refunds: [{ amountFen: 29900, state: 'REFUSED' }],
    });

    // five sweeps later: no new refund, no gateway call, no second alert
    const before = gatewayCalls();
    for (let sweep = 1; sweep <= 5; sweep += 1) {
      const at = new Date(Date.now() + sweep * 3_600_000);
      await refundDoublePayments({ ...deps, completeAfterMs: 0 }, at);
      await refundUndeliveredOrders({ ...deps, completeAfterMs: 0 }, at);
    }
    expect(gatewayCalls()).toBe(before);
    expect(await refundsOf(device.orderId)).toHaveLength(1);
    expect(queued()).toHaveLength(1);

    // staff see it with the order, the customer, the amount and the reason
    const listedForStaff = (await queue(support)).items.find((item) => item.id === refused!.id);
    expect(listedForStaff).toMatchObject({
      orderId: device.orderId,
      userId: user.id,
      amountFen: 29900,
      state: 'FAILED',
      kind: 'ORDER',
      lastOutcome: 'refused:TRADE_NOT_EXIST',
      gatewayMessage: 'the trade does not exist',
    });
    expect(listedForStaff!.customer).not.toBeNull();

    // a retry needs a reason; 20 clicks at once make one new refund, sent once
    const blank = await admin(support, 'POST', `/refunds/${refused!.id}/retry`, {});
    expect(blank.res.statusCode).toBe(400);
    const sentBefore = gatewayCalls();
    const clicks = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin<TAdminRefund>(support, 'POST', `/refunds/${refused!.id}/retry`, { reason: 'the gateway fixed the trade' }),
      ),
    );
    expect(clicks.filter((click) => click.body.errcode === 0)).toHaveLength(1);
    expect(clicks.filter((click) => click.body.errcode === ErrorCode.REFUND_NOT_ALLOWED)).toHaveLength(19);
    expect(clicks.every((click) => click.res.statusCode < 500)).toBe(true);
    expect(gatewayCalls() - sentBefore).toBe(1);
    const rows = await refundsOf(device.orderId);
    expect(rows.map((row) => row.state)).toEqual(['WITHDRAWN', 'SUCCEEDED']);
    expect(rows[0]!.last_outcome).toBe(`retried:${rows[1]!.id}`);
    expect(await orderRow(ctx.database, device.orderId)).toMatchObject({ status: 'REFUNDED', refunded_fen: 29900 });
    expect((await auditOf(db(), refused!.id)).map((entry) => [entry.action, entry.reason])).toEqual([
      ['refund.retry', 'the gateway fixed the trade'],
    ]);
    expect((await queue(support)).items.some((item) => item.id === refused!.id)).toBe(false);
    const [refunded] = await devices(user);
    expect(refunded!.refunds.map((refund) => refund.state)).toEqual(['REFUNDED']);
    expect(refunded!.refundedAt).not.toBeNull();
    expect(await owed()).toBe(owedBefore);
    const paidBack = body<TOrderInfo>(
      await ctx.app.inject({ url: `/order/info/${device.orderId}`, headers: { authorization: user.token } }),
    ).data;
    expect(paidBack.refunds?.map((row) => row.state)).toEqual(['REFUNDED']);
  });

  it('an undeliverable renewal whose refund the gateway refuses is refunded once, not on every sweep; staff settle it by hand', async () => {
    const user = await newUser(ctx.app);
    const device = await rent(user);
    const renewal = await renewalOrder(user, device.id);
    const paymentNo = await startPay(ctx.app, renewal.id, 'WX', user.token);
    expect(await expireMachines(db(), new Date(Date.parse(device.expiresAt) + 1000), user.id)).toBe(1);
    expect((await ctx.fakes.pay('WX', paymentNo)).result).toBe('delivered');
    const { log, queued } = captureLog();
    const deps = { db: db(), providers: ctx.providers, kv: ctx.app.kv, log, completeAfterMs: 0 };
    const finance = await newStaff(db(), 'FINANCE');

    ctx.fakes.queueRefund('WX', { kind: 'refuse', code: 'NOT_ENOUGH_FUND', message: 'refused' });
    const before = gatewayCalls();
    for (let sweep = 0; sweep < 5; sweep += 1) await refundUndeliveredOrders(deps, new Date(Date.now() + sweep * 60_000));
    expect((await refundsOf(renewal.id)).map((refund) => refund.state)).toEqual(['FAILED']);
    expect(gatewayCalls() - before).toBe(1);
    expect(queued()).toHaveLength(1);
    expect((await orderRow(ctx.database, renewal.id)).status).toBe('REFUNDING');

    // NOT_OWED would hand the customer's money to nobody: FINANCE records the transfer made by hand
    const [failed] = await refundsOf(renewal.id);
    const clicks = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin<TAdminRefund>(finance, 'POST', `/refunds/${failed!.id}/settle`, {
          outcome: 'PAID_BY_HAND',
          reason: 'bank transfer 2026-12-01',
        }),
      ),
    );
    expect(clicks.filter((click) => click.body.errcode === 0)).toHaveLength(1);
    expect(clicks.filter((click) => click.body.errcode === ErrorCode.REFUND_NOT_ALLOWED)).toHaveLength(19);
    expect((await refundsOf(renewal.id)).map((refund) => refund.state)).toEqual(['SETTLED']);
    expect(await orderRow(ctx.database, renewal.id)).toMatchObject({ status: 'REFUNDED', refunded_fen: 29900 });
    expect((await auditOf(db(), failed!.id)).map((entry) => entry.action)).toEqual(['refund.settle']);
    // still nothing on later sweeps, and the device list says refunded
    await refundUndeliveredOrders(deps, new Date(Date.now() + 3_600_000));
    expect(await refundsOf(renewal.id)).toHaveLength(1);
    const [listed] = await devices(user);
    expect(listed!.refunds.map((refund) => [refund.kind, refund.state])).toEqual([['RENEWAL', 'REFUNDED']]);
  });

  it('a first-order refund refused at once puts the machine back, owes nothing and queues nothing', async () => {
    const user = await newUser(ctx.app);
    const device = await rent(user);
    const { log, queued } = captureLog();
    const owedBefore = await owed();
    ctx.fakes.queueRefund('WX', { kind: 'refuse' });
    await expect(refundFirstOrder({ db: db(), providers: ctx.providers, kv: ctx.app.kv, log }, user.id, device.id)).rejects.toMatchObject({
      codeName: 'REFUND_FAILED',
    });
    expect(await machine(device.id)).toMatchObject({ status: 'RUNNING', refund_claimed_at: null });
    expect((await refundsOf(device.orderId)).map((refund) => refund.state)).toEqual(['WITHDRAWN']);
    expect((await orderRow(ctx.database, device.orderId)).status).toBe('FULFILLED');
    expect(queued()).toEqual([]);
    expect(await owed()).toBe(owedBefore);
    const [listed] = await devices(user);
    expect(listed!.refunds).toEqual([]);
    expect(listed!.refundableUntil).not.toBeNull();
  });

  it('a first-order refund refused at once whose withdrawal fails is never FAILED without its alert: it stays open, the machine released, and the sweep queues the refusal once', async () => {
    const user = await newUser(ctx.app);
    const device = await rent(user);
    const { log, queued } = captureLog();
    const deps = { db: db(), providers: ctx.providers, kv: ctx.app.kv, log };
    const owedBefore = await owed();
    ctx.fakes.queueRefund('WX', { kind: 'refuse', code: 'TRADE_NOT_EXIST', message: 'the trade does not exist' });
    await withWithdrawalsFailing(async () => {
      await expect(refundFirstOrder(deps, user.id, device.id)).rejects.toThrow(/database blip/);
    });
    const refunds = await refundsOf(device.orderId);
    expect(refunds).toHaveLength(1);
    // every refund in the queue has had its alert; this one is not in it (yet)
    expect(refunds.filter((refund) => refund.state === 'FAILED')).toHaveLength(queued().length);
    expect(refunds[0]).toMatchObject({ state: 'PENDING', attempts: 0 });
    // the claim and its refund committed together: the machine is released while the money is owed
    expect((await machine(device.id)).status).toBe('RELEASED');
    expect((await orderRow(ctx.database, device.orderId)).status).toBe('REFUNDING');
    expect((await owed()) - owedBefore).toBe(29900);

    // once the first conversation's hold is over, the sweep asks again: refused, queued, one alert
    ctx.fakes.queueRefund('WX', { kind: 'refuse', code: 'TRADE_NOT_EXIST', message: 'the trade does not exist' });
    await refundDoublePayments({ ...deps, completeAfterMs: 0 }, new Date(Date.now() + 6 * 60_000));
    const [refused] = await refundsOf(device.orderId);
    expect(refused).toMatchObject({ state: 'FAILED', last_outcome: 'refused:TRADE_NOT_EXIST' });
    expect(queued()).toEqual([expect.objectContaining({ level: 'error', state: 'FAILED', refundId: refused!.id })]);
    const support = await newStaff(db(), 'SUPPORT');
    expect((await queue(support)).items.some((item) => item.id === refused!.id)).toBe(true);
    expect((await owed()) - owedBefore).toBe(29900);
  });

  it('NOT_OWED is refused for a rental refund whose claim released the machine: the customer would have neither; it stays owed and in the queue', async () => {
    const user = await newUser(ctx.app);
    const device = await rent(user);
    const deps = { db: db(), providers: timingOut(ctx, 1), kv: ctx.app.kv };
    const finance = await newStaff(db(), 'FINANCE');
    await expect(refundFirstOrder(deps, user.id, device.id)).rejects.toMatchObject({ codeName: 'GATEWAY_TIMEOUT' });
    ctx.fakes.queueRefund('WX', { kind: 'refuse', code: 'TRADE_NOT_EXIST', message: 'the trade does not exist' });
    await refundDoublePayments({ ...deps, completeAfterMs: 0 }, new Date(Date.now() + 2 * 60_000));
    const [refused] = await refundsOf(device.orderId);
    expect(refused!.state).toBe('FAILED');
    const owedBefore = await owed();

    const notOwed = await admin(finance, 'POST', `/refunds/${refused!.id}/settle`, {
      outcome: 'NOT_OWED',
      reason: 'the customer asked by mistake',
    });
    expect([notOwed.res.statusCode, notOwed.body.errcode]).toEqual([409, ErrorCode.ADMIN_REFUND_MACHINE_RELEASED]);
    expect(notOwed.body.errmsg).toMatch(/cloud PC/);
    expect((await refundsOf(device.orderId)).map((refund) => refund.state)).toEqual(['FAILED']);
    expect((await machine(device.id)).status).toBe('RELEASED');
    expect((await orderRow(ctx.database, device.orderId)).status).toBe('REFUNDING');
    expect(await owed()).toBe(owedBefore);
    expect(await auditOf(db(), refused!.id)).toEqual([]);
    expect((await queue(finance)).items.some((item) => item.id === refused!.id)).toBe(true);
  });

  it('a refusal that was final before migration 0037 cannot be retried or called not owed once its order is no longer owed it: nothing paid twice, nothing posted', async () => {
    const user = await newUser(ctx.app);
    const order = await newOrder(ctx.app, user.token, { skuId: 'CHANNEL_YEAR' });
    await payOrder(order.id, user);
    const paid = await orderRow(ctx.database, order.id);
    const finance = await newStaff(db(), 'FINANCE');
    const deps = { db: db(), providers: ctx.providers, kv: ctx.app.kv };
    // 9800 paid; half of it refused under the old rules (final: the order went back, nothing posted)…
    const at = new Date().toISOString();
    const old = {
      id: newId(),
      refund_no: newId(),
      order_id: order.id,
      payment_id: paid.paid_payment_id!,
      amount_fen: 4900,
      reason: 'test',
      state: 'FAILED',
      gateway_refund_no: null,
      created_at: at,
      updated_at: at,
      completed_at: at,
      attempts: 1,
      next_attempt_at: null,
      last_outcome: 'refused:NOT_ENOUGH',
      failure_detail: null,
    };
    await db().insertInto('refunds').values(old).execute();
    // …then the other half asked for and refunded
    await refundOrder(deps, order.id, { amountFen: 4900, reason: 'test' });
    expect(await orderRow(ctx.database, order.id)).toMatchObject({ status: 'FULFILLED', refunded_fen: 4900 });
    const [calls, posted, owedBefore] = [gatewayCalls(), await postings(), await owed()];
    const refused = async () => {
      const retry = await admin(finance, 'POST', `/refunds/${old.id}/retry`, { reason: 'the customer called' });
      const notOwed = await admin(finance, 'POST', `/refunds/${old.id}/settle`, { outcome: 'NOT_OWED', reason: 'the customer called' });
      return [retry, notOwed].map((answer) => [answer.res.statusCode, answer.body.errcode]);
    };
    expect(await refused()).toEqual([
      [409, ErrorCode.ADMIN_REFUND_NOT_OWED],
      [409, ErrorCode.ADMIN_REFUND_NOT_OWED],
    ]);
    expect([gatewayCalls(), await postings(), await owed()]).toEqual([calls, posted, owedBefore]);
    // the order being refunded again (its other half, no answer yet) owes the old refusal nothing either
    await expect(refundOrder({ ...deps, providers: timingOut(ctx, 1) }, order.id, { reason: 'test' })).rejects.toMatchObject({
      codeName: 'GATEWAY_TIMEOUT',
    });
    expect((await orderRow(ctx.database, order.id)).status).toBe('REFUNDING');
    const [callsAgain, postedAgain, owedAgain] = [gatewayCalls(), await postings(), await owed()];
    expect(await refused()).toEqual([
      [409, ErrorCode.ADMIN_REFUND_NOT_OWED],
      [409, ErrorCode.ADMIN_REFUND_NOT_OWED],
    ]);
    expect([gatewayCalls(), await postings(), await owed()]).toEqual([callsAgain, postedAgain, owedAgain]);
    expect(postedAgain - posted).toBe(1);
    expect(owedAgain - owedBefore).toBe(4900);
    expect((await refundsOf(order.id)).map((refund) => [refund.amount_fen, refund.state])).toEqual([
      [4900, 'FAILED'],
      [4900, 'SUCCEEDED'],
      [4900, 'PENDING'],
    ]);
    expect(await auditOf(db(), old.id)).toEqual([]);
    // the made-up row of the old rules has no postings: gone before the suite audits the ledger
    await db().deleteFrom('refunds').where('id', '=', old.id).execute();
  });

  it("a double payment's refund shows on its owner's order page though the order stays FULFILLED, refused or not", async () => {
    const user = await newUser(ctx.app);
    const order = await newOrder(ctx.app, user.token, { skuId: 'MEMBER_MONTH' });
    const wechat = await startPay(ctx.app, order.id, 'WX', user.token);
    const alipay = await startPay(ctx.app, order.id, 'ZFB', user.token);
    expect((await ctx.fakes.pay('WX', wechat)).result).toBe('delivered');
    const page = async () =>
      body<TOrderInfo>(await ctx.app.inject({ url: `/order/info/${order.id}`, headers: { authorization: user.token } })).data;
    expect(await page()).not.toHaveProperty('refunds');
    expect((await ctx.fakes.pay('ZFB', alipay)).result).toBe('delivered');
    const flagged = await db()
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', order.id)
      .where('needs_refund', '=', 1)
      .executeTakeFirstOrThrow();
    ctx.fakes.queueRefund('ZFB', { kind: 'refuse' });
    await expect(refundDoublePayment({ db: db(), providers: ctx.providers, kv: ctx.app.kv }, flagged.id)).rejects.toMatchObject({
      codeName: 'REFUND_FAILED',
    });
    expect((await orderRow(ctx.database, order.id)).status).toBe('FULFILLED');
    expect(await page()).toMatchObject({ status: 'FULFILLED', refundedFen: 0, refunds: [{ amountFen: 3000, state: 'REFUSED' }] });
  });

  it('the finance report shows what is owed back; a refund that is not queued cannot be settled', async () => {
    const finance = await newStaff(db(), 'FINANCE');
    const report = (await admin<TAdminLedgerReport>(finance, 'GET', '/reports/ledger')).body.data;
    expect(report.balances.refundsOwedFen).toBe(await owed());
    expect(report.balances.commissionPayableFen).toBe(report.balances.ambassadorBalancesFen);
    const missing = await admin(finance, 'POST', '/refunds/01NOSUCHREFUND/settle', { outcome: 'NOT_OWED', reason: 'test' });
    expect([missing.res.statusCode, missing.body.errcode]).toEqual([409, ErrorCode.REFUND_NOT_ALLOWED]);
    // the nav's badge: the queue's size for staff who may see it, nothing for the others
    const queued = (await queue(finance)).total;
    expect((await admin<{ refundQueue?: number }>(finance, 'GET', '/me')).body.data.refundQueue).toBe(queued);
    expect((await admin<{ refundQueue?: number }>(await newStaff(db(), 'CONTENT'), 'GET', '/me')).body.data).not.toHaveProperty(
      'refundQueue',
    );
  });
});
