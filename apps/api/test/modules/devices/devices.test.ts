import path from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getContractMessages } from '@llk/contracts';
import { type App } from '../../../src/composition/app';
import { newId, toDbDate } from '../../../src/infrastructure/db/dialect';
import { pricingSeedStep } from '../../../src/modules/pricing/pricing.seed';
import { insertDevice } from '../../../src/modules/devices/devices.repository';
import { heartbeat } from '../../../src/modules/devices/heartbeat';
import { createSeats } from '../../../src/modules/seats';
import { kvCases, newIp, signUp } from '../../accounts';
import { buildTestApp, testDialects, useTestApp } from '../../helper';
import { body } from '../orders/support';

// Devices, groups, sharing and the broker's check, on the real pricing data (content/seed).
// Every route is also tried with a second account, which must get "not found".

const SEED_DIR = path.resolve(import.meta.dirname, '../../../../../content/seed');
const CN_IP = '114.114.114.114';
const US_IP = '8.8.8.8';

type User = Awaited<ReturnType<typeof signUp>>;
interface DeviceAnswer {
  id: string;
  deviceId: string;
  policy: string;
  online: boolean;
  permission: string;
  groupId: string | null;
  sharedBy: { userId: string; name: string } | null;
}

// presence and sessions live in the key-value store: the in-process one, and Redis when TEST_REDIS_URL is set
const legs = testDialects().flatMap(({ dialect }) => kvCases().map((kv) => ({ dialect, kv })));

