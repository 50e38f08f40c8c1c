import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../src/infrastructure/secrets';
import { createSession, findActiveSession, purgeDeadSessions } from '../../../src/modules/auth/sessions.service';
import { signUp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';

// A session ends 30 days after its last use and 180 days after log-in, whichever comes first;
// last_seen_at is written at most once a minute. The services take `now`, so the edges are
// checked to the millisecond without waiting.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const client = { loginType: 'account', ip: null, userAgent: null } as const;

describe.each(testDialects())('session lifetime on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect, { env: { CODE_IP_HOURLY_LIMIT: '10000', CODE_IP_DAILY_LIMIT: '10000' } });
  const policy = () => ctx.app.config.session;
  const loggedIn = Date.UTC(2026, 0, 1);

  async function newSession(at = loggedIn) {
    const user = await signUp(ctx.app);
    const row = await ctx.database.db.selectFrom('users').select('id').where('mobile', '=', user.mobile).executeTakeFirstOrThrow();
    return createSession(ctx.database.db, row.id, client, policy(), new Date(at));
  }
  const alive = async (token: string, at: number) => (await findActiveSession(ctx.database.db, token, policy(), new Date(at))) !== null;
  const lastSeen = async (token: string) =>
    (
      await ctx.database.db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('token_hash', '=', sha256Hex(token))
        .executeTakeFirstOrThrow()
    ).last_seen_at;

  it('ends a session unused for 30 days, not one unused for a minute less', async () => {
    expect(await alive(await newSession(), loggedIn + 30 * DAY - MINUTE)).toBe(true);
    expect(await alive(await newSession(), loggedIn + 30 * DAY)).toBe(false);
  });

  it('ends a session 180 days after log-in however often it was used', async () => {
    const token = await newSession();
    for (let day = 25; day < 180; day += 25) expect(await alive(token, loggedIn + day * DAY), `day ${day}`).toBe(true);
    expect(await alive(token, loggedIn + 180 * DAY - MINUTE)).toBe(true);
    expect(await alive(token, loggedIn + 180 * DAY)).toBe(false);
  });

  it('gives the cookie the absolute lifetime: Max-Age 180 days', async () => {
    const user = await signUp(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/h5Login',
      payload: { loginType: 'account', account: user.username, password: user.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=15552000(;|$)/);
  });

  it('writes last_seen_at after a minute of use, not before', async () => {
    const token = await newSession();
    const first = await lastSeen(token);
    expect(await alive(token, loggedIn + MINUTE - 1)).toBe(true);
    expect(await lastSeen(token)).toBe(first);
    expect(await alive(token, loggedIn + MINUTE)).toBe(true);
    expect(await lastSeen(token)).toBe(new Date(loggedIn + MINUTE).toISOString());
  });

  it('purges sessions idle for 30 days and keeps one idle for a minute less', async () => {
    const [kept, purged] = [await newSession(loggedIn + MINUTE), await newSession(loggedIn)];
    await purgeDeadSessions(ctx.database.db, policy(), new Date(loggedIn + 30 * DAY));
    const left = await ctx.database.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', 'in', [kept, purged].map(sha256Hex))
      .execute();
    expect(left.map((row) => row.token_hash)).toEqual([sha256Hex(kept)]);
  });
});
