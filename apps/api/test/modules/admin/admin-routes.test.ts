import { ADMIN_SESSION_COOKIE, SESSION_COOKIE } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { guardAdminRoutes } from '../../../src/modules/admin/admin.plugin';
import { recordAudit } from '../../../src/modules/admin/audit';
import { roleHas, STAFF_ROLES, type TStaffRole } from '../../../src/modules/admin/permissions';
import { createStaff } from '../../../src/modules/admin/staff.service';
import { createStaffSession } from '../../../src/modules/admin/staff-sessions.service';
import { signUp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';

const WEB_ORIGIN = 'http://localhost:3000';

describe.each(testDialects())('admin routes and the permission hook on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect);

  async function staffCookie(role: TStaffRole): Promise<string> {
    const staff = await createStaff(ctx.database.db, { username: `s${Math.random().toString(36).slice(2, 10)}`, role, createdBy: null });
    await ctx.database.db
      .updateTable('staff')
      .set({ password_hash: 'x', totp_secret: 'y', setup_token_hash: null })
      .where('id', '=', staff.id)
      .execute();
    const { token } = await createStaffSession(ctx.database.db, { staffId: staff.id, secondFactor: 'TOTP' });
    return token;
  }

  it('walks every /admin route × every role: allowed answers neither 401 nor 403, the rest 403; every answer no-store', async () => {
    const routes = [...ctx.app.adminRouteTable.entries()];
    // Every admin route and what it needs; a new route fails here until it is added.
    expect(Object.fromEntries(routes)).toEqual({
      'POST /admin/setup/start': 'public',
      'POST /admin/setup': 'public',
      'POST /admin/login': 'public',
      'POST /admin/logout': 'staff',
      'GET /admin/me': 'staff',
      'PUT /admin/me/language': 'staff',
      'GET /admin/staff': 'staff.manage',
      'POST /admin/staff': 'staff.manage',
      'PUT /admin/staff/:id/role': 'staff.manage',
      'POST /admin/staff/:id/lock': 'staff.manage',
      'POST /admin/staff/:id/unlock': 'staff.manage',
      'POST /admin/staff/:id/reset-totp': 'staff.manage',
      'GET /admin/audit': 'audit.read',
      'GET /admin/audit/export': 'audit.read',
      'GET /admin/users': 'users.read',
      'GET /admin/users/:id': 'users.read',
      'GET /admin/devices': 'devices.read',
      'GET /admin/devices/connect-check': 'devices.read',
      'GET /admin/disputes': 'orders.read',
      'GET /admin/devices/:id': 'devices.read',
      'POST /admin/users/:id/grant-membership': 'users.act',
      'POST /admin/users/:id/grant-walls': 'users.act',
      'POST /admin/users/:id/lock': 'users.act',
      'POST /admin/users/:id/unlock': 'users.act',
      'POST /admin/users/:id/end-sessions': 'users.act',
      'POST /admin/users/:id/sessions/:sessionId/end': 'users.act',
      'POST /admin/users/:id/reset-two-step': 'users.act',
      'GET /admin/orders': 'orders.read',
      'GET /admin/orders/:id': 'orders.read',
      'POST /admin/orders/:id/refund': 'orders.refund',
      'POST /admin/orders/:id/query': 'orders.read',
      'GET /admin/refunds/queue': 'orders.read',
      'POST /admin/refunds/:id/retry': 'orders.refund',
      'POST /admin/refunds/:id/settle': 'orders.refund',
      'GET /admin/invoices': 'invoices.manage',
      'GET /admin/invoices/:id/document': 'invoices.manage',
      'POST /admin/invoices/:id/reissue': 'invoices.manage',
      'POST /admin/invoices/:id/issue': 'invoices.manage',
      'POST /admin/invoices/:id/reject': 'invoices.manage',
      'GET /admin/news': 'content.manage',
      'GET /admin/news/:id': 'content.manage',
      'POST /admin/news': 'content.manage',
      'PUT /admin/news/:id': 'content.manage',
      'POST /admin/news/:id/publish': 'content.manage',
      'POST /admin/news/:id/unpublish': 'content.manage',
      'GET /admin/notices': 'content.manage',
      'GET /admin/notices/:id': 'content.manage',
      'POST /admin/notices': 'content.manage',
      'PUT /admin/notices/:id': 'content.manage',
      'POST /admin/notices/:id/publish': 'content.manage',
      'POST /admin/notices/:id/unpublish': 'content.manage',
      'POST /admin/content/preview': 'content.manage',
      'GET /admin/releases': 'content.manage',
      'GET /admin/releases/:id': 'content.manage',
      'POST /admin/releases': 'content.manage',
      'PUT /admin/releases/:id': 'content.manage',
      'POST /admin/releases/:id/publish': 'content.manage',
      'POST /admin/releases/:id/unpublish': 'content.manage',
      'POST /admin/releases/checksum': 'content.manage',
      'POST /admin/releases/checksum/upload': 'content.manage',
      'GET /admin/search/hot': 'content.manage',
      'PUT /admin/search/hot': 'content.manage',
      'GET /admin/pricing/skus': 'pricing.manage',
      'PUT /admin/pricing/skus/:id': 'pricing.manage',
      'GET /admin/codes/batches': 'codes.manage',
      'POST /admin/codes/batches': 'codes.manage',
      'POST /admin/codes/batches/:batch/deactivate': 'codes.manage',
      'GET /admin/codes/batches/:batch/export': 'codes.manage',
      'POST /admin/codes/lookup': 'codes.manage',
      'GET /admin/jobs': 'jobs.manage',
      'GET /admin/jobs/:name/runs': 'jobs.manage',
      'POST /admin/jobs/:name/run': 'jobs.manage',
      'GET /admin/payouts/ambassadors': 'payouts.manage',
      'GET /admin/payouts/ambassadors/:id': 'payouts.manage',
      'PUT /admin/payouts/ambassadors/:id/payee': 'payouts.manage',
      'POST /admin/payouts/ambassadors/:id/ban': 'payouts.manage',
      'POST /admin/payouts/ambassadors/:id/unban': 'payouts.manage',
      'GET /admin/payouts/settings': 'payouts.manage',
      'PUT /admin/payouts/settings': 'payouts.manage',
      'GET /admin/payouts/batches': 'payouts.manage',
      'POST /admin/payouts/batches': 'payouts.manage',
      'GET /admin/payouts/batches/:id/export': 'payouts.manage',
      'POST /admin/payouts/batches/:id/paid': 'payouts.manage',
      'POST /admin/payouts/batches/:id/cancel': 'payouts.manage',
      'GET /admin/dashboard': 'dashboard.read',
      'GET /admin/reports/ledger': 'reports.read',
      'GET /admin/reports/ledger/export': 'reports.read',
      'GET /admin/cloud-pc/inventory': 'cloudpc.manage',
      'GET /admin/cloud-pc/applications': 'cloudpc.manage',
      'POST /admin/cloud-pc/applications/:id/state': 'cloudpc.manage',
      'GET /admin/cloud-pc/invoices': 'cloudpc.manage',
      'GET /admin/me/passkeys': 'staff',
      'POST /admin/me/passkeys/registerOptions': 'staff',
      'POST /admin/me/passkeys/register': 'staff',
      'POST /admin/me/passkeys/remove': 'staff',
      'POST /admin/login/passkey/options': 'public',
      'POST /admin/login/passkey': 'public',
      'GET /admin/support': 'support.manage',
      'GET /admin/support/:id': 'support.manage',
      'POST /admin/support/:id/reply': 'support.manage',
      'POST /admin/support/:id/assign': 'support.manage',
      'POST /admin/support/:id/state': 'support.manage',
    });
    for (const role of STAFF_ROLES) {
      for (const [route, permission] of routes) {
        // a session per call: POST /admin/logout ends the one it is called with
        const token = await staffCookie(role);
        const [method, url] = route.split(' ') as [string, string];
        const res = await ctx.app.inject({
          method: method as 'GET',
          url,
          cookies: { [ADMIN_SESSION_COOKIE]: token },
          headers: { origin: WEB_ORIGIN },
        });
        // whatever the answer (200, 400, 403, 404…), no cache keeps it
        expect(res.headers['cache-control'], `${role} ${route}: ${res.statusCode}`).toMatch(/no-store/);
        if (permission === 'public' || permission === 'staff' || roleHas(role, permission))
          expect([401, 403, 500], `${role} ${route}: ${res.statusCode}`).not.toContain(res.statusCode >= 500 ? 500 : res.statusCode);
        else {
          expect(res.statusCode, `${role} ${route}`).toBe(403);
          expect(res.json()).toMatchObject({ errcode: 40300 });
        }
      }
    }
  });

  it('answers 401 without a staff session, and a customer session opens no admin route', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/admin/audit' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ errcode: 40100 });
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/admin/logout',
      cookies: { [ADMIN_SESSION_COOKIE]: 'x' },
      headers: { origin: 'http://localhost:3001' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.headers['cache-control']).toBe('no-store');
    const badInput = await ctx.app.inject({ method: 'POST', url: '/admin/login', payload: { username: 1 } });
    expect(badInput.statusCode).toBe(400);
    expect(badInput.headers['cache-control']).toBe('no-store');
    // no such route, or not with this method
    const unrouted = await ctx.app.inject({ method: 'GET', url: '/admin/no-such-page' });
    expect(unrouted.statusCode).toBe(404);
    expect(unrouted.headers['cache-control']).toBe('no-store');
    const wrongMethod = await ctx.app.inject({ method: 'DELETE', url: '/admin/audit' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers['cache-control']).toBe('no-store');
    expect((await ctx.app.inject({ method: 'GET', url: '/no-such-page' })).headers['cache-control']).toBeUndefined();
    const customer = await signUp(ctx.app);
    const withCustomer = await ctx.app.inject({
      method: 'GET',
      url: '/admin/audit',
      cookies: { [SESSION_COOKIE]: customer.token },
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(withCustomer.statusCode).toBe(401);
    const forged = await ctx.app.inject({ method: 'GET', url: '/admin/audit', cookies: { [ADMIN_SESSION_COOKIE]: customer.token } });
    expect(forged.statusCode).toBe(401);
  });

  it('pages the audit log newest first on (at, id) and refuses a bad cursor with an envelope', async () => {
    const token = await staffCookie('FINANCE');
    await ctx.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 5; i++)
        await recordAudit(trx, { staffId: null, action: `test.page${i}`, at: new Date(Date.UTC(2030, 0, 1, 0, 0, i)) });
    });
    const first = await ctx.app.inject({ method: 'GET', url: '/admin/audit?limit=2', cookies: { [ADMIN_SESSION_COOKIE]: token } });
    expect(first.statusCode).toBe(200);
    const page1 = first.json().data as { items: { action: string }[]; next: string };
    expect(page1.items.map((item) => item.action)).toEqual(['test.page4', 'test.page3']);
    const second = await ctx.app.inject({
      method: 'GET',
      url: `/admin/audit?limit=2&before=${encodeURIComponent(page1.next)}`,
      cookies: { [ADMIN_SESSION_COOKIE]: token },
    });
    expect((second.json().data as { items: { action: string }[] }).items.map((item) => item.action)).toEqual(['test.page2', 'test.page1']);
    const bad = await ctx.app.inject({ method: 'GET', url: '/admin/audit?before=x%00y', cookies: { [ADMIN_SESSION_COOKIE]: token } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errcode: 40001 });
  });
});

describe('the permission hook at start-up', () => {
  it('refuses an /admin route without a permission', async () => {
    const app = Fastify();
    app.register(async (scope) => {
      guardAdminRoutes(scope, new Map());
      scope.get('/admin/nothing', async () => 'x');
    });
    await expect(app.ready()).rejects.toThrow(/declares no permission/);
  });
});
