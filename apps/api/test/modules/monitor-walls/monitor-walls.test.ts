import { ErrorCode, type TMonitorWall, type TMonitorWallList } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { type OwnsDevice } from '../../../src/modules/monitor-walls';
import { createCodeBatch } from '../../../src/modules/redeem/redeem.service';
import { testDialects, useTestApp } from '../../helper';
import { body, newUser } from '../orders/support';

// Screen walls (docs/adr/0018-seats-codes-walls.md): the devices on all of an account's walls
// never exceed the walls it owns, the app reads the layout in order, another account's wall
// and devices are "not found". The first suite passes a stand-in ownership check (a device
// `dev-<userId>-…` is that user's) as buildApp's deps.ownsDevice, so the wall rules are tested
// without registering devices; the last one uses the app's own check on registered devices.

const ownsDevice: OwnsDevice = (_db, userId, deviceId) => Promise.resolve(deviceId.startsWith(`dev-${userId}-`));
const PEPPER = 'llk-development-redeem-pepper-not-for-production';

describe.each(testDialects())('screen walls on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect, { deps: { ownsDevice } });
  const headers = (token: string) => ({ authorization: token, 'accept-language': 'en' });
  const save = (token: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/monitorWall/save', headers: headers(token), payload });
  const list = async (token: string) =>
    body<TMonitorWallList>(await ctx.app.inject({ url: '/monitorWall/list', headers: headers(token) })).data;
  async function ownWalls(token: string, walls: number) {
    const [code] = await createCodeBatch(ctx.database.db, PEPPER, { kind: 'MONITOR', amount: walls, count: 1, batch: 'walls-test' });
    const res = await ctx.app.inject({ method: 'POST', url: '/redeem', headers: headers(token), payload: { code } });
    expect(res.statusCode, res.body).toBe(200);
  }
  const devices = (userId: string, n: number, from = 0) => Array.from({ length: n }, (_, i) => `dev-${userId}-${from + i}`);

  it('keeps the layout in order and never holds more devices than the walls owned', async () => {
    const user = await newUser(ctx.app);
    expect(await list(user.token)).toEqual({ walls: [], owned: 0, used: 0 });
    const none = await save(user.token, { name: 'Lobby', deviceIds: devices(user.id, 1) });
    expect(none.statusCode).toBe(409);
    expect(body(none).errcode).toBe(ErrorCode.WALL_LIMIT_EXCEEDED);
    expect(body(none).errmsg).toContain('at most 0 devices');

    await ownWalls(user.token, 4);
    const layout = [`dev-${user.id}-2`, `dev-${user.id}-0`, `dev-${user.id}-1`];
    const first = await save(user.token, { name: ' Lobby ', deviceIds: layout });
    expect(first.statusCode, first.body).toBe(200);
    const wall = body<TMonitorWall>(first).data;
    expect(wall).toMatchObject({ name: 'Lobby', deviceIds: layout });

    const second = await save(user.token, { name: 'Office', deviceIds: devices(user.id, 2, 10) });
    expect(body(second).errcode).toBe(ErrorCode.WALL_LIMIT_EXCEEDED);
    expect(body(second).data).toEqual({ owned: 4, used: 3 });
    expect((await save(user.token, { name: 'Office', deviceIds: devices(user.id, 1, 10) })).statusCode).toBe(200);

    // replacing a wall counts its new layout instead of the old one
    const reordered = await save(user.token, { id: wall.id, name: 'Lobby', deviceIds: [`dev-${user.id}-1`, `dev-${user.id}-2`] });
    expect(body<TMonitorWall>(reordered).data.deviceIds).toEqual([`dev-${user.id}-1`, `dev-${user.id}-2`]);
    const after = await list(user.token);
    expect(after).toMatchObject({ owned: 4, used: 3 });
    expect(after.walls.map((w) => w.name)).toEqual(['Lobby', 'Office']);
  });

  it('20 parallel saves of new walls fill the owned places and no more', async () => {
    const user = await newUser(ctx.app);
    await ownWalls(user.token, 5);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => save(user.token, { name: `Wall ${i}`, deviceIds: devices(user.id, 2, i * 2) })),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(2);
    for (const res of answers.filter((r) => r.statusCode !== 200)) expect(body(res).errcode).toBe(ErrorCode.WALL_LIMIT_EXCEEDED);
    expect(await list(user.token)).toMatchObject({ owned: 5, used: 4 });
  });

  it("answers another account's wall and devices as not found", async () => {
    const owner = await newUser(ctx.app);
    const other = await newUser(ctx.app);
    await ownWalls(owner.token, 2);
    await ownWalls(other.token, 2);
    const wall = body<TMonitorWall>(await save(owner.token, { name: 'Mine', deviceIds: devices(owner.id, 1) })).data;

    const foreignDevice = await save(other.token, { name: 'Theirs', deviceIds: [`dev-${owner.id}-0`] });
    expect(foreignDevice.statusCode).toBe(404);
    expect(body(foreignDevice).errcode).toBe(ErrorCode.WALL_DEVICE_NOT_FOUND);
    const foreignWall = await save(other.token, { id: wall.id, name: 'Taken', deviceIds: [] });
    expect(body(foreignWall).errcode).toBe(ErrorCode.WALL_NOT_FOUND);
    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/monitorWall/delete',
      headers: headers(other.token),
      payload: { id: wall.id },
    });
    expect(body(deleted).errcode).toBe(ErrorCode.WALL_NOT_FOUND);
    expect((await list(other.token)).walls).toEqual([]);
    expect((await list(owner.token)).walls.map((w) => w.name)).toEqual(['Mine']);

    expect(
      (await ctx.app.inject({ method: 'POST', url: '/monitorWall/delete', headers: headers(owner.token), payload: { id: wall.id } }))
        .statusCode,
    ).toBe(200);
    expect(await list(owner.token)).toMatchObject({ walls: [], used: 0 });
  });

  it('refuses bad input in the caller’s language', async () => {
    const user = await newUser(ctx.app);
    for (const payload of [
      {},
      { name: '', deviceIds: [] },
      { name: 'x', deviceIds: ['a', 'a'] },
      { name: 'x', deviceIds: ['bad id'] },
      { name: 'x'.repeat(65), deviceIds: [] },
    ]) {
      const res = await save(user.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).errcode).toBe(ErrorCode.VALIDATION_FAILED);
    }
    expect((await ctx.app.inject({ url: '/monitorWall/list' })).statusCode).toBe(401);
  });
});

