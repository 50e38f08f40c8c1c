import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, assert, describe, expect, it } from 'vitest';
import { apiRoot } from '../../../src/paths';
import { refundOrder } from '../../../src/flows/refund-order';
import { LEASE_MS } from '../../../src/modules/payments/refunds.service';
import { refundDoublePayments } from '../../../src/flows/order-sweep';
import { testDialects } from '../../helper';
import { makeProviders, newOrder, newUser, orderRow, startPay, useOrdersApp } from '../orders/support';

// A real API process killed (SIGKILL) between the gateway call and the database write: the
// gateway has paid the money back, our row still says PENDING. The sweep (here in-process, on
// the same database, with its clock moved past the dead process's lease) completes it: the
// refund SUCCEEDED once, the order REFUNDED, the gateway refunded once under our one number.
// On SQLite the process shares the file; on PostgreSQL the test's schema (its search_path),
// with its job runner (pg-boss) in a schema of its own next to it.

const MINUTE = 60_000;

describe.each(testDialects())('a refund survives the API process being killed mid-call on $dialect', ({ dialect }) => {
  const ctx = useOrdersApp(dialect);
  const scratch = mkdtempSync(path.join(tmpdir(), 'llk-refund-kill-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  // the child starts from source (tsx): allow for a slow, busy machine
  it(
    'SIGKILL after the gateway recorded the refund and before our write: the sweep settles it exactly once',
    { timeout: 120_000 },
    async () => {
      const user = await newUser(ctx.app);
      const order = await newOrder(ctx.app, user.token, { skuId: 'CHANNEL_YEAR' });
      const paymentNo = await startPay(ctx.app, order.id, 'WX', user.token);
      expect((await ctx.fakes.pay('WX', paymentNo)).result).toBe('delivered');

      // A refund asked for two minutes ago while the gateway could not be reached: open, and due now.
      const down = makeProviders(
        ctx.keys,
        { alipayGateway: 'http://127.0.0.1:9/alipay/gateway.do', wechatBaseUrl: 'http://127.0.0.1:9/wechat' },
        300,
      );
      await expect(
        refundOrder(
          { db: ctx.database.db, providers: down, kv: ctx.app.kv },
          order.id,
          { reason: 'cancel' },
          new Date(Date.now() - 2 * MINUTE),
        ),
      ).rejects.toMatchObject({
        codeName: 'GATEWAY_TIMEOUT',
      });
      const [open] = await ctx.database.db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).execute();
      assert(open, 'no refund row');
      expect(open.state).toBe('PENDING');

      // The API process's own sweep asks again; the gateway records the refund and holds its answer.
      ctx.fakes.queueRefund('WX', { kind: 'hold' });
      const held = once(ctx.fakes.events, 'refund-held') as Promise<[{ method: string; refundNo: string }]>;
      const databaseUrl = ctx.databaseUrl;
      const jobsSchema = ctx.databaseSchema ? { JOBS_SCHEMA: `${ctx.databaseSchema}_jobs` } : {};
      const keys = ctx.keys.wechat;
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/composition/server.ts'], {
        cwd: apiRoot,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          API_PORT: '0',
          API_HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl,
          ...jobsSchema,
          REDIS_URL: '',
          LOG_LEVEL: 'warn',
          ORDER_SWEEP_SECONDS: '1',
          PAYMENT_RECONCILE_SECONDS: '0',
          PAYMENT_SANDBOX_DIR: scratch,
          PAYMENT_NOTIFY_BASE: 'https://api.llk.test',
          WECHATPAY_BASE_URL: ctx.server.wechatBaseUrl,
          WECHATPAY_MCHID: keys.mchid,
          WECHATPAY_APP_ID: keys.appId,
          WECHATPAY_PRIVATE_KEY: keys.merchantPrivateKey,
          WECHATPAY_SERIAL: keys.merchantSerial,
          WECHATPAY_API_V3_KEY: keys.apiV3Key,
          WECHATPAY_PLATFORM_PUBLIC_KEY: keys.platformPublicKey,
          WECHATPAY_PLATFORM_SERIAL: keys.platformSerial,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
      try {
        const died = exited.then(() => Promise.reject(new Error(`the API exited before asking the gateway:\n${output}`)));
        const [recorded] = await Promise.race([held, died]);
        expect(recorded).toEqual({ method: 'WX', refundNo: open.refund_no });
      } finally {
        child.kill('SIGKILL');
      }
      expect((await exited)[1]).toBe('SIGKILL');
      ctx.fakes.releaseHeld();
      // what the dead process left: the money is back at the gateway, our books say nothing final
      expect((await ctx.fakes.charge('WX', paymentNo))?.refundedFen).toBe(9800);
      expect(await ctx.database.db.selectFrom('refunds').select(['state', 'refund_no']).where('order_id', '=', order.id).execute()).toEqual(
        [{ state: 'PENDING', refund_no: open.refund_no }],
      );
      expect((await orderRow(ctx.database, order.id)).status).toBe('REFUNDING');

      const refundsSent = ctx.fakes.requests.filter((r) => r.method === 'WX' && r.operation === 'refund').length;
      const later = new Date(Date.now() + LEASE_MS + MINUTE);
      await refundDoublePayments({ db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv, completeAfterMs: 7 * 86_400_000 }, later);
      await refundDoublePayments(
        { db: ctx.database.db, providers: ctx.providers, kv: ctx.app.kv, completeAfterMs: 7 * 86_400_000 },
        new Date(later.getTime() + 2 * LEASE_MS),
      );

      expect(await ctx.database.db.selectFrom('refunds').select(['state', 'refund_no']).where('order_id', '=', order.id).execute()).toEqual(
        [{ state: 'SUCCEEDED', refund_no: open.refund_no }],
      );
      expect(await orderRow(ctx.database, order.id)).toMatchObject({ status: 'REFUNDED', refunded_fen: 9800 });
      const charge = await ctx.fakes.charge('WX', paymentNo);
      expect(charge?.refundedFen).toBe(9800);
      expect(Object.keys(charge?.refunds ?? {})).toEqual([open.refund_no]);
      // found by the refund query: not sent again
      expect(ctx.fakes.requests.filter((r) => r.method === 'WX' && r.operation === 'refund').length).toBe(refundsSent);
    },
  );
});
