import { ErrorCode, normaliseRedeemCode } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { newRedeemCode } from '../../../src/modules/redeem/redeem.service';
import { newIp, signUp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { auditOf, newStaff, type Staff } from '../admin/support';

// The back office's redemption codes (permission codes.manage): a batch's codes are answered in
// clear once and never again (not in the list, the export or the audit log); 20 parallel
// creations of one name make one batch; a deactivated batch's unused codes answer "expired";
// a code read out by a customer is found with its redeemer. SQLite and PostgreSQL.

interface Envelope<T> {
  errcode: number;
  data: T;
}
interface Batch {
  batch: string;
  count: number;
  redeemed: number;
  expired: number;
  kind: string;
  amount: number;
  expiresAt: string | null;
}

describe.each(testDialects())('code batches in the back office ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const call = <T>(staff: Staff, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app
      .inject({
        method,
        url: `/admin/codes${url}`,
        cookies: staff.cookies,
        headers: { 'accept-language': 'zh-CN', origin: ctx.app.config.webOrigin },
        ...(payload ? { payload } : {}),
      })
      .then((res) => ({ res, body: res.json() as Envelope<T> }));
  const redeem = (token: string, code: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/redeem',
      headers: { authorization: token, 'accept-language': 'en' },
      payload: { code },
      remoteAddress: newIp(),
    });
  const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

  it('creates a batch whose codes are shown once, exports states and redeemers, finds a code and deactivates the rest', async () => {
    const finance = await newStaff(ctx.database.db, 'FINANCE');
    const name = `spring-${Math.random().toString(36).slice(2, 8)}`;
    const created = await call<{ batch: Batch; codes: string[] }>(finance, 'POST', '/batches', {
      kind: 'MEMBER_DAYS',
      amount: 30,
      count: 20,
      expiresAt: inAWeek(),
      batch: name,
      reason: 'spring campaign',
    });
    expect(created.res.statusCode, created.res.body).toBe(200);
    expect(created.body.data.batch).toMatchObject({ batch: name, kind: 'MEMBER_DAYS', amount: 30, count: 20, redeemed: 0, expired: 0 });
    const codes = created.body.data.codes;
    expect(new Set(codes).size).toBe(20);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);

    // the audit records the batch, never a code
    const audit = await auditOf(ctx.database.db, name);
    expect(audit.map((row) => [row.action, row.reason])).toEqual([['codes.batch.create', 'spring campaign']]);
    expect(JSON.stringify(audit)).not.toContain(normaliseRedeemCode(codes[0] ?? '').slice(0, 8));

    // a customer redeems one; the list counts it and the lookup names them
    const customer = await signUp(ctx.app);
    expect((await redeem(customer.token, codes[0] ?? '')).statusCode).toBe(200);
    const listed = await call<{ items: Batch[] }>(finance, 'GET', '/batches');
    expect(listed.body.data.items.find((item) => item.batch === name)).toMatchObject({ count: 20, redeemed: 1, expired: 0 });
    const used = await call<{ state: string; batch: string; redeemedBy: { username: string } | null }>(finance, 'POST', '/lookup', {
      code: (codes[0] ?? '').toLowerCase(),
    });
    expect(used.body.data).toMatchObject({ state: 'REDEEMED', batch: name, redeemedBy: { username: customer.username } });
    expect((await call<{ state: string }>(finance, 'POST', '/lookup', { code: codes[1] })).body.data).toMatchObject({
      state: 'UNUSED',
      redeemedBy: null,
    });
    const unknown = await call(finance, 'POST', '/lookup', { code: newRedeemCode() });
    expect([unknown.res.statusCode, unknown.body.errcode]).toEqual([404, ErrorCode.ADMIN_CODE_NOT_FOUND]);
    const mistyped = await call(finance, 'POST', '/lookup', {
      code: `${(codes[1] ?? '').slice(0, -1)}${(codes[1] ?? '').endsWith('2') ? '3' : '2'}`,
    });
    expect(mistyped.body.errcode).toBe(ErrorCode.REDEEM_CODE_MISTYPED);

    // the export: one row per code, its state and redeemer, never the code
    const csv = await ctx.app.inject({ method: 'GET', url: `/admin/codes/batches/${name}/export`, cookies: finance.cookies });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="codes-${name}.csv"`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,batch,kind,amount,qualityTier,state,expiresAt,createdAt,redeemedAt,redeemedById,redeemedByUsername');
    expect(lines).toHaveLength(21);
    for (const code of codes) expect(csv.body).not.toContain(normaliseRedeemCode(code));
    const redeemedOnly = await ctx.app.inject({
      method: 'GET',
      url: `/admin/codes/batches/${name}/export?state=REDEEMED`,
      cookies: finance.cookies,
    });
    const redeemedLines = redeemedOnly.body.trim().split('\r\n');
    expect(redeemedLines).toHaveLength(2);
    expect(redeemedLines[1]).toContain(`,"REDEEMED",`);
    expect(redeemedLines[1]?.endsWith(`,"${customer.username}"`)).toBe(true);

    // deactivation: the 19 unused codes expire now; the redeemed one is kept
    const deactivated = await call<{ batch: Batch; deactivated: number }>(finance, 'POST', `/batches/${name}/deactivate`, {
      reason: 'campaign cancelled',
    });
    expect(deactivated.body.data).toMatchObject({ deactivated: 19, batch: { count: 20, redeemed: 1, expired: 19 } });
    const late = await redeem((await signUp(ctx.app)).token, codes[2] ?? '');
    expect(late.json()).toMatchObject({ errcode: ErrorCode.REDEEM_CODE_EXPIRED });
    expect((await call<{ state: string }>(finance, 'POST', '/lookup', { code: codes[0] })).body.data.state).toBe('REDEEMED');
    expect((await auditOf(ctx.database.db, name)).map((row) => row.action)).toEqual(['codes.batch.create', 'codes.batch.deactivate']);
    // a second deactivation ends nothing more
    expect(
      (await call<{ deactivated: number }>(finance, 'POST', `/batches/${name}/deactivate`, { reason: 'again' })).body.data.deactivated,
    ).toBe(0);
  });

  it('makes one batch of 20 parallel creations under one name', async () => {
    const ops = await newStaff(ctx.database.db, 'OPS');
    const name = `race-${Math.random().toString(36).slice(2, 8)}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(ops, 'POST', '/batches', { kind: 'MONITOR', amount: 1, count: 3, batch: name, reason: 'walls for the expo' }),
      ),
    );
    expect(answers.filter((answer) => answer.res.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.errcode === ErrorCode.ADMIN_CODE_BATCH_EXISTS)).toHaveLength(19);
    const rows = await ctx.database.db.selectFrom('redeem_codes').select('id').where('batch', '=', name).execute();
    expect(rows).toHaveLength(3);
    // without a name: one is made up from the kind, the amount and the day
    const unnamed = await call<{ batch: Batch }>(ops, 'POST', '/batches', {
      kind: 'CHANNEL_DAYS',
      amount: 7,
      count: 1,
      reason: 'support goodwill',
    });
    expect(unnamed.body.data.batch.batch).toMatch(/^CHANNEL_DAYS-7-\d{4}-\d{2}-\d{2}-[2-9A-HJKMNP-Z]{4}$/);
  });

  it('answers bad input with envelope errors in the caller’s language, and refuses roles without codes.manage', async () => {
    const finance = await newStaff(ctx.database.db, 'FINANCE');
    const past = new Date(Date.now() - 60_000).toISOString();
    for (const payload of [
      { kind: 'MEMBER_DAYS', amount: 0, count: 1, reason: 'x' },
      { kind: 'MEMBER_DAYS', amount: 30, count: 5001, reason: 'x' },
      { kind: 'MONITOR', amount: 101, count: 1, reason: 'x' },
      { kind: 'MEMBER_DAYS', amount: 30, count: 1, qualityTier: 'HD', reason: 'x' },
      { kind: 'MEMBER_DAYS', amount: 30, count: 1, batch: 'no spaces', reason: 'x' },
      { kind: 'MEMBER_DAYS', amount: 30, count: 1, expiresAt: past, reason: 'x' },
      { kind: 'MEMBER_DAYS', amount: 30, count: 1 },
      { kind: 'GOLD', amount: 30, count: 1, reason: 'x' },
    ]) {
      const answer = await call(finance, 'POST', '/batches', payload);
      expect(answer.res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.body.errcode).toBe(ErrorCode.VALIDATION_FAILED);
    }
    // a past end names its field, in the caller's language (zh-CN here)
    const ended = await call<{ fields: { field: string; message: string }[] }>(finance, 'POST', '/batches', {
      kind: 'MEMBER_DAYS',
      amount: 30,
      count: 1,
      expiresAt: past,
      reason: 'x',
    });
    expect(ended.body.data.fields).toEqual([
      { field: 'body.expiresAt', rule: 'validation.dateInPast', message: '该日期已过，请选择将来的日期。' },
    ]);
    const missing = await call(finance, 'POST', '/batches/no-such-batch/deactivate', { reason: 'x' });
    expect([missing.res.statusCode, missing.body.errcode]).toEqual([404, ErrorCode.ADMIN_CODE_BATCH_NOT_FOUND]);
    expect((missing.body as unknown as { errmsg: string }).errmsg).toBe('该兑换码批次不存在。');
    const content = await newStaff(ctx.database.db, 'CONTENT');
    const refused = await call(content, 'POST', '/batches', { kind: 'MEMBER_DAYS', amount: 30, count: 1, reason: 'x' });
    expect(refused.res.statusCode).toBe(403);
    expect(await ctx.database.db.selectFrom('redeem_codes').select('id').where('batch', 'like', 'MEMBER_DAYS-30-%').execute()).toHaveLength(
      0,
    );
  });
});
