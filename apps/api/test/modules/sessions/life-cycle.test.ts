import path from 'node:path';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { getContractMessages } from '@llk/contracts';
import { type App } from '../../../src/composition/app';
import { eraseAccount } from '../../../src/flows/account-erasure';
import { fromDbDate, toDbDate } from '../../../src/infrastructure/db/dialect';
import { pricingSeedStep } from '../../../src/modules/pricing/pricing.seed';
import { checkConnect } from '../../../src/modules/devices/connect-policy';
import { heartbeat } from '../../../src/modules/devices/heartbeat';
import { createSeats } from '../../../src/modules/seats';
import { type ConnectionSessionRow } from '../../../src/modules/sessions';
import { pseudonymiseConnectionRecords, removeExpiredSessions, sweepLostSessions } from '../../../src/modules/sessions/session-life';
import { sessionsKey } from '../../../src/modules/sessions/session-leases';
import { sessionsTables } from '../../../src/modules/sessions/sessions.tables';
import { kvCases, newIp, signUp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { body } from '../orders/support';

// A connection record's life through the API: the connect check opens it (or records the
// refusal), the apps report on it, the owner disconnects it, the jobs end the lost ones and
// remove what the plan no longer shows, and an erased account's side is pseudonymised.

const SEED_DIR = path.resolve(import.meta.dirname, '../../../../../content/seed');
const US_IP = '8.8.8.8';
const CN_IP = '114.114.114.114';
const DAY_MS = 86_400_000;

type User = Awaited<ReturnType<typeof signUp>>;
interface Check {
  allowed: boolean;
  reason: string | null;
  message: string | null;
  sessionId: string | null;
}

const legs = testDialects().flatMap(({ dialect }) => kvCases().map((kv) => ({ dialect, kv })));

describe.each(legs)('connection records ($dialect, $kv.kind store)', ({ dialect, kv }) => {
  const store = kv.create();
  const ctx = useTestApp(dialect, { deps: { kv: store } });
  let app: App;
  const recorded: ConnectionSessionRow[] = [];
  beforeAll(async () => {
    app = ctx.app;
    await pricingSeedStep.run(ctx.database.db, {
      dir: SEED_DIR,
      readJson: (file) => JSON.parse(readFileSync(path.join(SEED_DIR, file), 'utf8')),
    });
    app.sessionEvents.onRecorded(async (row) => {
      recorded.push(row);
    });
  });

  const call = (user: User, url: string, payload: unknown, { ip = newIp(), lang = 'en' } = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { authorization: user.token, 'accept-language': lang },
      remoteAddress: ip,
      payload: payload as object,
    });
  const register = async (user: User, deviceId: string, ip = US_IP, extra: Record<string, unknown> = {}) => {
    const res = await call(
      user,
      '/device/register',
      { deviceId, name: `PC ${deviceId}`, clientType: 'WIN', appVersion: '1.4.2', ...extra },
      { ip },
    );
    expect(res.statusCode, res.body).toBe(200);
    return body<{ device: { id: string } }>(res).data.device;
  };
  const check = async (user: User, from: string, to: string, extra: Record<string, unknown> = {}, ip = US_IP) =>
    body<Check>(await call(user, '/device/connectCheck', { fromDeviceId: from, toDeviceId: to, ...extra }, { ip })).data;
  const idOf = async (user: User) =>
    (
      await ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('username_norm', '=', user.username.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id;
  const row = (id: string) =>
    sessionsTables(ctx.database.db).selectFrom('connection_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const makePro = async (user: User) =>
    ctx.database.db
      .updateTable('users')
      .set({ member_plan: 'PRO', member_expires_at: toDbDate(Date.now() + 30 * DAY_MS) })
      .where('username_norm', '=', user.username.toLowerCase())
      .execute();
  /** an account registered before 1 July 2025: it crosses the border without the global channel */
  const signUpBeforeBorderRule = async () => {
    const user = await signUp(app);
    await ctx.database.db
      .updateTable('users')
      .set({ created_at: '2025-06-30T15:59:59.000Z' })
      .where('username_norm', '=', user.username.toLowerCase())
      .execute();
    return user;
  };
  /** two devices of one account and a live session between them */
  const liveSession = async (prefix: string) => {
    const user = await signUp(app);
    const from = await register(user, `${prefix}-from`);
    const to = await register(user, `${prefix}-to`);
    const answer = await check(user, from.id, to.id);
    expect(answer.allowed).toBe(true);
    return { user, from, to, sessionId: answer.sessionId! };
  };

  it('an allowed check opens a LIVE record with both sides and answers its id; a repeat (20 at once) answers the same one', async () => {
    const user = await signUpBeforeBorderRule();
    const from = await register(user, 'open-from', US_IP);
    const to = await register(user, 'open-to', CN_IP, { clientType: 'MAC', appVersion: '2.0.0' });
    const before = Date.now();
    const answer = await check(user, from.id, to.id, { kind: 'FILE_TRANSFER' });
    expect(answer).toEqual({ allowed: true, reason: null, message: null, sessionId: expect.any(String) });
    const record = await row(answer.sessionId!);
    const userId = await idOf(user);
    expect(record).toMatchObject({
      owner_user_id: userId,
      controller_user_id: userId,
      from_device_id: from.id,
      to_device_id: to.id,
      from_device_name: 'PC open-from',
      to_device_name: 'PC open-to',
      from_client_type: 'WIN',
      to_client_type: 'MAC',
      from_app_version: '1.4.2',
      to_app_version: '2.0.0',
      from_ip: US_IP,
      from_country: 'US',
      to_ip: CN_IP,
      to_country: 'CN',
      permission: 'OWN',
      kind: 'FILE_TRANSFER',
      status: 'LIVE',
      refusal: null,
      ended_at: null,
      files_count: 0,
    });
    expect(record.alive_at).toBe(record.started_at);
    expect(fromDbDate(record.started_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // the free plan's history: 7 days
    expect(fromDbDate(record.expires_at).getTime() - fromDbDate(record.started_at).getTime()).toBe(7 * DAY_MS);
    expect(recorded.some((r) => r.id === answer.sessionId && r.status === 'LIVE')).toBe(true);

    const again = await Promise.all(Array.from({ length: 20 }, () => check(user, from.id, to.id)));
    expect(new Set(again.map((a) => a.sessionId))).toEqual(new Set([answer.sessionId]));
    const rows = await sessionsTables(ctx.database.db)
      .selectFrom('connection_sessions')
      .select('id')
      .where('from_device_id', '=', from.id)
      .execute();
    expect(rows).toHaveLength(1);
    // a retry is not a new session for the alerts
    expect(recorded.filter((r) => r.id === answer.sessionId)).toHaveLength(1);
  });

  it('a shared device’s session runs with the share’s permission and is kept as long as the longer plan (Pro owner: 180 days)', async () => {
    const user = await signUp(app);
    const friend = await signUp(app);
    await makePro(friend);
    const from = await register(user, 'share-from');
    const theirs = await register(friend, 'share-theirs');
    await call(friend, '/device/share', { deviceId: theirs.id, account: user.username, permission: 'MANAGE' });
    const answer = await check(user, from.id, theirs.id);
    const record = await row(answer.sessionId!);
    expect(record).toMatchObject({
      owner_user_id: await idOf(friend),
      controller_user_id: await idOf(user),
      permission: 'MANAGE',
      kind: 'CONTROL',
    });
    expect(fromDbDate(record.expires_at).getTime() - fromDbDate(record.started_at).getTime()).toBe(180 * DAY_MS);
  });

  it('records the refusals with their reason (POLICY, PERMISSION, CROSS_BORDER, SESSION_LIMIT); a device the caller cannot see writes nothing', async () => {
    const user = await signUp(app);
    const friend = await signUp(app);
    const from = await register(user, 'ref-from', CN_IP);
    const to = await register(user, 'ref-to', CN_IP);
    const abroad = await register(user, 'ref-abroad', US_IP);
    const viewOnly = await register(friend, 'ref-view', CN_IP);
    await call(friend, '/device/share', { deviceId: viewOnly.id, account: user.username, permission: 'VIEW' });
    const refusedRows = async () =>
      sessionsTables(ctx.database.db)
        .selectFrom('connection_sessions')
        .select(['refusal', 'status', 'to_device_id', 'started_at', 'ended_at', 'permission'])
        .where('from_device_id', '=', from.id)
        .where('status', '=', 'REFUSED')
        .orderBy('id')
        .execute();

    await call(user, '/device/update', { deviceId: to.id, policy: 'GUEST' });
    expect((await check(user, from.id, to.id, {}, CN_IP)).reason).toBe('POLICY');
    await call(user, '/device/update', { deviceId: to.id, policy: 'ALL' });
    const permission = await check(user, from.id, viewOnly.id, {}, CN_IP);
    expect(permission).toMatchObject({ allowed: false, reason: 'PERMISSION', sessionId: null });
    expect((await check(user, from.id, abroad.id, {}, CN_IP)).reason).toBe('CROSS_BORDER');
    expect((await check(user, from.id, to.id, {}, CN_IP)).allowed).toBe(true);
    const other = await register(user, 'ref-other', CN_IP);
    expect((await check(user, from.id, other.id, {}, CN_IP)).reason).toBe('SESSION_LIMIT');
    // not the caller's to see: an error, no record
    const hidden = await register(friend, 'ref-hidden', CN_IP);
    expect((await call(user, '/device/connectCheck', { fromDeviceId: from.id, toDeviceId: hidden.id })).statusCode).toBe(404);

    const rows = await refusedRows();
    expect(rows.map((r) => [r.refusal, r.to_device_id])).toEqual([
      ['POLICY', to.id],
      ['PERMISSION', viewOnly.id],
      ['CROSS_BORDER', abroad.id],
      ['SESSION_LIMIT', other.id],
    ]);
    expect(rows.every((r) => r.ended_at === r.started_at)).toBe(true);
    expect(rows[1]!.permission).toBe('VIEW');
    expect(recorded.filter((r) => r.from_device_id === from.id && r.status === 'REFUSED')).toHaveLength(4);
    // a refused attempt takes no files or notes, even by its own id: "not found", and nothing written
    const refusedId = recorded.find((r) => r.from_device_id === from.id && r.status === 'REFUSED')!.id;
    const file = await call(user, '/session/fileTransfer', { sessionId: refusedId, direction: 'SENT', name: 'x.txt', sizeBytes: 3 });
    expect([file.statusCode, body(file).errcode]).toEqual([404, 70050]);
    expect((await call(user, '/session/note', { sessionId: refusedId, text: 'no' })).statusCode).toBe(404);
    expect(
      await sessionsTables(ctx.database.db)
        .selectFrom('connection_session_files')
        .select('id')
        .where('session_id', '=', refusedId)
        .execute(),
    ).toEqual([]);
    const anyHidden = await sessionsTables(ctx.database.db)
      .selectFrom('connection_sessions')
      .select('id')
      .where('to_device_id', '=', hidden.id)
      .execute();
    expect(anyHidden).toEqual([]);
  });

  it('update, file transfer and note on a live session; 20 parallel ends make one end, all answered 200', async () => {
    const { user, sessionId, from, to } = await liveSession('happy');
    const update = await call(user, '/session/update', { sessionId, kind: 'VIEW', bytes: 1234, durationSeconds: 30 });
    expect(update.statusCode, update.body).toBe(200);
    expect(body(update).data).toEqual({ sessionId, status: 'LIVE' });
    expect(await row(sessionId)).toMatchObject({ kind: 'VIEW', duration_seconds: 30 });
    expect(Number((await row(sessionId)).bytes)).toBe(1234);

    const file = { sessionId, direction: 'SENT', name: 'report.pdf', sizeBytes: 2048, sha256: 'a'.repeat(64) };
    const files = await Promise.all(Array.from({ length: 20 }, () => call(user, '/session/fileTransfer', file)));
    expect(files.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    await call(user, '/session/fileTransfer', { ...file, eventId: 'evt-1', name: 'photo.jpg' });
    await call(user, '/session/fileTransfer', { ...file, eventId: 'evt-1', name: 'photo.jpg' });
    const fileRows = await sessionsTables(ctx.database.db)
      .selectFrom('connection_session_files')
      .select(['name', 'size_bytes', 'direction', 'sha256'])
      .where('session_id', '=', sessionId)
      .orderBy('name')
      .execute();
    expect(fileRows.map((f) => f.name)).toEqual(['photo.jpg', 'report.pdf']);
    expect(fileRows.map((f) => [Number(f.size_bytes), f.direction, f.sha256])).toEqual([
      [2048, 'SENT', 'a'.repeat(64)],
      [2048, 'SENT', 'a'.repeat(64)],
    ]);
    expect((await row(sessionId)).files_count).toBe(2);

    expect((await call(user, '/session/note', { sessionId, text: 'first' })).statusCode).toBe(200);
    expect((await call(user, '/session/note', { sessionId, text: 'printed the report' })).statusCode).toBe(200);
    const notes = await sessionsTables(ctx.database.db)
      .selectFrom('connection_session_notes')
      .selectAll()
      .where('session_id', '=', sessionId)
      .execute();
    expect(notes.map((n) => [n.side, n.text])).toEqual([['CONTROLLER', 'printed the report']]);

    const ends = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(user, '/session/end', { sessionId, reason: i % 2 ? 'NORMAL' : 'NETWORK', bytes: 5000 })),
    );
    expect(ends.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(ends.map((res) => body<{ status: string }>(res).data.status)).toEqual(Array(20).fill('ENDED'));
    const ended = await row(sessionId);
    expect(ended.status).toBe('ENDED');
    expect(['NORMAL', 'NETWORK']).toContain(ended.end_reason);
    expect(ended.ended_at).not.toBeNull();
    // no duration reported at the end: the one reported before stays only if the app says so; end − start here
    expect(ended.duration_seconds).toBe(
      Math.round((fromDbDate(ended.ended_at!).getTime() - fromDbDate(ended.started_at).getTime()) / 1000),
    );
    // the lease went with it: the plan's one session is free again
    expect(await store.leaseHolder(sessionsKey(await idOf(user)), to.id, Date.now())).toBeNull();
    expect((await check(user, from.id, to.id)).sessionId).not.toBe(sessionId);
    // files may still be reported on an ended session; an update may not (in the caller's language)
    expect((await call(user, '/session/fileTransfer', { ...file, name: 'late.txt' })).statusCode).toBe(200);
    const late = await call(user, '/session/update', { sessionId }, { lang: 'zh-CN' });
    expect([late.statusCode, body(late).errcode]).toEqual([409, 70051]);
    expect(late.json()).toMatchObject({ errmsg: getContractMessages('zh-CN').errors.connectionEnded });
  });

  it('an end with the duration reported (one statement): 20 in parallel end it once with that duration; a stranger’s is not found', async () => {
    const { user, sessionId, from, to } = await liveSession('reported');
    const stranger = await signUp(app);
    const foreign = await call(stranger, '/session/end', { sessionId, reason: 'NORMAL', durationSeconds: 5 }, { lang: 'ja' });
    expect([foreign.statusCode, body(foreign).errcode]).toEqual([404, 70050]);
    expect(foreign.json()).toMatchObject({ errmsg: getContractMessages('ja').errors.connectionNotFound });
    expect((await row(sessionId)).status).toBe('LIVE');

    const ends = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(user, '/session/end', { sessionId, reason: 'NORMAL', durationSeconds: 600 + i, bytes: 7000 + i }),
      ),
    );
    expect(ends.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(ends.map((res) => body<{ status: string }>(res).data.status)).toEqual(Array(20).fill('ENDED'));
    const ended = await row(sessionId);
    expect(ended.status).toBe('ENDED');
    // one end won: its duration and bytes go together
    expect(ended.duration_seconds).toBeGreaterThanOrEqual(600);
    expect(ended.duration_seconds).toBeLessThan(620);
    expect(Number(ended.bytes)).toBe(7000 + ended.duration_seconds! - 600);
    expect(await store.leaseHolder(sessionsKey(await idOf(user)), to.id, Date.now())).toBeNull();
    // a repeat answers the record as it is and changes nothing
    const again = await call(user, '/session/end', { sessionId, reason: 'NETWORK', durationSeconds: 1 });
    expect(body<{ status: string }>(again).data.status).toBe('ENDED');
    expect(await row(sessionId)).toMatchObject({ end_reason: 'NORMAL', duration_seconds: ended.duration_seconds });
    expect((await check(user, from.id, to.id)).sessionId).not.toBe(sessionId);
  });

  it('a device shared by an account since erased still gets a decision for the recipient, not UNAUTHORIZED', async () => {
    const owner = await signUp(app);
    const friend = await signUp(app);
    const shared = await register(owner, 'erased-owner-pc');
    const mine = await register(friend, 'erased-friend-pc');
    expect((await call(owner, '/device/share', { deviceId: shared.id, account: friend.username, permission: 'CONTROL' })).statusCode).toBe(
      200,
    );
    const ownerId = await idOf(owner);
    // the owner's cooling-off has ended: erased (its devices and shares stay; cancellation.test.ts covers the routes)
    const due = new Date().toISOString();
    await ctx.database.db.updateTable('users').set({ cancel_requested_at: due, erase_at: due }).where('id', '=', ownerId).execute();
    expect(await eraseAccount(ctx.database.db, store, ownerId, new Date(Date.now() + 1_000))).toBe(true);
    const answer = await call(friend, '/device/connectCheck', { fromDeviceId: mine.id, toDeviceId: shared.id });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(body<{ allowed: boolean; sessionId: string | null }>(answer).data).toMatchObject({
      allowed: true,
      sessionId: expect.any(String),
    });
  });

  it('another account’s session is not found (404, in the caller’s language); bad bodies get the validation envelope', async () => {
    const { sessionId } = await liveSession('other');
    const stranger = await signUp(app);
    for (const [url, payload] of [
      ['/session/update', { sessionId }],
      ['/session/end', { sessionId, reason: 'NORMAL' }],
      ['/session/fileTransfer', { sessionId, direction: 'SENT', name: 'x', sizeBytes: 1 }],
      ['/session/note', { sessionId, text: 'hello' }],
      ['/session/disconnect', { sessionId }],
    ] as const) {
      const res = await call(stranger, url, payload, { lang: 'ko' });
      expect([url, res.statusCode, body(res).errcode]).toEqual([url, 404, 70050]);
      expect(res.json()).toMatchObject({ errmsg: getContractMessages('ko').errors.connectionNotFound });
    }
    for (const [url, payload] of [
      ['/session/update', {}],
      ['/session/update', { sessionId, kind: 'DANCE' }],
      ['/session/end', { sessionId, reason: 'LOST' }],
      ['/session/fileTransfer', { sessionId, direction: 'UP', name: '', sizeBytes: -1 }],
      ['/session/fileTransfer', { sessionId, direction: 'SENT', name: 'a', sizeBytes: 1, sha256: 'zz' }],
      ['/session/note', { sessionId, text: 'x'.repeat(501) }],
      ['/session/disconnect', { sessionId: '' }],
    ] as const) {
      const res = await call(stranger, url, payload, { lang: 'fr' });
      expect([url, res.statusCode, body(res).errcode]).toEqual([url, 400, 40001]);
    }
  });

  it('20 parallel disconnects end the session once; the heartbeat does not revive it and both devices hear of it for 5 minutes', async () => {
    const user = await signUp(app);
    const friend = await signUp(app);
    const from = await register(user, 'dis-from');
    const theirs = await register(friend, 'dis-theirs');
    await call(friend, '/device/share', { deviceId: theirs.id, account: user.username, permission: 'CONTROL' });
    const { sessionId } = await check(user, from.id, theirs.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(friend, '/session/disconnect', { sessionId })));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.map((res) => body(res).data)).toEqual(Array(20).fill({ sessionId, status: 'ENDED' }));
    const ended = await row(sessionId!);
    expect(ended).toMatchObject({ status: 'ENDED', end_reason: 'DISCONNECTED_BY_OWNER', ended_by_user_id: await idOf(friend) });

    // the controlling app still lists the target: the lease is gone and stays gone, the record ENDED
    const userId = await idOf(user);
    const now = new Date();
    const beat = await heartbeat(ctx.database.db, store, { userId, ip: US_IP, now }, 'dis-from', [theirs.id]);
    expect(beat.disconnect).toEqual([sessionId]);
    expect(await store.leaseHolder(sessionsKey(userId), theirs.id, now.getTime())).toBeNull();
    expect((await row(sessionId!)).status).toBe('ENDED');
    expect((await row(sessionId!)).alive_at).toBe(ended.alive_at);
    const update = await call(user, '/session/update', { sessionId }, { lang: 'ko' });
    expect([update.statusCode, update.json()]).toEqual([
      409,
      expect.objectContaining({ errmsg: getContractMessages('ko').errors.connectionEnded }),
    ]);
    // the controlled device hears of it too; after 5 minutes neither does any more
    const friendId = await idOf(friend);
    expect((await heartbeat(ctx.database.db, store, { userId: friendId, ip: US_IP, now }, 'dis-theirs')).disconnect).toEqual([sessionId]);
    const later = new Date(now.getTime() + 4 * 60_000);
    expect((await heartbeat(ctx.database.db, store, { userId, ip: US_IP, now: later }, 'dis-from', [])).disconnect).toEqual([sessionId]);
    const past = new Date(now.getTime() + 5 * 60_000 + 1000);
    expect((await heartbeat(ctx.database.db, store, { userId, ip: US_IP, now: past }, 'dis-from', [])).disconnect).toEqual([]);
    // only a new connectCheck starts again, with a new record
    const fresh = await check(user, from.id, theirs.id);
    expect(fresh.allowed).toBe(true);
    expect(fresh.sessionId).not.toBe(sessionId);
    // a session already ended is answered as it is
    expect(body(await call(user, '/session/disconnect', { sessionId })).data).toEqual({ sessionId, status: 'ENDED' });
  });

  it('the heartbeat writes alive_at at most once a minute; the LOST sweep ends a quiet session whose lease lapsed', async () => {
    const { user, sessionId, to } = await liveSession('lost');
    const userId = await idOf(user);
    const start = fromDbDate((await row(sessionId)).started_at);
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    await heartbeat(ctx.database.db, store, { userId, ip: US_IP, now: at(10) }, 'lost-from', [to.id]);
    expect((await row(sessionId)).alive_at).toBe(toDbDate(at(10)));
    await heartbeat(ctx.database.db, store, { userId, ip: US_IP, now: at(40) }, 'lost-from', [to.id]);
    expect((await row(sessionId)).alive_at).toBe(toDbDate(at(10)));
    await heartbeat(ctx.database.db, store, { userId, ip: US_IP, now: at(71) }, 'lost-from', [to.id]);
    expect((await row(sessionId)).alive_at).toBe(toDbDate(at(71)));

    // less than 90 s since the last sign of life (71 s), its lease renewed until 161 s: kept
    await sweepLostSessions(ctx.database.db, store, at(160));
    expect((await row(sessionId)).status).toBe('LIVE');
    // quiet for 90 s, but the lease is still held (a beat at 150 s renews it and writes nothing): kept
    await heartbeat(ctx.database.db, store, { userId, ip: US_IP, now: at(135) }, 'lost-from', [to.id]);
    expect((await row(sessionId)).alive_at).toBe(toDbDate(at(135)));
    await heartbeat(ctx.database.db, store, { userId, ip: US_IP, now: at(150) }, 'lost-from', [to.id]);
    expect((await row(sessionId)).alive_at).toBe(toDbDate(at(135)));
    await sweepLostSessions(ctx.database.db, store, at(230));
    expect((await row(sessionId)).status).toBe('LIVE');
    // the lease lapsed too (at 240 s): LOST, ended 90 s after the last sign of life
    expect(await sweepLostSessions(ctx.database.db, store, at(300))).toBeGreaterThanOrEqual(1);
    const lost = await row(sessionId);
    expect(lost).toMatchObject({ status: 'ENDED', end_reason: 'LOST', ended_at: toDbDate(at(135 + 90)), duration_seconds: 225 });
    // again: nothing changes
    await sweepLostSessions(ctx.database.db, store, at(400));
    expect(await row(sessionId)).toEqual(lost);
  });

  it('retention: a free account’s 8-day-old record goes, a 6-day-old stays, Pro (180) keeps it, a MEMBER seat on a device counts as Pro, a session still LIVE stays until it ends', async () => {
    const db = ctx.database.db;
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const free = await signUp(app);
    const freeId = await idOf(free);
    const f1 = await register(free, 'ret-f1');
    const f2 = await register(free, 'ret-f2');
    const f3 = await register(free, 'ret-f3');
    const eight = await checkConnect(db, store, freeId, f1.id, f2.id, ago(8), { ip: US_IP });
    await store.leaseRelease(sessionsKey(freeId), f2.id, f1.id);
    const six = await checkConnect(db, store, freeId, f1.id, f3.id, ago(6), { ip: US_IP });
    await store.leaseRelease(sessionsKey(freeId), f3.id, f1.id);

    const pro = await signUp(app);
    await makePro(pro);
    const proId = await idOf(pro);
    const p1 = await register(pro, 'ret-p1');
    const p2 = await register(pro, 'ret-p2');
    const proEight = await checkConnect(db, store, proId, p1.id, p2.id, ago(8), { ip: US_IP });

    // a free account whose controlled device holds a MEMBER seat (bought by the account)
    const seated = await signUp(app);
    const seatedId = await idOf(seated);
    const s1 = await register(seated, 'ret-s1');
    const s2 = await register(seated, 'ret-s2');
    const grant = await createSeats(
      db,
      {
        ownerId: seatedId,
        orderId: 'order-ret',
        orderItemId: 'item-ret',
        kind: 'MEMBER',
        count: 1,
        startsAt: ago(10),
        expiresAt: new Date(now.getTime() + 30 * DAY_MS),
      },
      ago(10),
    );
    expect((await call(seated, '/seat/assign', { seatId: grant.seatIds[0], deviceId: s2.id })).statusCode).toBe(200);
    const seatedEight = await checkConnect(db, store, seatedId, s1.id, s2.id, ago(8), { ip: US_IP });
    expect(fromDbDate(seatedEight.record.expires_at).getTime() - ago(8).getTime()).toBe(180 * DAY_MS);

    // a free session still running 9 days after it started: past its expiry, but LIVE
    const f4 = await register(free, 'ret-f4');
    const running = await checkConnect(db, store, freeId, f4.id, f2.id, ago(9), { ip: US_IP });
    expect(running.record.status).toBe('LIVE');
    await sessionsTables(db)
      .insertInto('connection_session_notes')
      .values({ session_id: eight.record.id, side: 'CONTROLLER', author_user_id: freeId, text: 'gone', created_at: toDbDate(ago(8)) })
      .execute();
    // the others ended long ago
    await sessionsTables(db)
      .updateTable('connection_sessions')
      .set({ status: 'ENDED', end_reason: 'NORMAL', ended_at: toDbDate(ago(5)) })
      .where('id', 'in', [eight.record.id, six.record.id, proEight.record.id, seatedEight.record.id])
      .execute();
    expect(await removeExpiredSessions(db, now)).toBeGreaterThanOrEqual(1);
    const ids = [eight.record.id, six.record.id, proEight.record.id, seatedEight.record.id, running.record.id];
    const left = await sessionsTables(db).selectFrom('connection_sessions').select('id').where('id', 'in', ids).execute();
    expect(new Set(left.map((r) => r.id))).toEqual(new Set([six.record.id, proEight.record.id, seatedEight.record.id, running.record.id]));
    // once it ends, it goes with the next run
    await sessionsTables(db)
      .updateTable('connection_sessions')
      .set({ status: 'ENDED', end_reason: 'NORMAL', ended_at: toDbDate(now) })
      .where('id', '=', running.record.id)
      .execute();
    await removeExpiredSessions(db, now);
    expect(await sessionsTables(db).selectFrom('connection_sessions').select('id').where('id', '=', running.record.id).execute()).toEqual(
      [],
    );
    const notes = await sessionsTables(db)
      .selectFrom('connection_session_notes')
      .select('text')
      .where('session_id', '=', eight.record.id)
      .execute();
    expect(notes).toEqual([]);
    // idempotent
    await removeExpiredSessions(db, now);
    expect((await row(six.record.id)).id).toBe(six.record.id);
  });

  it('a removed device leaves its records without its id; the other side keeps its own', async () => {
    const { user, sessionId, from, to } = await liveSession('removed');
    await call(user, '/session/end', { sessionId, reason: 'NORMAL' });
    expect((await call(user, '/device/remove', { deviceId: to.id })).statusCode).toBe(200);
    expect(await row(sessionId)).toMatchObject({
      from_device_id: from.id,
      to_device_id: null,
      to_device_name: 'PC removed-to',
      status: 'ENDED',
    });
  });

  it('erasure pseudonymises the erased account’s side only', async () => {
    const user = await signUpBeforeBorderRule();
    const friend = await signUp(app);
    const from = await register(user, 'erase-from');
    const theirs = await register(friend, 'erase-theirs', CN_IP);
    await call(friend, '/device/share', { deviceId: theirs.id, account: user.username, permission: 'CONTROL' });
    const { sessionId } = await check(user, from.id, theirs.id);
    await call(user, '/session/note', { sessionId, text: 'controller note' });
    await call(friend, '/session/note', { sessionId, text: 'owner note' });
    const userId = await idOf(user);
    await pseudonymiseConnectionRecords(ctx.database.db, userId);
    expect(await row(sessionId!)).toMatchObject({
      controller_user_id: null,
      from_device_id: null,
      from_device_name: '',
      from_ip: null,
      from_country: null,
      owner_user_id: await idOf(friend),
      to_device_id: theirs.id,
      to_device_name: 'PC erase-theirs',
      to_ip: CN_IP,
      to_country: 'CN',
    });
    const notes = await sessionsTables(ctx.database.db)
      .selectFrom('connection_session_notes')
      .selectAll()
      .where('session_id', '=', sessionId!)
      .orderBy('side')
      .execute();
    expect(notes.map((n) => [n.side, n.text, n.author_user_id])).toEqual([
      ['CONTROLLED', 'owner note', await idOf(friend)],
      ['CONTROLLER', '', null],
    ]);
  });
});