describe.each(legs)('devices ($dialect, $kv.kind store)', ({ dialect, kv }) => {
  // one store for the app and, below, a second instance of it (as two API processes share Redis)
  const store = kv.create();
  const ctx = useTestApp(dialect, { deps: { kv: store } });
  let app: App;
  beforeAll(async () => {
    app = ctx.app;
    await pricingSeedStep.run(ctx.database.db, {
      dir: SEED_DIR,
      readJson: (file) => JSON.parse(readFileSync(path.join(SEED_DIR, file), 'utf8')),
    });
  });

  const call = (user: User, method: 'GET' | 'POST', url: string, payload?: unknown, ip = newIp()) =>
    app.inject({
      method,
      url,
      headers: { authorization: user.token, 'accept-language': 'en' },
      remoteAddress: ip,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const register = async (user: User, deviceId: string, extra: Record<string, unknown> = {}, ip = newIp()) => {
    const res = await call(user, 'POST', '/device/register', { deviceId, name: `PC ${deviceId}`, clientType: 'WIN', ...extra }, ip);
    expect(res.statusCode, res.body).toBe(200);
    return body<{ device: DeviceAnswer; policy: string }>(res).data.device;
  };
  const list = async (user: User, query = '') =>
    body<{ list: DeviceAnswer[]; total: number }>(await call(user, 'GET', `/device/list${query}`)).data;

  it('registers idempotently: 20 parallel registrations of one deviceId make one device', async () => {
    const user = await signUp(app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(user, 'POST', '/device/register', { deviceId: 'same-id', name: 'Desk', clientType: 'MAC' })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((res) => body<{ device: DeviceAnswer }>(res).data.device.id));
    expect(ids.size).toBe(1);
    expect((await list(user)).total).toBe(1);
    const first = body<{ device: DeviceAnswer; policy: string; heartbeatSeconds: number }>(answers[0]!).data;
    expect(first).toMatchObject({
      policy: 'ALL',
      heartbeatSeconds: 30,
      device: { deviceId: 'same-id', online: true, permission: 'MANAGE', sharedBy: null },
    });
  });

  it('refuses a device beyond the free plan’s 10, naming the limit; a paid plan allows 100', async () => {
    const user = await signUp(app);
    for (let i = 0; i < 10; i++) await register(user, `fleet-${i}`);
    const refused = await call(user, 'POST', '/device/register', { deviceId: 'fleet-10', name: 'One too many', clientType: 'LINUX' });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({
      errcode: 70002,
      errmsg: 'Your plan allows 10 devices. Remove a device or upgrade your plan to add another.',
    });
    // a known device still re-registers at the limit
    await register(user, 'fleet-3');
    const counts = body<Record<string, unknown>>(await call(user, 'GET', '/user/queryManageCount')).data;
    expect(counts).toMatchObject({ manageCount: 10, deviceLimit: 10, sessionLimit: 1, deviceCount: 10, groupCount: 0 });
    await ctx.database.db
      .updateTable('users')
      .set({ member_plan: 'PRO', member_expires_at: toDbDate(Date.now() + 86_400_000) })
      .where('username_norm', '=', user.username.toLowerCase())
      .execute();
    await register(user, 'fleet-10');
    expect(body<Record<string, unknown>>(await call(user, 'GET', '/user/queryManageCount')).data).toMatchObject({
      deviceLimit: 100,
      sessionLimit: 3,
      deviceCount: 11,
    });
  });

  it('20 parallel registrations of different devices at the limit’s edge stop at the limit', async () => {
    const user = await signUp(app);
    for (let i = 0; i < 8; i++) await register(user, `edge-${i}`);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(user, 'POST', '/device/register', { deviceId: `race-${i}`, name: 'Race', clientType: 'WIN' }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(2);
    expect((await list(user)).total).toBe(10);
  });

  it('heartbeat answers the current policy; presence and the throttled last-seen write', async () => {
    const user = await signUp(app);
    const device = await register(user, 'beat-1');
    await call(user, 'POST', '/device/update', { deviceId: device.id, policy: 'ONLY_CONTROLLED' });
    const beat = await call(user, 'POST', '/device/heartbeat', { deviceId: 'beat-1' });
    expect(body<{ policy: string }>(beat).data.policy).toBe('ONLY_CONTROLLED');
    expect(body(await call(user, 'POST', '/device/heartbeat', { deviceId: 'nope' }))).toMatchObject({ errcode: 70001 });

    const row = () =>
      ctx.database.db.selectFrom('devices').select(['last_seen_at', 'last_ip']).where('id', '=', device.id).executeTakeFirstOrThrow();
    const t0 = new Date(Date.now() + 120_000);
    const userId = (
      await ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('username_norm', '=', user.username.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id;
    await heartbeat(ctx.database.db, app.kv, { userId, ip: '10.9.9.9', now: t0 }, 'beat-1');
    expect(await row()).toEqual({ last_seen_at: toDbDate(t0), last_ip: '10.9.9.9' });
    // 30 s later from the same address: no write
    await heartbeat(ctx.database.db, app.kv, { userId, ip: '10.9.9.9', now: new Date(t0.getTime() + 30_000) }, 'beat-1');
    expect((await row()).last_seen_at).toBe(toDbDate(t0));
    // four minutes later: still no write (at most one in five minutes per device)
    await heartbeat(ctx.database.db, app.kv, { userId, ip: '10.9.9.9', now: new Date(t0.getTime() + 240_000) }, 'beat-1');
    expect((await row()).last_seen_at).toBe(toDbDate(t0));
    // five minutes later: written again
    const t2 = new Date(t0.getTime() + 300_000);
    await heartbeat(ctx.database.db, app.kv, { userId, ip: '10.9.9.9', now: t2 }, 'beat-1');
    expect((await row()).last_seen_at).toBe(toDbDate(t2));
  });

  it('lists with paging and filters: group (groupIds[]), online, client type and text', async () => {
    const user = await signUp(app);
    const win = await register(user, 'f-win', { clientType: 'WIN', name: 'Office tower' });
    const mac = await register(user, 'f-mac', { clientType: 'MAC', name: 'Laptop' });
    const linux = await register(user, 'f-linux', { clientType: 'LINUX', name: 'Server' });
    const group = body<{ id: string }>(await call(user, 'POST', '/deviceGroup/create', { name: 'Office' })).data;
    const lab = body<{ id: string }>(await call(user, 'POST', '/deviceGroup/create', { name: 'Lab' })).data;
    expect(body(await call(user, 'POST', '/deviceGroup/create', { name: 'office' }))).toMatchObject({ errcode: 70004 });
    await call(user, 'POST', '/device/update', { deviceId: win.id, groupId: group.id });
    await call(user, 'POST', '/device/update', { deviceId: mac.id, groupId: lab.id });
    // offline: its presence key and its place in the account's online set are gone, as when both expire
    const ownerId = (
      await ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('username_norm', '=', user.username.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id;
    await app.kv.del(`device:online:${linux.id}`);
    await app.kv.scoreRemove(`device:online-set:${ownerId}`, [linux.id]);

    expect((await list(user, '?pageSize=2')).list.map((d) => d.id)).toEqual([linux.id, mac.id]);
    expect((await list(user, '?pageSize=2&page=2')).list.map((d) => d.id)).toEqual([win.id]);
    const groupParam = (id: string) => `groupIds[]=${encodeURIComponent(JSON.stringify(id))}`;
    expect((await list(user, `?${groupParam(group.id)}`)).list.map((d) => d.id)).toEqual([win.id]);
    expect((await list(user, `?${groupParam(group.id)}&${groupParam(lab.id)}`)).list.map((d) => d.id)).toEqual([mac.id, win.id]);
    expect((await list(user, `?${groupParam('UNGROUPED')}`)).list.map((d) => d.id)).toEqual([linux.id]);
    expect(await list(user, '?online=false')).toMatchObject({ total: 1, list: [{ id: linux.id, online: false }] });
    expect(await list(user, '?online=false&clientType=WIN')).toMatchObject({ total: 0, list: [] });
    expect(await list(user, `?online=false&${groupParam('UNGROUPED')}`)).toMatchObject({ total: 1, list: [{ id: linux.id }] });
    expect(await list(user, '?online=true')).toMatchObject({
      total: 2,
      list: [
        { id: mac.id, online: true },
        { id: win.id, online: true },
      ],
    });
    expect(await list(user, '?online=true&pageSize=1&page=2')).toMatchObject({ total: 2, list: [{ id: win.id }] });
    expect(await list(user, '?online=true&clientType=WIN')).toMatchObject({ total: 1, list: [{ id: win.id }] });
    expect((await list(user, '?clientType=MAC')).list.map((d) => d.id)).toEqual([mac.id]);
    expect((await list(user, '?text=TOWER')).list.map((d) => d.id)).toEqual([win.id]);
    // the total of a text search: from a page that is not full, or counted when the page is full
    expect(await list(user, '?text=f-')).toMatchObject({ total: 3 });
    expect(await list(user, '?text=f-&pageSize=2')).toMatchObject({ total: 3 });
    expect(await list(user, '?text=f-&pageSize=2&page=2')).toMatchObject({ total: 3 });
    expect(await list(user, '?text=f-&pageSize=2&page=3')).toMatchObject({ list: [], total: 3 });
    expect(await list(user, '?text=nothing-like-it')).toMatchObject({ list: [], total: 0 });

    const groups = body<{
      list: { id: string; deviceCount: number; onlineCount: number }[];
      ungroupedCount: number;
      ungroupedOnlineCount: number;
    }>(await call(user, 'GET', '/deviceGroup/list')).data;
    expect(groups.list.map((g) => [g.id, g.deviceCount, g.onlineCount])).toEqual([
      [group.id, 1, 1],
      [lab.id, 1, 1],
    ]);
    expect(groups.ungroupedCount).toBe(1);
    // the ungrouped ones counted the groups' way, online of all (the page writes every count in one form): the Linux server is offline
    expect(groups.ungroupedOnlineCount).toBe(0);
    // deleting a group: its devices fall back to ungrouped
    expect(body(await call(user, 'POST', '/deviceGroup/delete', { groupId: group.id })).errcode).toBe(0);
    expect(body<{ ungroupedCount: number; ungroupedOnlineCount: number }>(await call(user, 'GET', '/deviceGroup/list')).data).toMatchObject(
      { ungroupedCount: 2, ungroupedOnlineCount: 1 },
    );
    expect((await list(user, `?${groupParam('UNGROUPED')}`)).total).toBe(2);
    expect(body(await call(user, 'POST', '/deviceGroup/update', { groupId: lab.id, name: 'Lab 2' })).data).toEqual({
      id: lab.id,
      name: 'Lab 2',
    });
    // the unfiltered total comes from a cached count: a registration and a removal end it at once
    expect((await list(user)).total).toBe(3);
    const fourth = await register(user, 'f-fourth');
    expect((await list(user)).total).toBe(4);
    expect(body(await call(user, 'POST', '/device/remove', { deviceId: fourth.id })).errcode).toBe(0);
    expect(await list(user, '?pageSize=1')).toMatchObject({ total: 3, list: [{ id: linux.id }] });
  });

  it('pages offline devices past a run of online ones, the total being the count less the online set', async () => {
    const user = await signUp(app);
    const userId = (
      await ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('username_norm', '=', user.username.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id;
    const start = Date.now() - 60_000;
    // 20 devices, oldest first: the four oldest offline, the 16 newest online (the walk's first chunk meets only online ones)
    const ids = Array.from({ length: 20 }, (_, i) => newId(start + i));
    for (const [i, id] of ids.entries()) {
      const stamp = toDbDate(start + i);
      await insertDevice(ctx.database.db, {
        id,
        user_id: userId,
        device_key: `walk-${i}`,
        name: `Walk ${i}`,
        client_type: 'WIN',
        chip_type: null,
        os_version: null,
        app_version: null,
        group_id: null,
        policy: 'ALL',
        last_ip: null,
        last_country: null,
        last_seen_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      });
      if (i >= 4) await app.kv.scoreSet(`device:online-set:${userId}`, id, Date.now() + 90_000, 90_000);
    }
    const offline = [ids[3], ids[2], ids[1], ids[0]];
    expect(await list(user, '?online=false&pageSize=1')).toMatchObject({ total: 4, list: [{ id: offline[0], online: false }] });
    for (const page of [2, 3, 4])
      expect((await list(user, `?online=false&pageSize=1&page=${page}`)).list.map((d) => d.id)).toEqual([offline[page - 1]]);
    expect((await list(user, '?online=false&pageSize=3&page=2')).list.map((d) => d.id)).toEqual([offline[3]]);
    expect(await list(user, '?online=false&pageSize=1&page=5')).toMatchObject({ total: 4, list: [] });
    expect((await list(user, '?online=false')).list.map((d) => d.id)).toEqual(offline);
    // a presence that ended moves its device to the offline list
    await app.kv.scoreSet(`device:online-set:${userId}`, ids[19] ?? '', Date.now() - 1, 90_000);
    expect(await list(user, '?online=false&pageSize=2')).toMatchObject({ total: 5, list: [{ id: ids[19] }, { id: offline[0] }] });
  });

  it('shares a device and a group: the recipient sees them with owner and permission, and can leave', async () => {
    const owner = await signUp(app);
    const friend = await signUp(app);
    const one = await register(owner, 's-one');
    const two = await register(owner, 's-two');
    const group = body<{ id: string }>(await call(owner, 'POST', '/deviceGroup/create', { name: 'Family' })).data;
    await call(owner, 'POST', '/device/update', { deviceId: two.id, groupId: group.id });

    expect(
      body(await call(owner, 'POST', '/device/share', { deviceId: one.id, account: 'nobody-here', permission: 'VIEW' })),
    ).toMatchObject({ errcode: 70006 });
    expect(
      body(await call(owner, 'POST', '/device/share', { deviceId: one.id, account: owner.username, permission: 'VIEW' })),
    ).toMatchObject({ errcode: 70007 });
    const byPhone = await call(owner, 'POST', '/device/share', { deviceId: one.id, account: friend.mobile, permission: 'VIEW' });
    expect(body<{ permission: string }>(byPhone).data.permission).toBe('VIEW');
    const again = await call(owner, 'POST', '/device/share', { deviceId: one.id, account: friend.email, permission: 'CONTROL' });
    expect(body<{ id: string }>(again).data.id).toBe(body<{ id: string }>(byPhone).data.id);
    await call(owner, 'POST', '/device/share', { groupId: group.id, account: friend.username, permission: 'MANAGE' });

    const seen = await list(friend);
    expect(seen.total).toBe(2);
    expect(seen.list.find((d) => d.id === one.id)).toMatchObject({
      permission: 'CONTROL',
      groupId: null,
      sharedBy: { name: owner.username },
    });
    expect(seen.list.find((d) => d.id === two.id)).toMatchObject({ permission: 'MANAGE' });
    expect((await list(friend, '?scope=OWN')).total).toBe(0);

    // CONTROL may not rename; MANAGE may, but not move it between the owner's groups
    expect(body(await call(friend, 'POST', '/device/update', { deviceId: one.id, name: 'Mine now' }))).toMatchObject({ errcode: 70005 });
    expect(body(await call(friend, 'POST', '/device/update', { deviceId: two.id, name: 'Renamed' })).data).toMatchObject({
      name: 'Renamed',
    });
    expect(body(await call(friend, 'POST', '/device/update', { deviceId: two.id, groupId: null }))).toMatchObject({ errcode: 70005 });

    const shares = body<{ given: { id: string }[]; received: { id: string; deviceId: string | null; owner: { name: string } }[] }>(
      await call(friend, 'GET', '/device/shares'),
    ).data;
    expect(shares.given).toEqual([]);
    expect(shares.received).toHaveLength(2);
    expect(body<{ given: unknown[] }>(await call(owner, 'GET', '/device/shares')).data.given).toHaveLength(2);
    // the recipient leaves the device share
    const direct = shares.received.find((s) => s.deviceId === one.id)!;
    expect(body(await call(friend, 'POST', '/device/unshare', { shareId: direct.id })).errcode).toBe(0);
    expect((await list(friend)).list.map((d) => d.id)).toEqual([two.id]);
    expect(body<Record<string, number>>(await call(owner, 'GET', '/user/queryManageCount')).data).toMatchObject({
      deviceCount: 2,
      groupCount: 1,
      sharesGiven: 1,
    });
    expect(body<Record<string, number>>(await call(friend, 'GET', '/user/queryManageCount')).data).toMatchObject({
      sharesReceived: 1,
      deviceCount: 0,
    });
  });

  it('a second account never sees, changes or checks a device that is not shared with it: not found', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const device = await register(owner, 'private-1');
    const own = await register(stranger, 'stranger-1');
    const group = body<{ id: string }>(await call(owner, 'POST', '/deviceGroup/create', { name: 'Private' })).data;
    const share = body<{ id: string }>(
      await call(owner, 'POST', '/device/share', { deviceId: device.id, account: (await signUp(app)).username, permission: 'VIEW' }),
    ).data;

    expect((await list(stranger)).list.map((d) => d.id)).toEqual([own.id]);
    const refusals = [
      ['/device/update', { deviceId: device.id, name: 'x' }, 70001],
      ['/device/remove', { deviceId: device.id }, 70001],
      ['/device/removeBatch', { deviceIds: [own.id, device.id] }, 70001],
      ['/device/share', { deviceId: device.id, account: owner.username, permission: 'VIEW' }, 70001],
      ['/device/share', { groupId: group.id, account: owner.username, permission: 'VIEW' }, 70003],
      ['/device/unshare', { shareId: share.id }, 70008],
      ['/device/connectCheck', { fromDeviceId: own.id, toDeviceId: device.id }, 70001],
      ['/device/connectCheck', { fromDeviceId: device.id, toDeviceId: own.id }, 70001],
      ['/deviceGroup/update', { groupId: group.id, name: 'Mine' }, 70003],
      ['/deviceGroup/delete', { groupId: group.id }, 70003],
      ['/device/heartbeat', { deviceId: 'private-1' }, 70001],
    ] as const;
    for (const [url, payload, errcode] of refusals) {
      const res = await call(stranger, 'POST', url, payload);
      expect([url, res.statusCode, body(res).errcode]).toEqual([url, 404, errcode]);
    }
    // nothing changed: the batch removed nothing, not even the stranger's own device
    expect((await list(stranger)).total).toBe(1);
    expect((await list(owner)).list.map((d) => d.id)).toEqual([device.id]);
    expect(body(await call(stranger, 'GET', '/deviceGroup/list')).data).toEqual({
      list: [],
      ungroupedCount: 1,
      ungroupedOnlineCount: expect.any(Number),
    });
  });

  it('exports the visible devices as a CSV download, safe against formula injection', async () => {
    const user = await signUp(app);
    await register(user, 'csv-1', { name: '=HYPERLINK("http://evil")', clientType: 'LINUX' });
    await register(user, 'csv-2', { name: 'Plain "quoted" name' });
    const res = await call(user, 'GET', '/device/export?clientType=LINUX');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="devices.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      '"Device ID","Name","Platform","Chip","OS version","App version","Group","Permission level","Status","Last seen","Shared by","Your permission"',
    );
    expect(lines[1]).toMatch(/^"csv-1","'=HYPERLINK\(""http:\/\/evil""\)","Linux",/);
    const all = await call(user, 'GET', '/device/export');
    expect(all.body).toContain('"Plain ""quoted"" name"');
    // a stranger's export holds none of them
    const stranger = await signUp(app);
    expect((await call(stranger, 'GET', '/device/export')).body).not.toContain('csv-1');
  });

  describe('CSV in the caller’s language and time zone', () => {
    /** RFC 4180 as devicesCsv writes it: every cell quoted, quotes doubled, CRLF lines. */
    const parseCsv = (text: string) =>
      text
        .trimEnd()
        .split('\r\n')
        .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((match) => match[1]!.replaceAll('""', '"')));
    const exportAs = (user: User, query: string, language: string) =>
      app.inject({
        method: 'GET',
        url: `/device/export${query}`,
        headers: { authorization: user.token, 'accept-language': language },
        remoteAddress: newIp(),
      });

    async function fleet() {
      const user = await signUp(app);
      const mac = await register(user, 'csv-mac', {
        name: '受付の Mac',
        clientType: 'MAC',
        chipType: 'APPLE_SILICON',
        appVersion: '3.5.0',
      });
      const group = body<{ id: string }>(await call(user, 'POST', '/deviceGroup/create', { name: 'Réception 受付' })).data;
      expect(
        body(await call(user, 'POST', '/device/update', { deviceId: mac.id, groupId: group.id, policy: 'ONLY_CONTROLLED' })).errcode,
      ).toBe(0);
      // last seen 2026-12-02 06:05 UTC
      await ctx.database.db
        .updateTable('devices')
        .set({ last_seen_at: toDbDate(new Date('2026-12-02T06:05:00.000Z')) })
        .where('id', '=', mac.id)
        .execute();
      const online = (await list(user)).list.find((device) => device.id === mac.id)!.online;
      return { user, group, online };
    }

    it('ja from Accept-Language, Tokyo time: Japanese headers and values, the group by name, a BOM', async () => {
      const { user, online } = await fleet();
      const res = await exportAs(user, '?tz=Asia%2FTokyo', 'ja');
      expect(res.statusCode).toBe(200);
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      const [header, row, ...rest] = parseCsv(res.body.slice(1));
      expect(rest).toEqual([]);
      expect(header).toEqual([
        'デバイス ID',
        'デバイス名',
        'プラットフォーム',
        'チップ',
        'OS バージョン',
        'アプリのバージョン',
        'グループ',
        '権限レベル',
        '状態',
        '最終接続',
        '共有者',
        'あなたの権限',
      ]);
      expect(row).toEqual([
        'csv-mac',
        '受付の Mac',
        'macOS',
        'Apple シリコン',
        '',
        '3.5.0',
        'Réception 受付',
        '被操作のみ',
        online ? 'オンライン' : 'オフライン',
        '2026-12-02 15:05 (UTC+9)',
        '',
        '管理',
      ]);
      // neither tz nor cookie: the account's last known zone (users.time_zone, ADR 0031)
      await ctx.database.db
        .updateTable('users')
        .set({ time_zone: 'America/New_York' })
        .where('username_norm', '=', user.username.toLowerCase())
        .execute();
      expect(parseCsv((await exportAs(user, '', 'ja')).body.slice(1))[1]![9]).toBe('2026-12-02 01:05 (UTC-5)');
    });

    it('fr from the locale the web passes (over Accept-Language), Paris time; China time without tz', async () => {
      const { user, online } = await fleet();
      const res = await exportAs(user, '?locale=fr&tz=Europe%2FParis', 'en');
      expect(res.statusCode).toBe(200);
      const [header, row] = parseCsv(res.body.replace(/^\uFEFF/, ''));
      expect(header).toEqual([
        'Identifiant de l’appareil',
        'Nom',
        'Plateforme',
        'Puce',
        'Version du système',
        'Version de l’app',
        'Groupe',
        'Niveau d’autorisation',
        'État',
        'Vu pour la dernière fois',
        'Partagé par',
        'Votre autorisation',
      ]);
      expect(row).toEqual([
        'csv-mac',
        '受付の Mac',
        'macOS',
        'Puce Apple',
        '',
        '3.5.0',
        'Réception 受付',
        'Contrôlé uniquement',
        online ? 'En ligne' : 'Hors ligne',
        '2026-12-02 07:05 (UTC+1)',
        '',
        'Gérer',
      ]);
      // no tz: the browser's zone from the llk-tz cookie the web's layouts write (ADR 0031)…
      const cookie = await app.inject({
        method: 'GET',
        url: '/device/export',
        headers: { authorization: user.token, cookie: 'llk-tz=Asia%2FKolkata' },
        remoteAddress: newIp(),
      });
      expect(parseCsv(cookie.body.replace(/^\uFEFF/, ''))[1]![9]).toBe('2026-12-02 11:35 (UTC+5:30)');
      // …else China time, where the service runs
      const china = parseCsv((await exportAs(user, '?locale=fr', 'en')).body.replace(/^\uFEFF/, ''));
      expect(china[1]![9]).toBe('2026-12-02 14:05 (UTC+8)');
      // a summer moment says Paris's summer offset
      await ctx.database.db
        .updateTable('devices')
        .set({ last_seen_at: toDbDate(new Date('2026-07-01T06:05:00.000Z')) })
        .where('device_key', '=', 'csv-mac')
        .execute();
      const summer = parseCsv((await exportAs(user, '?locale=fr&tz=Europe%2FParis', 'en')).body.replace(/^\uFEFF/, ''));
      expect(summer[1]![9]).toBe('2026-07-01 08:05 (UTC+2)');
    });

    it('refuses a time zone that is not an IANA name, in the caller’s language', async () => {
      const user = await signUp(app);
      for (const tz of ['Mars%2FOlympus', '%2B08%3A00', 'Asia%2F..%2F..%2Fetc']) {
        const res = await exportAs(user, `?tz=${tz}`, 'fr');
        expect(res.statusCode, tz).toBe(400);
        const answer = body<{ fields: { field: string; rule: string; message: string }[] }>(res);
        expect(answer.errcode).toBe(40001);
        expect(answer.data.fields).toEqual([expect.objectContaining({ field: 'querystring.tz', rule: 'validation.invalidValue' })]);
        expect(answer.data.fields[0]!.message).toBe(getContractMessages('fr').validation.invalidValue);
      }
    });

    it('a recipient’s export: the owner as “shared by”, their own permission', async () => {
      const owner = await signUp(app);
      const friend = await signUp(app);
      const device = await register(owner, 'csv-shared', { name: 'Shared PC' });
      expect(
        body(await call(owner, 'POST', '/device/share', { deviceId: device.id, account: friend.username, permission: 'CONTROL' })).errcode,
      ).toBe(0);
      const [, row] = parseCsv((await exportAs(friend, '?locale=ko', 'en')).body.replace(/^\uFEFF/, ''));
      expect(row![0]).toBe('csv-shared');
      expect(row![6]).toBe('');
      expect(row![10]).toBe(owner.username);
      expect(row![11]).toBe('제어');
    });
  });

  it('removes one device and batches; all or nothing', async () => {
    const user = await signUp(app);
    const a = await register(user, 'r-a');
    const b = await register(user, 'r-b');
    const c = await register(user, 'r-c');
    expect(body(await call(user, 'POST', '/device/remove', { deviceId: a.id })).data).toEqual({ removed: 1 });
    expect(body(await call(user, 'POST', '/device/removeBatch', { deviceIds: [b.id, c.id] })).data).toEqual({ removed: 2 });
    expect((await list(user)).total).toBe(0);
  });

  describe('connectCheck', () => {
    const check = async (user: User, from: string, to: string) =>
      body<{ allowed: boolean; reason: string | null; message: string | null }>(
        await call(user, 'POST', '/device/connectCheck', { fromDeviceId: from, toDeviceId: to }),
      ).data;

    it('refuses by policy, by permission, by the plan’s simultaneous sessions and across the border', async () => {
      const user = await signUp(app);
      const friend = await signUp(app);
      const from = await register(user, 'c-from', {}, CN_IP);
      const to = await register(user, 'c-to', {}, CN_IP);
      const other = await register(user, 'c-other', {}, CN_IP);
      expect(await check(user, from.id, to.id)).toEqual({ allowed: true, reason: null, message: null, sessionId: expect.any(String) });

      // policy: the target must allow being controlled, the controller starting sessions
      for (const [device, policy, allowed] of [
        [to, 'GUEST', false],
        [to, 'LOGIN_OUT', false],
        [to, 'DEVICE_MANAGE', true],
        [to, 'ONLY_CONTROLLED', true],
        [from, 'ONLY_CONTROLLED', false],
        [from, 'GUEST', false],
        [from, 'LOGIN_OUT', false],
        [from, 'DEVICE_MANAGE', true],
        [from, 'ALL', true],
      ] as const) {
        await call(user, 'POST', '/device/update', { deviceId: device.id, policy });
        const answer = await check(user, from.id, to.id);
        expect([policy, answer.allowed, answer.reason]).toEqual([policy, allowed, allowed ? null : 'POLICY']);
      }

      // simultaneous sessions: the free plan allows 1 (to is in use from the check above)
      const limited = await check(user, from.id, other.id);
      expect(limited).toEqual({
        allowed: false,
        reason: 'SESSION_LIMIT',
        message: 'Your plan’s limit of simultaneous sessions is 1. End one to start another.',
        sessionId: null,
      });
      // the controller reports it no longer controls `to`: the session is free again
      await call(user, 'POST', '/device/heartbeat', { deviceId: 'c-from', sessions: [] }, CN_IP);
      expect((await check(user, from.id, other.id)).allowed).toBe(true);
      await call(user, 'POST', '/device/heartbeat', { deviceId: 'c-from', sessions: [] }, CN_IP);

      // permission: shared for VIEW only
      const theirs = await register(friend, 'c-theirs', {}, CN_IP);
      await call(friend, 'POST', '/device/share', { deviceId: theirs.id, account: user.username, permission: 'VIEW' });
      expect(await check(user, from.id, theirs.id)).toMatchObject({
        allowed: false,
        reason: 'PERMISSION',
        message: 'This device is shared with you for viewing only.',
      });
      await call(friend, 'POST', '/device/share', { deviceId: theirs.id, account: user.username, permission: 'CONTROL' });
      expect((await check(user, from.id, theirs.id)).allowed).toBe(true);
      await call(user, 'POST', '/device/heartbeat', { deviceId: 'c-from', sessions: [] }, CN_IP);

      // cross-border: the target beats from the US; the account (registered now) has no channel
      await call(user, 'POST', '/device/heartbeat', { deviceId: 'c-other' }, US_IP);
      const crossing = await app.inject({
        method: 'POST',
        url: '/device/connectCheck',
        headers: { authorization: user.token, 'accept-language': 'zh-CN' },
        payload: { fromDeviceId: from.id, toDeviceId: other.id },
      });
      expect(body(crossing).data).toEqual({
        allowed: false,
        reason: 'CROSS_BORDER',
        message: '2025 年 7 月 1 日及之后注册的账号需要开通全球通道才能跨境控制设备',
        sessionId: null,
      });
      // with the global channel in force it is allowed
      await ctx.database.db
        .updateTable('users')
        .set({ channel_enabled: 1, channel_expires_at: toDbDate(Date.now() + 86_400_000) })
        .where('username_norm', '=', user.username.toLowerCase())
        .execute();
      expect((await check(user, from.id, other.id)).allowed).toBe(true);
      // an account registered before 1 July 2025 needs no channel
      await call(user, 'POST', '/device/heartbeat', { deviceId: 'c-from', sessions: [] }, CN_IP);
      await ctx.database.db
        .updateTable('users')
        .set({ channel_enabled: 0, channel_expires_at: null, created_at: '2025-06-30T15:59:59.000Z' })
        .where('username_norm', '=', user.username.toLowerCase())
        .execute();
      expect((await check(user, from.id, other.id)).allowed).toBe(true);
    });
  });

  describe('simultaneous sessions and seats', () => {
    type Check = { allowed: boolean; reason: string | null; message: string | null };
    const check = async (user: User, from: string, to: string) =>
      body<Check>(await call(user, 'POST', '/device/connectCheck', { fromDeviceId: from, toDeviceId: to })).data;
    const idOf = async (user: User) =>
      (
        await ctx.database.db
          .selectFrom('users')
          .select('id')
          .where('username_norm', '=', user.username.toLowerCase())
          .executeTakeFirstOrThrow()
      ).id;
    const makePro = async (user: User) =>
      ctx.database.db
        .updateTable('users')
        .set({ member_plan: 'PRO', member_expires_at: toDbDate(Date.now() + 86_400_000) })
        .where('username_norm', '=', user.username.toLowerCase())
        .execute();
    /** one seat of `kind` owned by `user`, running for 30 days (as fulfilment makes them) */
    const seatOf = async (user: User, kind: 'MEMBER' | 'CHANNEL') => {
      const now = new Date();
      const grant = await createSeats(
        ctx.database.db,
        {
          ownerId: await idOf(user),
          orderId: `order-${kind}`,
          orderItemId: `item-${kind}`,
          kind,
          count: 1,
          startsAt: new Date(now.getTime() - 60_000),
          expiresAt: new Date(now.getTime() + 30 * 86_400_000),
        },
        now,
      );
      return grant.seatIds[0]!;
    };
    const assign = async (user: User, payload: Record<string, unknown>) => {
      const res = await call(user, 'POST', '/seat/assign', payload);
      expect(res.statusCode, res.body).toBe(200);
    };

    it('20 parallel connectChecks at the plan’s limit admit exactly the limit (Pro: 3), and a held session keeps its place', async () => {
      const user = await signUp(app);
      await makePro(user);
      const from = await register(user, 'par-from', {}, CN_IP);
      const targets: DeviceAnswer[] = [];
      for (let i = 0; i < 20; i++) targets.push(await register(user, `par-${i}`, {}, CN_IP));
      const answers = await Promise.all(targets.map((to) => check(user, from.id, to.id)));
      expect(answers.filter((a) => a.allowed)).toHaveLength(3);
      expect(answers.filter((a) => !a.allowed).map((a) => a.reason)).toEqual(Array(17).fill('SESSION_LIMIT'));
      const held = targets.filter((_, i) => answers[i]!.allowed);
      // checking a device already in session again is the same session, not a fourth
      expect((await check(user, from.id, held[0]!.id)).allowed).toBe(true);
      // the controller reports it keeps one: two places free up, and 17 parallel checks take exactly 2
      await call(user, 'POST', '/device/heartbeat', { deviceId: 'par-from', sessions: [held[0]!.id] }, CN_IP);
      const rest = targets.filter((_, i) => !answers[i]!.allowed);
      const again = await Promise.all(rest.map((to) => check(user, from.id, to.id)));
      expect(again.filter((a) => a.allowed)).toHaveLength(2);
      // a heartbeat cannot add a session the broker did not admit
      await call(user, 'POST', '/device/heartbeat', { deviceId: 'par-from', sessions: targets.map((t) => t.id) }, CN_IP);
      expect((await check(user, from.id, rest.find((_, i) => !again[i]!.allowed)!.id)).reason).toBe('SESSION_LIMIT');
    });

    it('20 parallel connectChecks on the free plan (1) admit exactly one', async () => {
      const user = await signUp(app);
      const from = await register(user, 'free-from', {}, CN_IP);
      const targets: DeviceAnswer[] = [];
      for (let i = 0; i < 9; i++) targets.push(await register(user, `free-${i}`, {}, CN_IP));
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => check(user, from.id, targets[i % 9]!.id)));
      const admitted = new Set(answers.flatMap((a, i) => (a.allowed ? [targets[i % 9]!.id] : [])));
      expect(admitted.size).toBe(1);
      expect(answers.filter((a) => !a.allowed).every((a) => a.reason === 'SESSION_LIMIT')).toBe(true);
    });

    it('a device holding a MEMBER seat has the paid session limit and does not count against the device limit; a CHANNEL seat crosses the border', async () => {
      const user = await signUp(app);
      const devices: DeviceAnswer[] = [];
      for (let i = 0; i < 10; i++) devices.push(await register(user, `seat-${i}`, {}, CN_IP));
      const [d0, d1, d2, d3, d4] = devices as [DeviceAnswer, DeviceAnswer, DeviceAnswer, DeviceAnswer, DeviceAnswer];
      expect((await check(user, d0.id, d1.id)).allowed).toBe(true);
      expect(await check(user, d0.id, d2.id)).toMatchObject({
        allowed: false,
        reason: 'SESSION_LIMIT',
        message: 'Your plan’s limit of simultaneous sessions is 1. End one to start another.',
        sessionId: null,
      });
      expect((await call(user, 'POST', '/device/register', { deviceId: 'seat-10', name: 'Eleventh', clientType: 'WIN' })).statusCode).toBe(
        409,
      );

      await assign(user, { seatId: await seatOf(user, 'MEMBER'), deviceId: d0.id });
      // the seated controller has Pro's 3 simultaneous sessions
      expect((await check(user, d0.id, d2.id)).allowed).toBe(true);
      expect((await check(user, d0.id, d3.id)).allowed).toBe(true);
      expect(await check(user, d0.id, d4.id)).toMatchObject({
        allowed: false,
        reason: 'SESSION_LIMIT',
        message: 'Your plan’s limit of simultaneous sessions is 3. End one to start another.',
      });
      // an unseated controller of the same free account still has 1 (and 3 are in use)
      expect((await check(user, d1.id, d4.id)).reason).toBe('SESSION_LIMIT');
      // the seated device counts as paid: 9 devices count against the free 10, so one more fits
      await register(user, 'seat-10');
      const refused = await call(user, 'POST', '/device/register', { deviceId: 'seat-11', name: 'Twelfth', clientType: 'WIN' });
      expect([refused.statusCode, body(refused).errcode]).toEqual([409, 70002]);

      // cross-border: the account (registered now) has no channel; a CHANNEL seat on the controller gives it
      await call(user, 'POST', '/device/heartbeat', { deviceId: 'seat-0', sessions: [] }, CN_IP);
      await call(user, 'POST', '/device/heartbeat', { deviceId: 'seat-4' }, US_IP);
      expect((await check(user, d0.id, d4.id)).reason).toBe('CROSS_BORDER');
      await assign(user, { seatId: await seatOf(user, 'CHANNEL'), deviceId: d0.id });
      expect((await check(user, d0.id, d4.id)).allowed).toBe(true);
    });

    it('an account holding a MEMBER seat has the paid device and session limits', async () => {
      const buyer = await signUp(app);
      const holder = await signUp(app);
      const devices: DeviceAnswer[] = [];
      for (let i = 0; i < 10; i++) devices.push(await register(holder, `held-${i}`, {}, CN_IP));
      expect(
        (await call(holder, 'POST', '/device/register', { deviceId: 'held-10', name: 'Eleventh', clientType: 'WIN' })).statusCode,
      ).toBe(409);
      expect((await check(holder, devices[0]!.id, devices[1]!.id)).allowed).toBe(true);
      expect((await check(holder, devices[0]!.id, devices[2]!.id)).reason).toBe('SESSION_LIMIT');

      await assign(buyer, { seatId: await seatOf(buyer, 'MEMBER'), account: holder.username });
      await register(holder, 'held-10');
      expect((await check(holder, devices[0]!.id, devices[2]!.id)).allowed).toBe(true);
      expect(body<Record<string, unknown>>(await call(holder, 'GET', '/user/queryManageCount')).data).toMatchObject({
        deviceLimit: 100,
        sessionLimit: 3,
        deviceCount: 11,
      });
    });
  });

  describe('the heartbeat’s caches (session, device, seats), ended at once by every change on every instance', () => {
    // A second API instance on the same database and the same store: what one instance changes,
    // the other's very next heartbeat answers.
    let other: App;
    beforeAll(async () => {
      other = await buildTestApp(ctx.database, { deps: { kv: store } });
    });
    afterAll(async () => {
      await other.close();
    });
    const beatOn = (instance: App, token: string, deviceId: string) =>
      instance.inject({
        method: 'POST',
        url: '/device/heartbeat',
        headers: { authorization: token, 'accept-language': 'en' },
        remoteAddress: '10.1.1.1',
        payload: { deviceId },
      });
    type Beat = {
      policy: string;
      device: { name: string; groupId: string | null };
      seats: { id: string; kind: string; expiresAt: string }[];
    };
    const loginAgain = async (user: User) => {
      const res = await app.inject({
        method: 'POST',
        url: '/h5Login',
        payload: { loginType: 'account', account: user.username, password: user.password },
        remoteAddress: newIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
      return body<{ access_token: string }>(res).data.access_token;
    };

    it('serves the beat from the cache: a row changed behind the API’s back is not seen, a change through it is, on the other instance at once', async () => {
      const user = await signUp(app);
      // made in the database, as by a registration over a minute ago: a registration itself ends
      // the cached row, and fills wait a minute after any change (CACHE_TOMBSTONE_MS)
      const ownerId = (
        await ctx.database.db
          .selectFrom('users')
          .select('id')
          .where('username_norm', '=', user.username.toLowerCase())
          .executeTakeFirstOrThrow()
      ).id;
      const stamp = toDbDate(Date.now() - 120_000);
      const device = {
        id: newId(),
        user_id: ownerId,
        device_key: 'cache-1',
        name: 'Kiosk',
        client_type: 'WIN',
        chip_type: null,
        os_version: null,
        app_version: null,
        group_id: null,
        policy: 'ALL',
        last_ip: '10.1.1.1',
        last_country: null,
        last_seen_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      };
      await insertDevice(ctx.database.db, device);
      expect(body<Beat>(await beatOn(other, user.token, 'cache-1')).data.policy).toBe('ALL');
      // written straight to the database, without the API: the cached row still answers
      await ctx.database.db.updateTable('devices').set({ policy: 'GUEST' }).where('id', '=', device.id).execute();
      expect(body<Beat>(await beatOn(other, user.token, 'cache-1')).data.policy).toBe('ALL');
      // last seen two minutes ago from the same address: neither beat wrote it (the row's own time started the throttle)
      expect(
        (await ctx.database.db.selectFrom('devices').select('last_seen_at').where('id', '=', device.id).executeTakeFirstOrThrow())
          .last_seen_at,
      ).toBe(stamp);
      // a policy set on the web (instance one) is in the very next beat on instance two
      await call(user, 'POST', '/device/update', { deviceId: device.id, policy: 'ONLY_CONTROLLED', name: 'Renamed' });
      expect(body<Beat>(await beatOn(other, user.token, 'cache-1')).data).toMatchObject({
        policy: 'ONLY_CONTROLLED',
        device: { name: 'Renamed' },
      });
      // deleting its group puts it back in no group, in the next beat too
      const group = body<{ id: string }>(await call(user, 'POST', '/deviceGroup/create', { name: 'Cache room' })).data;
      await call(user, 'POST', '/device/update', { deviceId: device.id, groupId: group.id });
      expect(body<Beat>(await beatOn(other, user.token, 'cache-1')).data.device.groupId).toBe(group.id);
      await call(user, 'POST', '/deviceGroup/delete', { groupId: group.id });
      expect(body<Beat>(await beatOn(other, user.token, 'cache-1')).data.device.groupId).toBeNull();
      // removed: the next beat does not find it
      expect(body(await call(user, 'POST', '/device/remove', { deviceId: device.id })).errcode).toBe(0);
      expect(body(await beatOn(other, user.token, 'cache-1'))).toMatchObject({ errcode: 70001 });
    });

    it('a session ended on one instance is refused by the next beat on the other: log-out, revoke, revoke others, password change', async () => {
      const user = await signUp(app);
      await register(user, 'cache-2');
      const [second, third] = [await loginAgain(user), await loginAgain(user)];
      for (const token of [user.token, second, third]) expect((await beatOn(other, token, 'cache-2')).statusCode).toBe(200);

      expect((await app.inject({ method: 'POST', url: '/logout', headers: { authorization: second } })).statusCode).toBe(200);
      expect((await beatOn(other, second, 'cache-2')).statusCode).toBe(401);

      const sessions = body<{ sessions: { id: string; current: boolean }[] }>(
        await app.inject({ url: '/user/sessions', headers: { authorization: user.token } }),
      ).data.sessions;
      const notMine = sessions.filter((session) => !session.current);
      expect(notMine).toHaveLength(1); // the third (the second is over)
      await call(user, 'POST', '/user/sessions/revoke', { id: notMine[0]!.id });
      expect((await beatOn(other, third, 'cache-2')).statusCode).toBe(401);

      const fourth = await loginAgain(user);
      expect((await beatOn(other, fourth, 'cache-2')).statusCode).toBe(200);
      expect(body<{ revoked: number }>(await call(user, 'POST', '/user/sessions/revokeOthers')).data.revoked).toBe(1);
      expect((await beatOn(other, fourth, 'cache-2')).statusCode).toBe(401);

      const changed = await call(user, 'POST', '/user/changePassword', {
        oldPassword: user.password,
        password: 'Other#4567',
        confirmPassword: 'Other#4567',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await beatOn(other, user.token, 'cache-2')).statusCode).toBe(401);
      // and the session the change opened works on both
      const fresh = body<{ access_token: string }>(changed).data.access_token;
      expect((await beatOn(other, fresh, 'cache-2')).statusCode).toBe(200);
    });

    it('register and heartbeat answer the device’s running seats; assigning and unassigning reach the next beat on the other instance', async () => {
      const user = await signUp(app);
      const device = await register(user, 'cache-3');
      expect(body<Beat>(await beatOn(other, user.token, 'cache-3')).data.seats).toEqual([]);
      const ownerId = (
        await ctx.database.db
          .selectFrom('users')
          .select('id')
          .where('username_norm', '=', user.username.toLowerCase())
          .executeTakeFirstOrThrow()
      ).id;
      const now = new Date();
      const ends = new Date(now.getTime() + 30 * 86_400_000);
      const grant = await createSeats(
        ctx.database.db,
        {
          ownerId,
          orderId: 'order-cache',
          orderItemId: 'item-cache',
          kind: 'MEMBER',
          count: 1,
          startsAt: new Date(now.getTime() - 60_000),
          expiresAt: ends,
        },
        now,
      );
      const seatId = grant.seatIds[0]!;
      expect((await call(user, 'POST', '/seat/assign', { seatId, deviceId: device.id })).statusCode).toBe(200);
      const seated = [{ id: seatId, kind: 'MEMBER', expiresAt: ends.toISOString() }];
      expect(body<Beat>(await beatOn(other, user.token, 'cache-3')).data.seats).toEqual(seated);
      const again = await call(user, 'POST', '/device/register', { deviceId: 'cache-3', name: 'PC cache-3', clientType: 'WIN' });
      expect(body<Beat>(again).data.seats).toEqual(seated);
      // past the seat's end the answer drops it, whatever the cache holds
      const later = await heartbeat(
        ctx.database.db,
        store,
        { userId: ownerId, ip: '10.1.1.1', now: new Date(ends.getTime() + 1) },
        'cache-3',
      );
      expect(later.seats).toEqual([]);
      expect((await call(user, 'POST', '/seat/unassign', { seatId })).statusCode).toBe(200);
      expect(body<Beat>(await beatOn(other, user.token, 'cache-3')).data.seats).toEqual([]);
    });
  });

  it('bad input gets envelope errors in the caller’s language, never a 500', async () => {
    const user = await signUp(app);
    for (const [url, payload] of [
      ['/device/register', { deviceId: '', name: 'x', clientType: 'TOASTER' }],
      ['/device/share', { deviceId: 'a', groupId: 'b', account: 'x', permission: 'VIEW' }],
      ['/device/removeBatch', { deviceIds: [] }],
      ['/device/connectCheck', {}],
    ] as const) {
      const res = await app.inject({ method: 'POST', url, headers: { authorization: user.token, 'accept-language': 'fr' }, payload });
      expect([url, res.statusCode, body(res).errcode]).toEqual([url, 400, 40001]);
    }
    const listed = await call(user, 'GET', '/device/list?online=maybe&pageSize=1000');
    expect(listed.statusCode).toBe(400);
    expect((await call(user, 'GET', '/device/list')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/device/list' })).statusCode).toBe(401);
  });
});
