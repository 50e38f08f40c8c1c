import path from 'node:path';
import { readFileSync } from 'node:fs';
import { ErrorCode, type TAdminConnectCheck, type TAdminDeviceDetail, type TAdminDevicesPage } from '@llk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { toDbDate } from '../../../src/infrastructure/db/dialect';
import { pricingSeedStep } from '../../../src/modules/pricing/pricing.seed';
import { createSeats } from '../../../src/modules/seats';
import { kvCases, newIp, signUp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { body } from '../orders/support';
import { newStaff, type Staff } from '../admin/support';

// The back office's devices (ADR 0019, devices.read: OPS, SUPPORT, OWNER): the search with keyset
// pages, a device's page (group, policy, presence, country, shares, seats, walls) and the connect
// check explained with the devices module's own rules, which takes no session.

const SEED_DIR = path.resolve(import.meta.dirname, '../../../../../content/seed');
const CN_IP = '114.114.114.114';

type User = Awaited<ReturnType<typeof signUp>>;

// presence lives in the key-value store: the in-process one, and Redis when TEST_REDIS_URL is set
const legs = testDialects().flatMap(({ dialect }) => kvCases().map((kv) => ({ dialect, kv })));

describe.each(legs)('back office: devices ($dialect, $kv.kind store)', ({ dialect, kv }) => {
  const ctx = useTestApp(dialect, { deps: { kv: kv.create() } });
  const db = () => ctx.database.db;
  beforeAll(async () => {
    await pricingSeedStep.run(ctx.database.db, {
      dir: SEED_DIR,
      readJson: (file) => JSON.parse(readFileSync(path.join(SEED_DIR, file), 'utf8')),
    });
  });

  const stamp = () => Math.random().toString(36).slice(2, 8);
  const call = (user: User, url: string, payload: Record<string, unknown>, ip = newIp()) =>
    ctx.app.inject({ method: 'POST', url, headers: { authorization: user.token, 'accept-language': 'en' }, remoteAddress: ip, payload });
  const ok = async <T = Record<string, unknown>>(user: User, url: string, payload: Record<string, unknown>, ip?: string) => {
    const res = await call(user, url, payload, ip);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return body<T>(res).data;
  };
  const register = async (user: User, deviceId: string, name = `PC ${deviceId}`, ip?: string) =>
    (
      await ok<{ device: { id: string } }>(
        user,
        '/device/register',
        { deviceId, name, clientType: 'WIN', osVersion: 'Windows 11', appVersion: '3.5.0' },
        ip,
      )
    ).device.id;
  const userId = async (user: User) =>
    (await db().selectFrom('users').select('id').where('username', '=', user.username).executeTakeFirstOrThrow()).id;
  const get = (url: string, staff: Staff) => ctx.app.inject({ url, cookies: staff.cookies, headers: { 'accept-language': 'en' } });
  const search = async (staff: Staff, q: string, extra = '') => {
    const res = await get(`/admin/devices?q=${encodeURIComponent(q)}${extra}`, staff);
    expect(res.statusCode, res.body).toBe(200);
    return body<TAdminDevicesPage>(res).data;
  };
  const explain = async (staff: Staff, from: string, to: string) => {
    const res = await get(`/admin/devices/connect-check?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, staff);
    expect(res.statusCode, res.body).toBe(200);
    return body<TAdminConnectCheck>(res).data;
  };

  it('finds devices by id, by app device id (exact or its start, any case), by part of the name and by the owner; pages newest first', async () => {
    const ops = await newStaff(db(), 'OPS');
    const [owner, other] = [await signUp(ctx.app), await signUp(ctx.app)];
    const key = `k${stamp()}`;
    const alpha = await register(owner, `${key}-alpha`, `Studio ${key}`);
    const beta = await register(owner, `${key}-beta`, 'Office');
    const gamma = await register(owner, `${key}-gamma`, 'Kitchen');
    const garage = await register(other, `other-${key}`, 'Garage');
    // distinct creation times, oldest first: alpha, beta, gamma
    for (const [i, id] of [alpha, beta, gamma].entries())
      await db()
        .updateTable('devices')
        .set({ created_at: toDbDate(Date.UTC(2026, 0, 1, 0, 0, i)) })
        .where('id', '=', id)
        .execute();
    const ids = async (q: string) => (await search(ops, q)).items.map((item) => item.id);

    expect(await ids(`${key}-alpha`)).toEqual([alpha]);
    expect(await ids(alpha)).toEqual([alpha]);
    expect(await ids(`${key.toUpperCase()}-`)).toEqual([gamma, beta, alpha]);
    expect(await ids(`UDIO ${key}`)).toEqual([alpha]);
    expect(await ids(`other-${key}`)).toEqual([garage]);
    for (const q of [owner.username, owner.mobile, owner.email, await userId(owner)]) expect(await ids(q), q).toEqual([gamma, beta, alpha]);
    // an owner's username prefix is not a match; LIKE wildcards are plain characters
    expect(await ids(owner.username.slice(0, -1))).toEqual([]);
    expect(await ids(`${key}_alpha`)).toEqual([]);
    expect(await ids(`${key}%`)).toEqual([]);

    const [row] = (await search(ops, `${key}-alpha`)).items;
    expect(row).toEqual({
      id: alpha,
      deviceId: `${key}-alpha`,
      name: `Studio ${key}`,
      clientType: 'WIN',
      osVersion: 'Windows 11',
      appVersion: '3.5.0',
      policy: 'ALL',
      owner: { id: await userId(owner), username: owner.username },
      online: true,
      lastSeenAt: expect.any(String) as unknown as string,
      createdAt: '2026-01-01T00:00:00.000Z',
    });

    // pages of one, newest first, then the end
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const page: TAdminDevicesPage = await search(ops, owner.username, `&limit=1${next ? `&before=${encodeURIComponent(next)}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.items.map((item) => item.id));
      next = page.next;
    } while (next);
    expect(seen).toEqual([gamma, beta, alpha]);

    for (const bad of [
      '',
      '?q=',
      '?q=a&before=nope',
      '?q=a&limit=0',
      '?q=a&limit=101',
      `?q=${'x'.repeat(129)}`,
      '?q=a%00b',
      '?q=a&extra=1',
    ]) {
      const res = await get(`/admin/devices${bad}`, ops);
      expect({ bad, status: res.statusCode, errcode: body(res).errcode }).toEqual({
        bad,
        status: 400,
        errcode: ErrorCode.VALIDATION_FAILED,
      });
    }
  });

  it("a device's page: owner, group, policy and what it allows, presence, country, shares, seats and walls", async () => {
    const support = await newStaff(db(), 'SUPPORT');
    const [owner, friend, colleague] = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    const key = `d${stamp()}`;
    const desk = await register(owner, key, 'Desk', CN_IP);
    const group = await ok<{ id: string; name: string }>(owner, '/deviceGroup/create', { name: 'Office' });
    await ok(owner, '/device/update', { deviceId: desk, groupId: group.id, policy: 'ONLY_CONTROLLED' });
    await ok(owner, '/device/share', { deviceId: desk, account: friend.username, permission: 'CONTROL' });
    await ok(owner, '/device/share', { groupId: group.id, account: colleague.username, permission: 'VIEW' });
    const now = new Date();
    const ends = new Date(now.getTime() + 30 * 86_400_000);
    const grant = await createSeats(
      db(),
      {
        ownerId: await userId(owner),
        orderId: `order-${key}`,
        orderItemId: `item-${key}`,
        kind: 'MEMBER',
        count: 1,
        startsAt: new Date(now.getTime() - 60_000),
        expiresAt: ends,
      },
      now,
    );
    const seatId = grant.seatIds[0]!;
    await ok(owner, '/seat/assign', { seatId, deviceId: desk });
    // the friend puts the shared device second on a wall of their own
    await db().updateTable('users').set({ monitor_count: 4 }).where('username', '=', friend.username).execute();
    const lobby = await register(friend, `${key}-lobby`);
    const wall = await ok<{ id: string }>(friend, '/monitorWall/save', { name: 'Lobby', deviceIds: [lobby, desk] });

    const res = await get(`/admin/devices/${desk}`, support);
    expect(res.statusCode, res.body).toBe(200);
    const detail = body<TAdminDeviceDetail>(res).data;
    const [ownerId, friendId, colleagueId] = await Promise.all([userId(owner), userId(friend), userId(colleague)]);
    expect(detail.device).toMatchObject({
      id: desk,
      deviceId: key,
      name: 'Desk',
      policy: 'ONLY_CONTROLLED',
      online: true,
      lastCountry: 'CN',
      owner: { id: ownerId, username: owner.username },
    });
    expect(detail.owner).toMatchObject({ id: ownerId, username: owner.username });
    expect(detail.group).toEqual({ id: group.id, name: 'Office' });
    expect(detail.policy).toEqual({ value: 'ONLY_CONTROLLED', mayControl: false, mayBeControlled: true });
    expect(
      detail.shares
        .map(({ recipient, permission, group: via }) => ({ recipient: recipient.id, permission, via: via?.name ?? null }))
        .sort((a, b) => a.permission.localeCompare(b.permission)),
    ).toEqual([
      { recipient: friendId, permission: 'CONTROL', via: null },
      { recipient: colleagueId, permission: 'VIEW', via: 'Office' },
    ]);
    expect(detail.shares.every((share) => typeof share.createdAt === 'string')).toBe(true);
    expect(detail.seats).toEqual([
      {
        id: seatId,
        kind: 'MEMBER',
        owner: { id: ownerId, username: owner.username },
        startsAt: expect.any(String),
        expiresAt: ends.toISOString(),
        assignedAt: expect.any(String),
        running: true,
      },
    ]);
    expect(detail.walls).toEqual([
      { id: wall.id, name: 'Lobby', owner: { id: friendId, username: friend.username }, deviceCount: 2, position: 2 },
    ]);

    const missing = await get('/admin/devices/01NOSUCHDEVICE', support);
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toMatchObject({ errcode: ErrorCode.DEVICE_NOT_FOUND, errmsg: expect.any(String), data: null });
    const bad = await get('/admin/devices/not-an-id!', support);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errcode).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it('explains a connect check in the broker’s order — not shared, policy, permission — and an allowed pair, taking no session', async () => {
    const ops = await newStaff(db(), 'OPS');
    const [owner, friend] = [await signUp(ctx.app), await signUp(ctx.app)];
    const key = `c${stamp()}`;
    const from = await register(owner, `${key}-from`, 'Laptop', CN_IP);
    const to = await register(owner, `${key}-to`, 'Desktop', CN_IP);
    const other = await register(owner, `${key}-other`, 'Spare', CN_IP);
    const theirs = await register(friend, `${key}-theirs`, 'Their PC', CN_IP);

    // allowed, named by app device ids or by ids; the free plan allows one session at a time
    const allowed = await explain(ops, `${key}-from`, `${key}-to`);
    expect(allowed).toMatchObject({
      allowed: true,
      reason: null,
      owned: true,
      permission: 'MANAGE',
      from: { id: from, deviceId: `${key}-from`, policy: 'ALL', mayControl: true, country: 'CN', owner: { username: owner.username } },
      to: { id: to, policy: 'ALL', mayBeControlled: true, country: 'CN' },
      crossesBorder: false,
      sessionLimit: 1,
    });
    expect((await explain(ops, from, to)).allowed).toBe(true);
    // no session was taken: the customer's own check of another pair still gets the one session
    const check = await ctx.app.inject({
      method: 'POST',
      url: '/device/connectCheck',
      headers: { authorization: owner.token },
      payload: { fromDeviceId: from, toDeviceId: other },
    });
    expect(body(check).data).toMatchObject({ allowed: true });

    // not shared: the friend's device is neither the owner's nor shared with them
    expect(await explain(ops, from, theirs)).toMatchObject({ allowed: false, reason: 'NOT_SHARED', permission: null, owned: false });
    // shared for viewing only
    await ok(friend, '/device/share', { deviceId: theirs, account: owner.username, permission: 'VIEW' });
    expect(await explain(ops, from, `${key}-theirs`)).toMatchObject({
      allowed: false,
      reason: 'PERMISSION',
      permission: 'VIEW',
      owned: false,
    });
    await ok(friend, '/device/share', { deviceId: theirs, account: owner.username, permission: 'CONTROL' });
    expect(await explain(ops, from, theirs)).toMatchObject({ allowed: true, reason: null, permission: 'CONTROL' });
    // policy: the target may not be controlled, then the controller may not control
    await ok(owner, '/device/update', { deviceId: to, policy: 'LOGIN_OUT' });
    expect(await explain(ops, from, to)).toMatchObject({
      allowed: false,
      reason: 'POLICY',
      to: { policy: 'LOGIN_OUT', mayBeControlled: false },
    });
    await ok(owner, '/device/update', { deviceId: to, policy: 'ALL' });
    await ok(owner, '/device/update', { deviceId: from, policy: 'ONLY_CONTROLLED' });
    expect(await explain(ops, from, to)).toMatchObject({
      allowed: false,
      reason: 'POLICY',
      from: { policy: 'ONLY_CONTROLLED', mayControl: false },
    });

    // an app device id two accounts use: the target is looked up on the controller's account first; the controller cannot be
    await register(friend, `${key}-to`);
    expect((await explain(ops, from, `${key}-to`)).to.id).toBe(to);
    const ambiguous = await get(`/admin/devices/connect-check?from=${key}-to&to=${from}`, ops);
    expect(ambiguous.statusCode).toBe(409);
    expect(body(ambiguous).errcode).toBe(ErrorCode.ADMIN_DEVICE_AMBIGUOUS);
    const unknown = await get(`/admin/devices/connect-check?from=${from}&to=no-such-device`, ops);
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).errcode).toBe(ErrorCode.DEVICE_NOT_FOUND);
    for (const bad of ['', `?from=${from}`, `?from=${from}&to=`, `?from=${from}&to=${to}&extra=1`]) {
      const res = await get(`/admin/devices/connect-check${bad}`, ops);
      expect({ bad, status: res.statusCode, errcode: body(res).errcode }).toEqual({
        bad,
        status: 400,
        errcode: ErrorCode.VALIDATION_FAILED,
      });
    }
  });

  it('is for OPS, SUPPORT and OWNER: CONTENT and FINANCE get 403', async () => {
    const owner = await signUp(ctx.app);
    const device = await register(owner, `p${stamp()}`);
    const urls = [`/admin/devices?q=${device}`, `/admin/devices/${device}`, `/admin/devices/connect-check?from=${device}&to=${device}`];
    for (const role of ['OPS', 'SUPPORT', 'OWNER'] as const) {
      const staff = await newStaff(db(), role);
      for (const url of urls) expect([role, url, (await get(url, staff)).statusCode]).toEqual([role, url, 200]);
    }
    for (const role of ['CONTENT', 'FINANCE'] as const) {
      const staff = await newStaff(db(), role);
      for (const url of urls) {
        const res = await get(url, staff);
        expect([role, url, res.statusCode, body(res).errcode]).toEqual([role, url, 403, 40300]);
      }
    }
  });
});