// With the app's own check (the devices module's canUseDevice): devices registered through the
// device API, one's own and one shared, go on a wall; another account's device is "not found".
describe.each(testDialects())('screen walls with registered devices on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const headers = (token: string) => ({ authorization: token, 'accept-language': 'en' });
  const post = (token: string, url: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url, headers: headers(token), payload });
  async function register(token: string, deviceId: string): Promise<string> {
    const res = await post(token, '/device/register', { deviceId, name: `PC ${deviceId}`, clientType: 'WIN' });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ device: { id: string } }>(res).data.device.id;
  }

  it('takes the user’s own and shared devices and refuses another account’s', async () => {
    const [user, other, stranger] = [await newUser(ctx.app), await newUser(ctx.app), await newUser(ctx.app)];
    const [code] = await createCodeBatch(ctx.database.db, PEPPER, { kind: 'MONITOR', amount: 3, count: 1, batch: 'walls-devices' });
    expect((await post(user.token, '/redeem', { code })).statusCode).toBe(200);
    const own = await register(user.token, 'app-own-1');
    const shared = await register(other.token, 'app-shared-1');
    const foreign = await register(stranger.token, 'app-foreign-1');
    const share = await post(other.token, '/device/share', { deviceId: shared, account: user.username, permission: 'VIEW' });
    expect(share.statusCode, share.body).toBe(200);

    const saved = await post(user.token, '/monitorWall/save', { name: 'Desk', deviceIds: [shared, own] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body<TMonitorWall>(saved).data.deviceIds).toEqual([shared, own]);
    const refused = await post(user.token, '/monitorWall/save', { name: 'Other', deviceIds: [foreign] });
    expect(body(refused)).toMatchObject({ errcode: ErrorCode.WALL_DEVICE_NOT_FOUND, data: { deviceId: foreign } });
  });
});
