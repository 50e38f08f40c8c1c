import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, getContractMessages } from '@llk/contracts';
import { beatOnce, logIn, registerSimulatedDevices } from '../../../tools/devices-simulate';
import { FINISHED_SCRIPTS, keepLiveSessions, simulateSessions, updateSession } from '../../../tools/sessions-simulate';
import { pricingSeedStep } from '../../../src/modules/pricing/pricing.seed';
import { sessionsTables } from '../../../src/modules/sessions/sessions.tables';
import { type App } from '../../../src/composition/app';
import { signUp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { body } from '../orders/support';

// The core of `npm run devices:simulate`, against a test app: fetch is answered by app.inject.
// The pricing data is the real one (content/seed), so the free plan allows one session at a time.

const SEED_DIR = path.resolve(import.meta.dirname, '../../../../../content/seed');

function injectFetch(app: App): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'POST',
      url: `${url.pathname}${url.search}`,
      headers: init?.headers as Record<string, string>,
      ...(init?.body ? { payload: String(init.body) } : {}),
    });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? '') } });
  }) as typeof fetch;
}

describe.each(testDialects())('devices:simulate ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  beforeAll(async () => {
    await pricingSeedStep.run(ctx.database.db, {
      dir: SEED_DIR,
      readJson: (file) => JSON.parse(readFileSync(path.join(SEED_DIR, file), 'utf8')),
    });
  });

  it('registers devices of every client type, some staying online, and beats for them', async () => {
    const user = await signUp(ctx.app);
    const fetchImpl = injectFetch(ctx.app);
    const baseUrl = 'http://api.test';
    const token = await logIn(baseUrl, user.username, user.password, fetchImpl);
    const options = { baseUrl, token, count: 8, fetchImpl };
    const devices = await registerSimulatedDevices(options);
    expect(devices).toHaveLength(8);
    expect(new Set(devices.map((d) => d.clientType)).size).toBe(8);
    expect(devices.filter((d) => d.online)).toHaveLength(6);
    // a second run reuses the same devices (registration is idempotent)
    expect((await registerSimulatedDevices(options)).map((d) => d.id)).toEqual(devices.map((d) => d.id));

    // the ones that go silent lose their presence; the others keep it through a beat
    // (as when both expire: the presence key and the place in the account's online set)
    const ownerId = (
      await ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('username_norm', '=', user.username.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id;
    const silent = devices.filter((d) => !d.online);
    for (const device of silent) await ctx.app.kv.del(`device:online:${device.id}`);
    await ctx.app.kv.scoreRemove(
      `device:online-set:${ownerId}`,
      silent.map((d) => d.id),
    );
    expect(await beatOnce(options, devices)).toBe(6);
    const list = await ctx.app.inject({ method: 'GET', url: '/device/list?online=true', headers: { authorization: user.token } });
    expect(body<{ total: number }>(list).data.total).toBe(6);
  });

  it('plays finished, refused and live sessions, and closes a live one its owner disconnects', async () => {
    const user = await signUp(ctx.app);
    const fetchImpl = injectFetch(ctx.app);
    const baseUrl = 'http://api.test';
    const token = await logIn(baseUrl, user.username, user.password, fetchImpl);
    const devices = await registerSimulatedDevices({ baseUrl, token, count: 8, fetchImpl });
    const simulated = await simulateSessions({ baseUrl, token, devices, fetchImpl });

    // three finished sessions with their files and notes; the free plan's one simultaneous
    // session lets the first live one run and refuses the second; the policy refusal comes first
    expect(simulated.finished).toHaveLength(3);
    expect(simulated.live).toHaveLength(1);
    expect(simulated.refused.map((refusal) => refusal.reason)).toEqual(['POLICY', 'SESSION_LIMIT']);
    const tables = sessionsTables(ctx.database.db);
    const rows = await tables.selectFrom('connection_sessions').selectAll().execute();
    const byStatus = (status: string) => rows.filter((row) => row.status === status);
    expect(
      byStatus('ENDED')
        .map((row) => row.id)
        .sort(),
    ).toEqual(simulated.finished.map((session) => session.sessionId).sort());
    expect(byStatus('ENDED').every((row) => row.end_reason === 'NORMAL')).toBe(true);
    expect(
      byStatus('REFUSED')
        .map((row) => row.refusal)
        .sort(),
    ).toEqual(['POLICY', 'SESSION_LIMIT']);
    expect(byStatus('LIVE').map((row) => row.id)).toEqual([simulated.live[0]!.sessionId]);
    const first = rows.find((row) => row.id === simulated.finished[0]!.sessionId)!;
    expect(first.duration_seconds).toBe(FINISHED_SCRIPTS[0]!.durationSeconds);
    expect(Number(first.bytes)).toBe(FINISHED_SCRIPTS[0]!.bytes);
    const files = await tables.selectFrom('connection_session_files').select(['session_id', 'name', 'sha256']).execute();
    expect(files.map((file) => file.name).sort()).toEqual(['photos-backup.zip', 'report-2026.pdf', 'screenshot-error.png']);
    expect(files.every((file) => /^[0-9a-f]{64}$/.test(file.sha256 ?? ''))).toBe(true);
    const notes = await tables.selectFrom('connection_session_notes').select('text').execute();
    expect(notes).toHaveLength(2);

    // the controlling device's beat keeps the live one, and is told nothing yet
    const lines: string[] = [];
    const kept = await keepLiveSessions({ baseUrl, token, fetchImpl }, simulated.live, (line) => lines.push(line));
    expect(kept.live).toEqual(simulated.live);
    expect(kept.disconnected).toEqual([]);
    expect([...kept.answers.values()].map((answer) => answer.disconnect)).toEqual([[]]);

    // the owner disconnects it on the web: the next beat carries it, the app closes it and stops listing it
    const live = simulated.live[0]!;
    const disconnect = await ctx.app.inject({
      method: 'POST',
      url: '/session/disconnect',
      headers: { authorization: user.token },
      payload: { sessionId: live.sessionId },
    });
    expect(disconnect.statusCode).toBe(200);
    const told = await keepLiveSessions({ baseUrl, token, fetchImpl }, simulated.live, (line) => lines.push(line));
    expect(told.disconnected).toEqual([live]);
    expect(told.live).toEqual([]);
    expect(told.answers.get(live.from.id)?.disconnect).toEqual([live.sessionId]);
    expect(lines).toEqual([`session ${live.sessionId} disconnected by its owner`]);
    // it does not resume: a report on it answers CONNECTION_ENDED, and the record stays ended
    const update = await updateSession({ baseUrl, token, fetchImpl }, live.sessionId, { bytes: 10 });
    expect(update.errcode).toBe(ErrorCode.CONNECTION_ENDED);
    expect(update.errmsg).toBe(getContractMessages('zh-CN').errors.connectionEnded);
    const after = await tables
      .selectFrom('connection_sessions')
      .select(['status', 'end_reason'])
      .where('id', '=', live.sessionId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'ENDED', end_reason: 'DISCONNECTED_BY_OWNER' });
  });
});
