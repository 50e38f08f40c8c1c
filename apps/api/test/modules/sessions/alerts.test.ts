import path from 'node:path';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId, toDbDate } from '../../../src/infrastructure/db/dialect';
import { insertDevice } from '../../../src/modules/devices/devices.repository';
import { pricingSeedStep } from '../../../src/modules/pricing/pricing.seed';
import { accessAlertsListener } from '../../../src/modules/sessions/access-alerts';
import { deleteAlertsOfUser } from '../../../src/modules/sessions';
import { type ConnectionSessionsTable, sessionsTables } from '../../../src/modules/sessions/sessions.tables';
import { newIp, proveEmail, signUp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';

// Access alerts, the header's notifications and the security alarm. The listener is handed the
// records as the connect check writes them; times come from each record, so a burst of refused
// attempts is replayed on a clock instead of waited for.

type User = Awaited<ReturnType<typeof signUp>>;
interface Notification {
  id: string;
  kind: string;
  deviceId: string | null;
  deviceName: string;
  sessionId: string | null;
  who: string;
  country: string | null;
  attempts: number | null;
  at: string;
  read: boolean;
}

const MINUTE = 60_000;
const SEED_DIR = path.resolve(import.meta.dirname, '../../../../../content/seed');

describe.each(testDialects())('access alerts and notifications ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  // the connect check reads the plans (simultaneous sessions, how long records are kept)
  beforeAll(async () => {
    await pricingSeedStep.run(ctx.database.db, {
      dir: SEED_DIR,
      readJson: (file) => JSON.parse(readFileSync(path.join(SEED_DIR, file), 'utf8')),
    });
  });
  const listener = () => accessAlertsListener({ db: ctx.app.db, kv: ctx.app.kv, delivery: ctx.app.delivery, log: ctx.app.log });

  const call = (user: User, method: 'GET' | 'POST', url: string, payload?: unknown, locale = 'en') =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: user.token, 'accept-language': locale },
      remoteAddress: newIp(),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  const userIdOf = async (user: User) =>
    (await ctx.database.db.selectFrom('users').select('id').where('username', '=', user.username).executeTakeFirstOrThrow()).id;

  const owner = async () => {
    const user = await signUp(ctx.app);
    await proveEmail(ctx.app, user);
    return { user, id: await userIdOf(user) };
  };

  const device = async (userId: string, name = 'Office PC') => {
    const id = newId();
    const stamp = toDbDate(new Date());
    await insertDevice(ctx.database.db, {
      id,
      user_id: userId,
      device_key: `key-${id}`,
      name,
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
    return id;
  };

  const record = async (values: Partial<ConnectionSessionsTable> & { owner_user_id: string; to_device_id: string }) => {
    const at = values.started_at ?? toDbDate(new Date());
    const row: ConnectionSessionsTable = {
      id: newId(),
      controller_user_id: null,
      from_device_id: null,
      from_device_name: 'Laptop',
      to_device_name: 'Office PC',
      from_client_type: 'WIN',
      to_client_type: 'WIN',
      from_app_version: null,
      to_app_version: null,
      from_ip: '203.0.113.9',
      from_country: 'US',
      to_ip: null,
      to_country: 'CN',
      permission: 'OWN',
      kind: 'CONTROL',
      status: 'LIVE',
      refusal: null,
      alive_at: at,
      ended_at: null,
      end_reason: null,
      ended_by_user_id: null,
      duration_seconds: null,
      bytes: null,
      files_count: 0,
      alarm: 0,
      expires_at: toDbDate(Date.now() + 7 * 24 * 3600_000),
      ...values,
      started_at: at,
    };
    await sessionsTables(ctx.database.db).insertInto('connection_sessions').values(row).execute();
    return row;
  };

  const outbox = (to: string, purpose: string) => (ctx.app.delivery.outbox?.list(to) ?? []).filter((m) => m.purpose === purpose);
  const notifications = async (user: User) => {
    const res = await call(user, 'GET', '/notification/list');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { items: Notification[]; unread: number } }).data;
  };
  const setAlert = (user: User, deviceId: string, channels: { email: boolean; sms: boolean; header: boolean }, locale = 'en') =>
    call(user, 'POST', '/session/alerts/set', { deviceId, ...channels }, locale);

  it('writes nothing and sends nothing for a device without an alert', async () => {
    const { user, id } = await owner();
    const deviceId = await device(id);
    await listener()(await record({ owner_user_id: id, to_device_id: deviceId }));
    expect(await notifications(user)).toEqual({ items: [], unread: 0 });
    expect(outbox(user.email, 'DEVICE_ACCESSED')).toHaveLength(0);
  });

  it('alerts once per session, in the owner’s language, by email and in the header', async () => {
    const { user, id } = await owner();
    const controller = await owner();
    const deviceId = await device(id, 'Studio Mac');
    const set = await setAlert(user, deviceId, { email: true, sms: false, header: true }, 'ko');
    expect(set.statusCode, set.body).toBe(200);
    const alerts = await call(user, 'GET', '/session/alerts', undefined, 'ko');
    expect(alerts.json()).toMatchObject({ data: { items: [{ deviceId, email: true, sms: false, header: true }] } });

    const row = await record({
      owner_user_id: id,
      to_device_id: deviceId,
      to_device_name: 'Studio Mac',
      controller_user_id: controller.id,
    });
    // the connect check of one session repeated: the same record handed over again, also at once
    await Promise.all(Array.from({ length: 20 }, () => listener()(row)));
    await listener()(row);

    const list = await call(user, 'GET', '/notification/list', undefined, 'ko');
    const data = (list.json() as { data: { items: Notification[]; unread: number } }).data;
    expect(data.unread).toBe(1);
    expect(data.items).toEqual([
      expect.objectContaining({
        kind: 'ACCESS',
        deviceId,
        deviceName: 'Studio Mac',
        sessionId: row.id,
        who: controller.user.username,
        country: 'US',
        read: false,
      }),
    ]);
    const mails = outbox(user.email, 'DEVICE_ACCESSED');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('Studio Mac');
    // Korean, as the owner reads the site; the region's name in Korean
    expect(mails[0]?.text).toContain('미국');
    expect(mails[0]?.text).toContain(controller.user.username);
    expect(outbox(user.mobile, 'DEVICE_ACCESSED')).toHaveLength(0);
  });

  it('follows the connect check: one alert for a session however often it is checked, an alarm for refusals', async () => {
    const { user } = await owner();
    const register = async (deviceId: string) => {
      const res = await call(user, 'POST', '/device/register', { deviceId, name: `PC ${deviceId}`, clientType: 'WIN' });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: { device: { id: string } } }).data.device.id;
    };
    const from = await register(`alert-from-${newId()}`);
    const to = await register(`alert-to-${newId()}`);
    expect((await setAlert(user, to, { email: true, sms: false, header: true })).statusCode).toBe(200);
    const check = async () => {
      const res = await call(user, 'POST', '/device/connectCheck', { fromDeviceId: from, toDeviceId: to });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: { allowed: boolean; sessionId: string | null } }).data;
    };
    const first = await check();
    expect(first.allowed).toBe(true);
    // the app retries its check of the running session: the same record, no second alert
    expect((await check()).sessionId).toBe(first.sessionId);
    await ctx.app.sessionEvents.settled();
    expect(outbox(user.email, 'DEVICE_ACCESSED')).toHaveLength(1);
    expect((await notifications(user)).items).toEqual([
      expect.objectContaining({ kind: 'ACCESS', sessionId: first.sessionId, deviceId: to }),
    ]);

    // the device stops taking sessions: 10 refused checks in a row raise the alarm once
    expect((await call(user, 'POST', '/device/update', { deviceId: to, policy: 'GUEST' })).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await check()).allowed).toBe(false);
    await ctx.app.sessionEvents.settled();
    expect((await notifications(user)).items.filter((n) => n.kind === 'ALARM')).toEqual([
      expect.objectContaining({ attempts: 10, deviceId: to }),
    ]);
    expect(outbox(user.email, 'CONNECTION_ALARM')).toHaveLength(1);
  });

  it('sends SMS when asked, and marks notifications read', async () => {
    const { user, id } = await owner();
    const deviceId = await device(id);
    await setAlert(user, deviceId, { email: false, sms: true, header: true });
    await listener()(await record({ owner_user_id: id, to_device_id: deviceId }));
    await listener()(await record({ owner_user_id: id, to_device_id: deviceId }));
    const texts = ctx.app.delivery.outbox?.list(user.mobile).filter((m) => m.purpose === 'DEVICE_ACCESSED') ?? [];
    expect(texts).toHaveLength(2);
    expect(texts[0]?.channel).toBe('SMS');
    expect(outbox(user.email, 'DEVICE_ACCESSED')).toHaveLength(0);

    const before = await notifications(user);
    expect(before.unread).toBe(2);
    const one = await call(user, 'POST', '/notification/read', { ids: [before.items[0]?.id] });
    expect(one.json()).toMatchObject({ data: { marked: 1 } });
    expect((await notifications(user)).unread).toBe(1);
    // another account's read of my notifications changes nothing
    const stranger = await signUp(ctx.app);
    expect((await call(stranger, 'POST', '/notification/read', {})).json()).toMatchObject({ data: { marked: 0 } });
    expect((await notifications(user)).unread).toBe(1);
    expect((await call(user, 'POST', '/notification/read', {})).json()).toMatchObject({ data: { marked: 1 } });
    expect((await notifications(user)).unread).toBe(0);

    // an erased account's settings and notifications go with it
    await deleteAlertsOfUser(ctx.database.db, id);
    expect(await notifications(user)).toEqual({ items: [], unread: 0 });
    expect((await call(user, 'GET', '/session/alerts')).json()).toMatchObject({ data: { items: [] } });
  });

  it('sends at most 6 in an hour for one device, and still writes all 20 notifications', async () => {
    const { user, id } = await owner();
    const deviceId = await device(id);
    await setAlert(user, deviceId, { email: true, sms: false, header: true });
    const start = Date.parse('2026-11-02T10:00:00.000Z');
    const rows = await Promise.all(
      Array.from({ length: 20 }, (_, i) => record({ owner_user_id: id, to_device_id: deviceId, started_at: toDbDate(start + i * 1000) })),
    );
    await Promise.all(rows.map((row) => listener()(row)));
    expect(outbox(user.email, 'DEVICE_ACCESSED')).toHaveLength(6);
    const data = await notifications(user);
    expect(data.unread).toBe(20);
    expect(data.items).toHaveLength(20);
    const deliveries = await sessionsTables(ctx.database.db)
      .selectFrom('account_notifications')
      .select('delivery')
      .where('user_id', '=', id)
      .execute();
    expect(deliveries.filter((d) => d.delivery === JSON.stringify({ email: 'sent', sms: 'off' }))).toHaveLength(6);
    expect(deliveries.filter((d) => d.delivery === JSON.stringify({ email: 'quiet', sms: 'off' }))).toHaveLength(14);
    // the next hour sends again
    await listener()(await record({ owner_user_id: id, to_device_id: deviceId, started_at: toDbDate(start + 60 * MINUTE) }));
    expect(outbox(user.email, 'DEVICE_ACCESSED')).toHaveLength(7);
  });

  it('lets only the owner set a device’s alert', async () => {
    const { user, id } = await owner();
    const deviceId = await device(id);
    const stranger = await signUp(ctx.app);
    const refused = await setAlert(stranger, deviceId, { email: true, sms: true, header: true });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ errcode: 70001, errmsg: 'We couldn’t find this device.' });
    expect(
      (await call(stranger, 'POST', '/session/alerts/set', { deviceId: 'nope', email: true, sms: true, header: true })).statusCode,
    ).toBe(404);
    expect((await call(stranger, 'GET', '/session/alerts')).json()).toMatchObject({ data: { items: [] } });
    expect((await call(user, 'GET', '/session/alerts')).json()).toMatchObject({ data: { items: [] } });
    const bad = await call(user, 'POST', '/session/alerts/set', { deviceId, email: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  describe('the security alarm', () => {
    const refusals = async (ownerId: string, deviceId: string, controllerId: string | null, times: number[], ip?: string) => {
      const rows = [];
      for (const at of times) {
        rows.push(
          await record({
            owner_user_id: ownerId,
            to_device_id: deviceId,
            controller_user_id: controllerId,
            to_device_name: 'Server',
            status: 'REFUSED',
            refusal: 'PERMISSION',
            from_ip: ip ?? newIp(),
            started_at: toDbDate(at),
          }),
        );
      }
      return rows;
    };
    const alarms = async (user: User) => (await notifications(user)).items.filter((n) => n.kind === 'ALARM');
    const flagged = async (deviceId: string) =>
      sessionsTables(ctx.database.db)
        .selectFrom('connection_sessions')
        .select('id')
        .where('to_device_id', '=', deviceId)
        .where('alarm', '=', 1)
        .execute();

    it('raises one alarm at 10 refused attempts in 10 minutes from one account, and still one through the 30th', async () => {
      const { user, id } = await owner();
      const attacker = await owner();
      const deviceId = await device(id, 'Server');
      const start = Date.parse('2026-11-03T08:00:00.000Z');
      const first = await refusals(
        id,
        deviceId,
        attacker.id,
        Array.from({ length: 10 }, (_, i) => start + i * 20_000),
      );
      for (const row of first.slice(0, 9)) await listener()(row);
      expect(await alarms(user)).toHaveLength(0);
      await listener()(first[9]!);
      expect(await alarms(user)).toEqual([expect.objectContaining({ deviceName: 'Server', attempts: 10, who: attacker.user.username })]);
      expect((await flagged(deviceId)).map((r) => r.id)).toEqual([first[9]!.id]);
      expect(outbox(user.email, 'CONNECTION_ALARM')).toHaveLength(1);
      expect(outbox(user.email, 'CONNECTION_ALARM')[0]?.text).toContain('10');

      // the 11th to the 30th, all at once: still the one alarm
      const more = await refusals(
        id,
        deviceId,
        attacker.id,
        Array.from({ length: 20 }, (_, i) => start + 200_000 + i * 10_000),
      );
      await Promise.all(more.map((row) => listener()(row)));
      expect(await alarms(user)).toHaveLength(1);
      expect(outbox(user.email, 'CONNECTION_ALARM')).toHaveLength(1);
      expect(await flagged(deviceId)).toHaveLength(1);
    });

    it('raises one alarm for 20 refusals arriving at once', async () => {
      const { user, id } = await owner();
      const attacker = await owner();
      const deviceId = await device(id);
      const start = Date.parse('2026-11-03T09:00:00.000Z');
      const rows = await refusals(
        id,
        deviceId,
        attacker.id,
        Array.from({ length: 20 }, (_, i) => start + i * 1000),
      );
      await Promise.all(rows.map((row) => listener()(row)));
      expect(await alarms(user)).toHaveLength(1);
      expect(outbox(user.email, 'CONNECTION_ALARM')).toHaveLength(1);
    });

    it('counts refusals from one address whatever the account', async () => {
      const { user, id } = await owner();
      const deviceId = await device(id);
      const start = Date.parse('2026-11-03T10:00:00.000Z');
      const rows = [];
      for (let i = 0; i < 10; i += 1) rows.push(...(await refusals(id, deviceId, null, [start + i * 30_000], '198.51.100.7')));
      for (const row of rows) await listener()(row);
      expect(await alarms(user)).toEqual([expect.objectContaining({ who: '198.51.100.*', attempts: 10 })]);
    });

    it('raises none for 9 attempts, nor for 10 spread over 11 minutes', async () => {
      const { user, id } = await owner();
      const attacker = await owner();
      const nine = await device(id);
      const start = Date.parse('2026-11-03T11:00:00.000Z');
      for (const row of await refusals(
        id,
        nine,
        attacker.id,
        Array.from({ length: 9 }, (_, i) => start + i * 10_000),
      ))
        await listener()(row);
      const spread = await device(id);
      // 10 attempts 11 minutes end to end: any 10-minute window holds at most 9
      const times = Array.from({ length: 10 }, (_, i) => start + Math.round((i * 11 * MINUTE) / 9));
      for (const row of await refusals(id, spread, attacker.id, times)) await listener()(row);
      expect(await alarms(user)).toHaveLength(0);
      expect(outbox(user.email, 'CONNECTION_ALARM')).toHaveLength(0);
      expect(await flagged(spread)).toHaveLength(0);
    });
  });
});
