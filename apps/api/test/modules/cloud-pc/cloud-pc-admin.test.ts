import {
  ErrorCode,
  type TAdminCloudPcInventory,
  type TAdminProviderApplication,
  type TAdminProviderApplicationsPage,
} from '@llk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/infrastructure/db/dialect';
import { seedDatabase } from '../../../src/composition/setup/seed';
import { newIp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { body } from '../orders/support';
import { auditOf, newStaff, sandboxPaidOrder } from '../admin/support';

// Cloud PCs in the back office (cloudpc.manage: OPS, OWNER): the machines per plan from real
// rentals paid in the sandbox, provider sign-ups through the public form with the state staff
// keep (audited, 20 concurrent changes leave one state), the invoice requests. SQLite and PostgreSQL.

describe.each(testDialects())('cloud PCs in the back office ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const db = () => ctx.database.db;
  beforeAll(async () => {
    await seedDatabase(ctx.database.db); // the catalogue, cloud-PC plans included
  });
  const get = async <T>(url: string) => {
    const ops = await newStaff(db(), 'OPS');
    const res = await ctx.app.inject({ url: `/admin/cloud-pc${url}`, cookies: ops.cookies, headers: { 'accept-language': 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    return body<T>(res).data;
  };

  it('counts rented machines per plan and state, ending soon and renewing themselves', async () => {
    await sandboxPaidOrder(ctx.app, 'CLOUD_PC_STANDARD_MONTH');
    await sandboxPaidOrder(ctx.app, 'CLOUD_PC_STANDARD_MONTH');
    await sandboxPaidOrder(ctx.app, 'CLOUD_PC_ADVANCED_YEAR');
    // one standard machine ends in three days; one advanced one has expired
    const standard = await db().selectFrom('cloud_pcs').select('id').where('plan_id', '=', 'STANDARD').execute();
    await db()
      .updateTable('cloud_pcs')
      .set({ expires_at: new Date(Date.now() + 3 * 86_400_000).toISOString() })
      .where('id', '=', standard[0]!.id)
      .execute();
    await db().updateTable('cloud_pcs').set({ status: 'EXPIRED' }).where('plan_id', '=', 'ADVANCED').execute();
    const inventory = await get<TAdminCloudPcInventory>('/inventory');
    expect(inventory.plans).toEqual([
      { planId: 'STANDARD', running: 2, expiringSoon: 1, autoRenew: expect.any(Number) as number, expired: 0, released: 0 },
      { planId: 'ADVANCED', running: 0, expiringSoon: 0, autoRenew: 0, expired: 1, released: 0 },
      { planId: 'PROFESSIONAL', running: 0, expiringSoon: 0, autoRenew: 0, expired: 0, released: 0 },
      { planId: 'ULTIMATE', running: 0, expiringSoon: 0, autoRenew: 0, expired: 0, released: 0 },
    ]);
    const renewing = await db()
      .selectFrom('cloud_pcs')
      .select('id')
      .where('plan_id', '=', 'STANDARD')
      .where('auto_renew', '=', 1)
      .execute();
    expect(inventory.plans[0]?.autoRenew).toBe(renewing.length);
  });

  it('lists provider sign-ups by state and keeps the state staff set, once under 20 clicks, audited', async () => {
    const company = `深圳算力 ${newId().slice(-6)}`;
    const applied = await ctx.app.inject({
      method: 'POST',
      url: '/cloudPc/provider',
      remoteAddress: newIp(),
      payload: { company, contactName: '王芳', email: 'ops@example.com', region: '深圳', hardware: 'RTX 4090 ×8', machineCount: 8 },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const fresh = await get<TAdminProviderApplicationsPage>('/applications?state=NEW');
    const item = fresh.items.find((row) => row.company === company)!;
    expect(item).toMatchObject({ contactName: '王芳', machineCount: 8, state: 'NEW', stateNote: null, stateAt: null });

    const ops = await newStaff(db(), 'OPS');
    const clicks = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/admin/cloud-pc/applications/${item.id}/state`,
          cookies: ops.cookies,
          headers: { origin: ctx.app.config.webOrigin },
          payload: { state: 'CONTACTED', note: 'called, sending the contract', reason: 'first call' },
        }),
      ),
    );
    expect(clicks.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(body<TAdminProviderApplication>(clicks[0]!).data).toMatchObject({
      state: 'CONTACTED',
      stateNote: 'called, sending the contract',
    });
    expect((await get<TAdminProviderApplicationsPage>('/applications?state=NEW')).items.some((row) => row.id === item.id)).toBe(false);
    expect((await get<TAdminProviderApplicationsPage>('/applications?state=CONTACTED')).items.map((row) => row.id)).toEqual([item.id]);
    const audit = await auditOf(db(), item.id);
    expect(audit).toHaveLength(20);
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ state: 'NEW', note: null });

    const unknown = await ctx.app.inject({
      method: 'POST',
      url: `/admin/cloud-pc/applications/${newId()}/state`,
      cookies: ops.cookies,
      headers: { origin: ctx.app.config.webOrigin },
      payload: { state: 'DECLINED', reason: 'x' },
    });
    expect([unknown.statusCode, body(unknown).errcode]).toEqual([404, ErrorCode.ADMIN_PROVIDER_APPLICATION_NOT_FOUND]);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/admin/cloud-pc/applications/${item.id}/state`,
      cookies: ops.cookies,
      headers: { origin: ctx.app.config.webOrigin },
      payload: { state: 'MAYBE', reason: 'x' },
    });
    expect([bad.statusCode, body(bad).errcode]).toEqual([400, ErrorCode.VALIDATION_FAILED]);
    const finance = await newStaff(db(), 'FINANCE');
    expect((await ctx.app.inject({ url: '/admin/cloud-pc/inventory', cookies: finance.cookies })).statusCode).toBe(403);
  });
});
