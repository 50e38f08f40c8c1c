import { ADMIN_SESSION_COOKIE } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { recordAudit } from '../../../src/modules/admin/audit';
import { createStaff } from '../../../src/modules/admin/staff.service';
import { createStaffSession } from '../../../src/modules/admin/staff-sessions.service';
import { type TStaffRole } from '../../../src/modules/admin/permissions';
import { testDialects, useTestApp } from '../../helper';

// Staff management by an OWNER (each change audited, never on oneself) and the audit search and
// CSV export (ADR 0019).

const ORIGIN = 'http://localhost:3000';

describe.each(testDialects())('staff management and audit search on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect);

  async function activeMember(role: TStaffRole) {
    const username = `a${Math.random().toString(36).slice(2, 10)}`;
    const staff = await createStaff(ctx.database.db, { username, role, createdBy: null });
    await ctx.database.db
      .updateTable('staff')
      .set({ password_hash: 'x', totp_secret: 'y', setup_token_hash: null })
      .where('id', '=', staff.id)
      .execute();
    const { token } = await createStaffSession(ctx.database.db, { staffId: staff.id, secondFactor: 'TOTP' });
    return { id: staff.id, username, token };
  }

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: ORIGIN, 'accept-language': 'en' },
      cookies: { [ADMIN_SESSION_COOKIE]: token },
      remoteAddress: '203.0.113.7',
    });

  it('creates a member with a set-up link, lists them, and audits who did it from where', async () => {
    const owner = await activeMember('OWNER');
    const created = await call(owner.token, 'POST', '/admin/staff', { username: 'Content.Carol', role: 'CONTENT' });
    expect(created.statusCode).toBe(200);
    const link = created.json().data as { id: string; setupLink: string; setupExpiresAt: string };
    expect(link.setupLink).toMatch(/^http:\/\/localhost:3000\/admin\/setup#token=[A-Za-z0-9_-]{43}$/);
    const taken = await call(owner.token, 'POST', '/admin/staff', { username: 'content.carol', role: 'OPS' });
    expect(taken.json()).toMatchObject({ errcode: 80001 });
    const bad = await call(owner.token, 'POST', '/admin/staff', { username: '1x', role: 'KING' });
    expect(bad.json()).toMatchObject({ errcode: 40001 });

    const list = (await call(owner.token, 'GET', '/admin/staff')).json().data.items as { id: string; state: string; role: string }[];
    expect(list.find((m) => m.id === link.id)).toMatchObject({ role: 'CONTENT', state: 'SETUP', language: 'zh-CN', lockedAt: null });
    expect(list.find((m) => m.id === owner.id)).toMatchObject({ state: 'ACTIVE' });
    const audit = await ctx.database.db.selectFrom('audit_log').selectAll().where('target_id', '=', link.id).execute();
    expect(audit).toMatchObject([{ staff_id: owner.id, action: 'staff.create', ip: '203.0.113.7' }]);
  });

  it('changes a role, locks (ending sessions) and unlocks, each with before, after and reason; never on oneself', async () => {
    const owner = await activeMember('OWNER');
    const other = await activeMember('SUPPORT');
    const role = await call(owner.token, 'PUT', `/admin/staff/${other.id}/role`, { role: 'FINANCE', reason: 'moved team' });
    expect(role.json().data).toMatchObject({ id: other.id, role: 'FINANCE' });
    const lock = await call(owner.token, 'POST', `/admin/staff/${other.id}/lock`, { reason: 'left' });
    expect(lock.json().data).toMatchObject({ state: 'LOCKED' });
    expect((await call(other.token, 'GET', '/admin/me')).statusCode).toBe(401);
    const unlock = await call(owner.token, 'POST', `/admin/staff/${other.id}/unlock`, {});
    expect(unlock.json().data).toMatchObject({ state: 'ACTIVE', lockedAt: null });

    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', other.id)
      .where('staff_id', '=', owner.id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.before_json, a.after_json, a.reason])).toEqual([
      ['staff.role', '{"role":"SUPPORT"}', '{"role":"FINANCE"}', 'moved team'],
      ['staff.lock', '{"locked":false}', '{"locked":true}', 'left'],
      ['staff.unlock', '{"locked":true}', '{"locked":false}', null],
    ]);

    for (const [method, url, payload] of [
      ['PUT', `/admin/staff/${owner.id}/role`, { role: 'OPS' }],
      ['POST', `/admin/staff/${owner.id}/lock`, {}],
      ['POST', `/admin/staff/${owner.id}/reset-totp`, {}],
    ] as const) {
      const answer = await call(owner.token, method, url, payload);
      expect(answer.statusCode, url).toBe(409);
      expect(answer.json(), url).toMatchObject({ errcode: 80006 });
    }
    const missing = await call(owner.token, 'POST', '/admin/staff/01ARZ3NDEKTSV4RRFFQ69G5FAV/lock', {});
    expect(missing.json()).toMatchObject({ errcode: 80005 });
  });

  it('resets a member: credentials cleared, sessions ended, a new set-up link that works', async () => {
    const owner = await activeMember('OWNER');
    const other = await activeMember('OPS');
    const reset = await call(owner.token, 'POST', `/admin/staff/${other.id}/reset-totp`, { reason: 'lost phone' });
    const link = reset.json().data as { setupLink: string };
    expect((await call(other.token, 'GET', '/admin/me')).statusCode).toBe(401);
    const row = await ctx.database.db.selectFrom('staff').selectAll().where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ password_hash: null, totp_secret: null, totp_last_step: null });
    const token = link.setupLink.split('#token=')[1]!;
    const start = await ctx.app.inject({ method: 'POST', url: '/admin/setup/start', payload: { token }, headers: { origin: ORIGIN } });
    expect(start.json().data).toMatchObject({ username: other.username, role: 'OPS' });
  });

  it('searches the audit log by staff, action prefix, target and time range, with keyset pages', async () => {
    const finance = await activeMember('FINANCE');
    const actor = await activeMember('OWNER');
    await ctx.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 4; i++) {
        await recordAudit(trx, {
          staffId: actor.id,
          action: i % 2 ? 'probe.alpha' : 'probe.beta',
          targetType: 'user',
          targetId: `T${i}`,
          at: new Date(Date.UTC(2031, 0, 1, 0, i)),
        });
      }
      await recordAudit(trx, { staffId: null, action: 'probe_gamma', at: new Date(Date.UTC(2031, 0, 1, 1)) });
    });
    const search = async (query: string) =>
      (await call(finance.token, 'GET', `/admin/audit?${query}`)).json().data as {
        items: { action: string; targetId: string; staffUsername: string | null }[];
        next: string | null;
      };
    expect((await search(`staff=${actor.username.toUpperCase()}&action=probe`)).items.map((i) => i.targetId)).toEqual([
      'T3',
      'T2',
      'T1',
      'T0',
    ]);
    expect((await search('action=probe.alpha')).items.map((i) => i.targetId)).toEqual(['T3', 'T1']);
    expect((await search('action=probe.')).items).toHaveLength(4);
    expect((await search('action=probe_')).items.map((i) => i.action)).toEqual(['probe_gamma']);
    expect((await search('targetId=T2')).items).toMatchObject([{ action: 'probe.beta', staffUsername: actor.username }]);
    expect((await search('action=probe&from=2031-01-01T00:01:00.000Z&to=2031-01-01T00:03:00.000Z')).items.map((i) => i.targetId)).toEqual([
      'T2',
      'T1',
    ]);
    const first = await search('action=probe&limit=3');
    expect(first.items.map((i) => i.action)).toEqual(['probe_gamma', 'probe.alpha', 'probe.beta']);
    const second = await search(`action=probe&limit=3&before=${encodeURIComponent(first.next!)}`);
    expect(second.items.map((i) => i.targetId)).toEqual(['T1', 'T0']);
    expect(second.next).toBeNull();
    const bad = await call(finance.token, 'GET', '/admin/audit?from=yesterday');
    expect(bad.json()).toMatchObject({ errcode: 40001 });
  });

  it('exports the search as CSV with the formula-injection rule', async () => {
    const owner = await activeMember('OWNER');
    await ctx.database.db.transaction().execute(async (trx) => {
      await recordAudit(trx, {
        staffId: owner.id,
        action: 'csvprobe.one',
        targetId: '=HYPERLINK("x")',
        reason: 'said "hi"',
        at: new Date(Date.UTC(2032, 0, 1)),
      });
      await recordAudit(trx, {
        staffId: owner.id,
        action: 'csvprobe.two',
        targetId: '+1',
        reason: '@home',
        at: new Date(Date.UTC(2032, 0, 2)),
      });
    });
    const answer = await call(owner.token, 'GET', '/admin/audit/export?action=csvprobe');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const lines = answer.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"at","staffUsername","staffId","action","targetType","targetId","before","after","reason","ip"');
    // times on the downloader's clock with the offset (docs/adr/0031): no llk-tz cookie, China time
    expect(lines[1]).toBe(`"2032-01-02 08:00 (UTC+8)","${owner.username}","${owner.id}","csvprobe.two","","'+1","","","'@home",""`);
    expect(lines[2]).toBe(
      `"2032-01-01 08:00 (UTC+8)","${owner.username}","${owner.id}","csvprobe.one","","'=HYPERLINK(""x"")","","","said ""hi""",""`,
    );
    expect(lines.slice(3)).toEqual(['']);
  });

  it('writes the export’s times in the zone the downloading browser sent, with the offset of each moment', async () => {
    const owner = await activeMember('OWNER');
    await ctx.database.db.transaction().execute(async (trx) => {
      await recordAudit(trx, { staffId: owner.id, action: 'zoneprobe.winter', at: new Date(Date.UTC(2032, 0, 15, 23, 30)) });
      await recordAudit(trx, { staffId: owner.id, action: 'zoneprobe.summer', at: new Date(Date.UTC(2032, 6, 15, 23, 30)) });
    });
    const at = async (zone: string) => {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: '/admin/audit/export?action=zoneprobe',
        headers: { origin: ORIGIN },
        cookies: { [ADMIN_SESSION_COOKIE]: owner.token, 'llk-tz': zone },
        remoteAddress: '203.0.113.7',
      });
      expect(answer.statusCode).toBe(200);
      return answer.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(1, 3)
        .map((line) => line.split(',')[0]);
    };
    expect(await at('Europe/Paris')).toEqual(['"2032-07-16 01:30 (UTC+2)"', '"2032-01-16 00:30 (UTC+1)"']);
    expect(await at('America/New_York')).toEqual(['"2032-07-15 19:30 (UTC-4)"', '"2032-01-15 18:30 (UTC-5)"']);
    // a cookie naming no zone is China time
    expect(await at('Nowhere/Atlantis')).toEqual(['"2032-07-16 07:30 (UTC+8)"', '"2032-01-16 07:30 (UTC+8)"']);
  });
});
