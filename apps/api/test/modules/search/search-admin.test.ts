import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ADMIN_SESSION_COOKIE,
  type TAdminHotSearchList,
  type TAdminHotSearchResult,
  type TEnvelope,
  type THotSearches,
} from '@llk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TStaffRole } from '../../../src/modules/admin/permissions';
import { createStaff } from '../../../src/modules/admin/staff.service';
import { createStaffSession } from '../../../src/modules/admin/staff-sessions.service';
import { searchSeedStep } from '../../../src/modules/search/search.seed';
import { seedDatabase } from '../../../src/composition/setup/seed';
import { seedSteps } from '../../../src/composition/setup/seed-steps';
import { testDialects, useTestApp } from '../../helper';

// Hot searches in the back office (ADR 0007, "Hot searches"): CONTENT staff list a language's
// terms, pin and hide them; the public list follows at once on every instance (the API keeps
// its answers in memory here, as in production) and each change is audited.

const guide: Record<string, string> = {
  'en/screen-wall/index.md': '---\ntitle: Screen wall\n---\n\nA screen wall shows many devices at once for remote control.',
};

describe.each(testDialects())('back office: hot searches on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect, { env: { CONTENT_CACHE_SECONDS: '60' } });
  let guideDir = '';
  beforeAll(async () => {
    guideDir = mkdtempSync(path.join(tmpdir(), 'llk-guide-hot-'));
    for (const [file, text] of Object.entries(guide)) {
      mkdirSync(path.dirname(path.join(guideDir, file)), { recursive: true });
      writeFileSync(path.join(guideDir, file), text);
    }
    await seedDatabase(ctx.database.db, { steps: seedSteps.map((step) => (step.name === 'search' ? searchSeedStep(guideDir) : step)) });
  });
  afterAll(() => rmSync(guideDir, { recursive: true, force: true }));

  async function staffToken(role: TStaffRole): Promise<string> {
    const member = await createStaff(ctx.database.db, { username: `s${Math.random().toString(36).slice(2, 10)}`, role, createdBy: null });
    await ctx.database.db
      .updateTable('staff')
      .set({ password_hash: 'x', totp_secret: 'y', setup_token_hash: null })
      .where('id', '=', member.id)
      .execute();
    return (await createStaffSession(ctx.database.db, { staffId: member.id, secondFactor: 'TOTP' })).token;
  }

  async function admin<T>(
    method: 'GET' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
    options: { role?: TStaffRole; lang?: string } = {},
  ) {
    const res = await ctx.app.inject({
      method,
      url,
      cookies: { [ADMIN_SESSION_COOKIE]: await staffToken(options.role ?? 'CONTENT') },
      headers: { 'accept-language': options.lang ?? 'en', origin: 'http://localhost:3000' },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json<TEnvelope<T>>() };
  }
  const hot = async (lang: string) =>
    (await ctx.app.inject({ url: '/search/hotContent', headers: { 'accept-language': lang } })).json<TEnvelope<THotSearches>>().data.list;

  it('lists a language’s terms with count, state and whether the public list shows them', async () => {
    // five visitors of a term that finds nothing, as the table keeps them (the API would refuse them)
    const now = new Date().toISOString();
    await ctx.database.db.insertInto('search_records').values({ locale: 'en', keyword: 'qwertzuiop', updated_at: now }).execute();
    await ctx.database.db
      .insertInto('search_record_visitors')
      .values(Array.from({ length: 5 }, (_, i) => ({ locale: 'en', keyword: 'qwertzuiop', visitor: `v${i}`, seen_at: now })))
      .execute();
    const res = await admin<TAdminHotSearchList>('GET', '/admin/search/hot?locale=en');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ locale: 'en', minVisitors: 3 });
    const items = res.body.data.items;
    // a seeded term is pinned: it has no visitors of its own
    expect(items.find((item) => item.keyword === 'screen wall')).toMatchObject({ count: 0, state: 'PINNED', shown: true });
    // searched by enough visitors, but it finds nothing: not shown
    expect(items.find((item) => item.keyword === 'qwertzuiop')).toMatchObject({ count: 5, state: 'NORMAL', shown: false });
    expect(items.filter((item) => item.shown).map((item) => item.keyword)).toEqual((await hot('en')).map((entry) => entry.keyword));
  });

  it('hides a term from the public list at once, pins one nobody searched first, releases it; each change audited', async () => {
    const start = (await hot('en')).map((entry) => entry.keyword); // and kept in memory now
    expect(start).toContain('screen wall');
    const withoutWall = start.filter((keyword) => keyword !== 'screen wall');

    const hidden = await admin<TAdminHotSearchResult>('PUT', '/admin/search/hot', {
      locale: 'en',
      keyword: '  Screen   WALL ',
      state: 'HIDDEN',
      reason: 'spam test',
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data.item).toMatchObject({ keyword: 'screen wall', count: 0, state: 'HIDDEN', shown: false });
    expect((await hot('en')).map((entry) => entry.keyword)).toEqual(withoutWall);

    const pinned = await admin<TAdminHotSearchResult>('PUT', '/admin/search/hot', { locale: 'en', keyword: 'Wayland', state: 'PINNED' });
    expect(pinned.body.data.item).toMatchObject({ keyword: 'wayland', count: 0, state: 'PINNED', shown: true });
    const withPin = await hot('en');
    expect(withPin[0]).toEqual({ keyword: 'wayland', count: 0 });
    expect(withPin.slice(1).map((entry) => entry.keyword)).toEqual(withoutWall);
    // another language's list is its own
    expect((await hot('fr')).map((entry) => entry.keyword)).not.toContain('wayland');

    const released = await admin<TAdminHotSearchResult>('PUT', '/admin/search/hot', { locale: 'en', keyword: 'wayland', state: 'NORMAL' });
    expect(released.body.data.item).toMatchObject({ state: 'NORMAL', shown: false });
    // a seeded term released is a term of no visitors: it is not shown until three search it
    const wallReleased = await admin<TAdminHotSearchResult>('PUT', '/admin/search/hot', {
      locale: 'en',
      keyword: 'screen wall',
      state: 'NORMAL',
    });
    expect(wallReleased.body.data.item).toMatchObject({ count: 0, state: 'NORMAL', shown: false });
    expect((await hot('en')).map((entry) => entry.keyword)).toEqual(withoutWall);
    await admin('PUT', '/admin/search/hot', { locale: 'en', keyword: 'screen wall', state: 'PINNED' });
    expect((await hot('en')).map((entry) => entry.keyword)).toEqual(start);

    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id', 'before_json', 'after_json', 'reason'])
      .where('action', '=', 'search.hot.update')
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => [row.target_id, (JSON.parse(row.after_json ?? 'null') as { state: string }).state])).toEqual([
      ['screen wall@en', 'HIDDEN'],
      ['wayland@en', 'PINNED'],
      ['wayland@en', 'NORMAL'],
      ['screen wall@en', 'NORMAL'],
      ['screen wall@en', 'PINNED'],
    ]);
    expect(audit[0]).toMatchObject({ target_type: 'search_term', reason: 'spam test' });
    expect(JSON.parse(audit[0]?.before_json ?? 'null')).toMatchObject({ state: 'PINNED', shown: true });
    expect(audit[1]?.before_json).toBeNull();
  });

  it('is CONTENT staff’s (and the owner’s): other roles get 403', async () => {
    expect((await admin('GET', '/admin/search/hot?locale=en', undefined, { role: 'OWNER' })).status).toBe(200);
    for (const role of ['SUPPORT', 'FINANCE', 'OPS'] as const) {
      expect((await admin('GET', '/admin/search/hot?locale=en', undefined, { role })).status, role).toBe(403);
      expect((await admin('PUT', '/admin/search/hot', { locale: 'en', keyword: 'x', state: 'HIDDEN' }, { role })).status, role).toBe(403);
    }
  });

  it('answers bad input with an envelope in the caller’s language, never 500', async () => {
    for (const payload of [
      { locale: 'de', keyword: 'x', state: 'HIDDEN' },
      { locale: 'en', keyword: '   ', state: 'HIDDEN' },
      { locale: 'en', keyword: 'x'.repeat(65), state: 'HIDDEN' },
      { locale: 'en', keyword: 'x', state: 'TOP' },
      { locale: 'en', keyword: 'x', state: 'HIDDEN', extra: 1 },
    ]) {
      const res = await admin('PUT', '/admin/search/hot', payload, { lang: 'zh-CN' });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.errcode).toBe(40001);
      // the field and the rule, in the caller's language
      expect(res.body.errmsg, JSON.stringify(payload)).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await admin('GET', '/admin/search/hot?locale=xx')).status).toBe(400);
  });
});
