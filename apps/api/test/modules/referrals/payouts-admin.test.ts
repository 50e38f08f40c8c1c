import {
  commissionFen,
  ErrorCode,
  type TAdminAmbassador,
  type TAdminAmbassadorDetail,
  type TAdminPayoutBatch,
  type TAmbassadorInfo,
} from '@llk/contracts';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId, toDbDate } from '../../../src/infrastructure/db/dialect';
import { newIp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { upsertSkus } from '../../../src/modules/pricing/pricing.repository';
import { newOrder, newUser, SKUS, startPay } from '../orders/support';
import { bind, DAY } from './fixtures';
import { auditOf, newStaff, type Staff } from '../admin/support';

// Ambassador payouts in the back office (permission payouts.manage): balances from the lines, a
// payee, the threshold, a batch made once under 20 concurrent clicks, its Alipay CSV, marked
// paid once (posted to the ledger; the suite-wide ledger check compares commission:paid with the
// paid batches), a refund after the payout leaving a negative balance that a later commission
// repays, cancel, ban, the fraud flags, and the list's search by a username prefix that tens of
// thousands of users share. SQLite and PostgreSQL.

interface Envelope<T> {
  errcode: number;
  errmsg: string;
  data: T;
}

describe.each(testDialects())('ambassador payouts in the back office ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const db = () => ctx.database.db;
  beforeAll(async () => {
    await upsertSkus(ctx.database.db, SKUS);
  });
  const call = <T>(staff: Staff, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app
      .inject({
        method,
        url: `/admin/payouts${url}`,
        cookies: staff.cookies,
        headers: { 'accept-language': 'en', origin: ctx.app.config.webOrigin },
        ...(payload ? { payload } : {}),
      })
      .then((res) => ({ res, body: res.json() as Envelope<T> }));

  async function newAmbassador() {
    const user = await newUser(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/activity/participant/marketingAmbassador?activityType=LZ',
      headers: { authorization: user.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...user, code: (res.json() as Envelope<{ referralCode: string }>).data.referralCode };
  }

  /** A new customer bound to the ambassador a day ago who buys `skuId` in the sandbox. */
  async function referredPurchase(ambassadorId: string, skuId: string) {
    const user = await newUser(ctx.app);
    await bind(db(), user.id, ambassadorId, new Date(Date.now() - DAY));
    const order = await buy(user.token, skuId);
    return { user, order };
  }

  async function buy(token: string, skuId: string) {
    const order = await newOrder(ctx.app, token, { skuId });
    const paymentNo = await startPay(ctx.app, order.id, 'ZFB', token);
    expect((await (await ctx.app.paymentSandbox!.get()).pay('ZFB', paymentNo)).result).toBe('delivered');
    return order;
  }

  /** The 7-day window of the ambassador's pending lines has passed. */
  const pastWindow = (ambassadorId: string) =>
    db()
      .updateTable('commissions')
      .set({ effective_after: toDbDate(Date.now() - 1000) })
      .where('ambassador_user_id', '=', ambassadorId)
      .where('state', '=', 'PENDING')
      .execute();

  const balances = async (finance: Staff, userId: string) =>
    (await call<TAdminAmbassadorDetail>(finance, 'GET', `/ambassadors/${userId}`)).body.data.ambassador.balances;
  const reason = (text: string) => ({ reason: text });

  it('pays an ambassador once, posts the payout, claws a later refund back and repays it from the next commission', async () => {
    const finance = await newStaff(db(), 'FINANCE');
    const ambassador = await newAmbassador();
    const first = await referredPurchase(ambassador.id, 'MEMBER_MONTH');
    const earned = commissionFen(first.order.totalFen);
    expect(earned).toBeGreaterThan(0);

    // the list finds the ambassador by code; pending until the window passes
    const listed = await call<{ items: TAdminAmbassador[]; thresholdFen: number }>(
      finance,
      'GET',
      `/ambassadors?q=${ambassador.code.toLowerCase()}`,
    );
    expect(listed.res.statusCode, listed.res.body).toBe(200);
    expect(listed.body.data.thresholdFen).toBe(10_000); // ¥100 until FINANCE sets one
    expect(listed.body.data.items.map((item) => [item.userId, item.balances.pendingFen, item.payeeAccount])).toEqual([
      [ambassador.id, earned, null],
    ]);

    await pastWindow(ambassador.id);
    expect(await balances(finance, ambassador.id)).toEqual({ pendingFen: 0, owedFen: earned, inBatchFen: 0, paidFen: 0, reversedFen: 0 });

    // owed, but under the ¥100 threshold and without a payee: nothing due
    const none = await call(finance, 'POST', '/batches', reason('month end'));
    expect([none.res.statusCode, none.body.errcode]).toEqual([409, ErrorCode.ADMIN_PAYOUT_NOTHING_DUE]);

    // the threshold and the payee; a malformed account is refused by name
    const threshold = await call<{ thresholdFen: number }>(finance, 'PUT', '/settings', {
      thresholdFen: 100,
      reason: 'pay small balances this month',
    });
    expect(threshold.body.data).toEqual({ thresholdFen: 100 });
    const bad = await call(finance, 'PUT', `/ambassadors/${ambassador.id}/payee`, {
      account: 'not an account',
      name: '张三',
      reason: 'from the ambassador',
    });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.body.errmsg).toContain('account');
    const payee = await call<TAdminAmbassador>(finance, 'PUT', `/ambassadors/${ambassador.id}/payee`, {
      account: '13800138000',
      name: '张三',
      reason: 'given by the ambassador by email',
    });
    expect(payee.body.data).toMatchObject({ payeeAccount: '13800138000', payeeName: '张三' });

    // 20 clicks at once make one batch; the others find nothing due
    const clicks = await Promise.all(
      Array.from({ length: 20 }, () => call<TAdminPayoutBatch>(finance, 'POST', '/batches', reason('month end'))),
    );
    const made = clicks.filter((click) => click.res.statusCode === 200);
    expect(made).toHaveLength(1);
    expect(clicks.filter((click) => click.body.errcode === ErrorCode.ADMIN_PAYOUT_NOTHING_DUE)).toHaveLength(19);
    const batch = made[0]!.body.data;
    expect(batch).toMatchObject({ state: 'OPEN', payoutCount: 1, totalFen: earned, thresholdFen: 100 });
    expect(await balances(finance, ambassador.id)).toMatchObject({ owedFen: 0, inBatchFen: earned, paidFen: 0 });

    // Alipay's batch-transfer CSV
    const csv = await ctx.app.inject({ method: 'GET', url: `/admin/payouts/batches/${batch.id}/export`, cookies: finance.cookies });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="payouts-${batch.id}.csv"`);
    const yuan = `${Math.floor(earned / 100)}.${String(earned % 100).padStart(2, '0')}`;
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['序号,收款方支付宝账号,收款方姓名,金额,备注', `"1","13800138000","张三","${yuan}","LLK 推广佣金 ${batch.id}"`]);

    // marked paid once under 20 clicks; the ledger has the payout once
    const paid = await Promise.all(
      Array.from({ length: 20 }, () =>
        call<TAdminPayoutBatch>(finance, 'POST', `/batches/${batch.id}/paid`, { reference: '20261125000123', reason: 'transferred' }),
      ),
    );
    expect(paid.filter((click) => click.res.statusCode === 200)).toHaveLength(1);
    expect(paid.filter((click) => click.body.errcode === ErrorCode.ADMIN_PAYOUT_BATCH_CLOSED)).toHaveLength(19);
    const postings = await db()
      .selectFrom('ledger_postings')
      .select(['kind', 'reference'])
      .where('kind', '=', 'COMMISSION_PAYOUT')
      .execute();
    const payoutIds = (await db().selectFrom('payouts').select('id').where('batch_id', '=', batch.id).execute()).map((row) => row.id);
    expect(postings.filter((posting) => payoutIds.includes(posting.reference))).toHaveLength(1);
    expect(await balances(finance, ambassador.id)).toMatchObject({ owedFen: 0, inBatchFen: 0, paidFen: earned });

    // the ambassador sees it paid out
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/activity/participant/marketingAmbassador',
      headers: { authorization: ambassador.token },
    });
    const info = (page.json() as Envelope<TAmbassadorInfo>).data;
    expect(info.totals).toEqual({ pendingFen: 0, effectiveFen: 0, paidOutFen: earned, reversedFen: 0 });
    expect(info.commissions[0]?.paidOutAt).not.toBeNull();

    // a refund after the payout: the balance goes negative; no batch pays a negative balance
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/admin/orders/${first.order.id}/refund`,
      cookies: finance.cookies,
      headers: { origin: ctx.app.config.webOrigin },
      payload: { reason: 'customer changed their mind', requestKey: randomBytes(12).toString('hex') },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await balances(finance, ambassador.id)).toMatchObject({ owedFen: -earned, paidFen: earned });
    expect((await call(finance, 'POST', '/batches', reason('month end'))).body.errcode).toBe(ErrorCode.ADMIN_PAYOUT_NOTHING_DUE);

    // a later commission repays it: the next payout is the net
    await referredPurchase(ambassador.id, 'MEMBER_YEAR').then(() => pastWindow(ambassador.id));
    const detail = (await call<TAdminAmbassadorDetail>(finance, 'GET', `/ambassadors/${ambassador.id}`)).body.data;
    const later = detail.lines.find(
      (line) => line.itemType === 'MEMBER' && line.state === 'EFFECTIVE' && line.payoutBatchId === null,
    )!.amountFen;
    expect(detail.ambassador.balances.owedFen).toBe(later - earned);
    const next = await call<TAdminPayoutBatch>(finance, 'POST', '/batches', reason('next month'));
    expect(next.body.data).toMatchObject({ payoutCount: 1, totalFen: later - earned });

    // cancelled: its lines are owed again
    const cancelled = await call<TAdminPayoutBatch>(finance, 'POST', `/batches/${next.body.data.id}/cancel`, reason('wrong month'));
    expect(cancelled.body.data).toMatchObject({ state: 'CANCELLED', reference: 'wrong month' });
    expect(await balances(finance, ambassador.id)).toMatchObject({ owedFen: later - earned, inBatchFen: 0 });
    const closed = await call(finance, 'POST', `/batches/${next.body.data.id}/paid`, { reference: 'x', reason: 'late click' });
    expect([closed.res.statusCode, closed.body.errcode]).toEqual([409, ErrorCode.ADMIN_PAYOUT_BATCH_CLOSED]);

    // every step is in the audit log
    expect((await auditOf(db(), batch.id)).map((row) => row.action)).toEqual(['payouts.batch.create', 'payouts.batch.paid']);
    expect((await auditOf(db(), ambassador.id)).map((row) => row.action)).toEqual(['payouts.payee']);
    const unknown = await call(finance, 'GET', '/batches/01JZZZZZZZZZZZZZZZZZZZZZZZ/export');
    expect([unknown.res.statusCode, unknown.body.errcode]).toEqual([404, ErrorCode.ADMIN_PAYOUT_BATCH_NOT_FOUND]);
  });

  it('a ban cancels pending commissions, stops new ones and leaves the ambassador out of payouts', async () => {
    const finance = await newStaff(db(), 'FINANCE');
    const ambassador = await newAmbassador();
    await call(finance, 'PUT', '/settings', { thresholdFen: 1, reason: 'test' });
    await call(finance, 'PUT', `/ambassadors/${ambassador.id}/payee`, { account: 'pay@example.com', name: 'Li Lei', reason: 'given' });
    const owed = await referredPurchase(ambassador.id, 'MONITOR_1');
    await pastWindow(ambassador.id);
    const pending = await referredPurchase(ambassador.id, 'MEMBER_MONTH');

    const banned = await call<{ ambassador: TAdminAmbassador; cancelledLines: number }>(
      finance,
      'POST',
      `/ambassadors/${ambassador.id}/ban`,
      reason('self-referral ring'),
    );
    expect(banned.res.statusCode, banned.res.body).toBe(200);
    expect(banned.body.data.cancelledLines).toBe(1);
    expect(banned.body.data.ambassador).toMatchObject({
      banReason: 'self-referral ring',
      balances: { pendingFen: 0, owedFen: commissionFen(owed.order.totalFen), reversedFen: commissionFen(pending.order.totalFen) },
    });
    expect(banned.body.data.ambassador.bannedAt).not.toBeNull();

    // no new commission; not in a batch (other ambassadors of this file may be, this one is not)
    const after = await referredPurchase(ambassador.id, 'MEMBER_MONTH');
    expect(await db().selectFrom('commissions').select('id').where('order_id', '=', after.order.id).execute()).toEqual([]);
    const batch = await call<TAdminPayoutBatch>(finance, 'POST', '/batches', reason('month end'));
    expect([200, 409]).toContain(batch.res.statusCode);
    expect(await db().selectFrom('payouts').select('id').where('ambassador_user_id', '=', ambassador.id).execute()).toEqual([]);
    const lifted = await call<TAdminAmbassador>(finance, 'POST', `/ambassadors/${ambassador.id}/unban`, reason('cleared after review'));
    expect(lifted.body.data).toMatchObject({ bannedAt: null, balances: { reversedFen: commissionFen(pending.order.totalFen) } });
    expect((await auditOf(db(), ambassador.id)).map((row) => row.action)).toEqual(['payouts.payee', 'payouts.ban', 'payouts.unban']);
  });

  it('flags lines whose referee shares the referrer’s phone, payer account, device or address', async () => {
    const finance = await newStaff(db(), 'FINANCE');
    const ambassador = await newAmbassador();
    const clean = await referredPurchase(ambassador.id, 'MONITOR_1');
    const suspect = await referredPurchase(ambassador.id, 'MONITOR_1');

    // the sandbox reports a payer per payment (no false match between two customers)
    const payers = await db()
      .selectFrom('payments')
      .select('payer_account')
      .where('order_id', 'in', [clean.order.id, suspect.order.id])
      .execute();
    expect(payers.map((row) => row.payer_account)).toEqual([expect.stringMatching(/^2088\d{12}$/), expect.stringMatching(/^2088\d{12}$/)]);
    expect(payers[0]?.payer_account).not.toBe(payers[1]?.payer_account);
    const detail = async () => (await call<TAdminAmbassadorDetail>(finance, 'GET', `/ambassadors/${ambassador.id}`)).body.data;
    expect((await detail()).flaggedCount).toBe(0);

    // one device, one address: the suspect registers the ambassador's device from the ambassador's address
    const ip = newIp();
    const register = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/device/register',
        headers: { authorization: token },
        payload: { deviceId: `shared-${ambassador.id}`, name: 'Desk', clientType: 'WIN' },
        remoteAddress: ip,
      });
    expect((await register(ambassador.token)).statusCode).toBe(200);
    expect((await register(suspect.user.token)).statusCode).toBe(200);
    // the ambassador paid an order with the suspect's Alipay account
    const own = await buy(ambassador.token, 'MONITOR_1');
    const suspectPayer = payers.find((_, i) => i === 1)?.payer_account ?? '';
    await db()
      .updateTable('payments')
      .set({
        payer_account: (
          await db().selectFrom('payments').select('payer_account').where('order_id', '=', suspect.order.id).executeTakeFirstOrThrow()
        ).payer_account,
      })
      .where('order_id', '=', own.id)
      .execute();
    expect(suspectPayer).not.toBe('');

    const flagged = await detail();
    expect(flagged.flaggedCount).toBe(1);
    expect(flagged.lineCount).toBe(2);
    const byUser = new Map(flagged.lines.map((line) => [line.referredUserId, line.flags]));
    expect(byUser.get(clean.user.id)).toEqual([]);
    expect(byUser.get(suspect.user.id)).toEqual(['PAYER', 'DEVICE', 'ADDRESS']);
  });

  it('finds an ambassador by a username prefix 40 000 users share: one statement, no list of their ids', async () => {
    const finance = await newStaff(db(), 'FINANCE');
    // more users than SQLite binds parameters in one statement (32 766): a list of their ids would fail there
    const prefix = `crowd${randomBytes(3).toString('hex')}_`;
    const now = toDbDate(new Date());
    const ids = Array.from({ length: 40_000 }, () => newId());
    await db()
      .transaction()
      .execute(async (trx) => {
        for (let at = 0; at < ids.length; at += 1_000)
          await trx
            .insertInto('users')
            .values(
              ids.slice(at, at + 1_000).map((id, i) => ({
                id,
                username: `${prefix}${at + i}`,
                username_norm: `${prefix}${at + i}`,
                nickname: 'crowd',
                password_hash: 'not-a-real-hash',
                password_changed_at: now,
                created_at: now,
                updated_at: now,
              })),
            )
            .execute();
      });
    const ambassadorId = ids[ids.length - 1]!;
    await db()
      .insertInto('ambassadors')
      .values({ user_id: ambassadorId, referral_code: 'CRWD0001', activity_type: 'LZ', joined_at: now })
      .execute();

    for (const q of [prefix, prefix.toUpperCase(), `${prefix}39999`]) {
      const listed = await call<{ items: TAdminAmbassador[] }>(finance, 'GET', `/ambassadors?q=${encodeURIComponent(q)}`);
      expect(listed.res.statusCode, listed.res.body).toBe(200);
      expect(listed.body.data.items.map((item) => item.userId)).toEqual([ambassadorId]);
    }
    const other = await call<{ items: TAdminAmbassador[] }>(finance, 'GET', `/ambassadors?q=${encodeURIComponent(`${prefix}39998`)}`);
    expect(other.body.data.items).toEqual([]);
  }, 120_000);

  it('answers unknown ambassadors and bad input with envelopes; CONTENT may not see payouts', async () => {
    const finance = await newStaff(db(), 'FINANCE');
    const missing = await call(finance, 'GET', '/ambassadors/01JZZZZZZZZZZZZZZZZZZZZZZZ');
    expect([missing.res.statusCode, missing.body.errcode]).toEqual([404, ErrorCode.ADMIN_AMBASSADOR_NOT_FOUND]);
    const ban = await call(finance, 'POST', '/ambassadors/01JZZZZZZZZZZZZZZZZZZZZZZZ/ban', reason('x'));
    expect(ban.body.errcode).toBe(ErrorCode.ADMIN_AMBASSADOR_NOT_FOUND);
    for (const payload of [
      { thresholdFen: 0, reason: 'x' },
      { thresholdFen: 1.5, reason: 'x' },
      { thresholdFen: 100 },
      { thresholdFen: 100, reason: 'x', extra: 1 },
    ]) {
      const res = await call(finance, 'PUT', '/settings', payload);
      expect([res.res.statusCode, res.body.errcode]).toEqual([400, ErrorCode.VALIDATION_FAILED]);
    }
    const content = await newStaff(db(), 'CONTENT');
    const refused = await call(content, 'GET', '/ambassadors');
    expect(refused.res.statusCode).toBe(403);
    expect((await call(content, 'POST', '/batches', reason('x'))).res.statusCode).toBe(403);
  });
});
