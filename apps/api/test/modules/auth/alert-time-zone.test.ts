import { describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { formatMoment } from '../../../src/infrastructure/time-text';
import { signUpByEmail } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { body, passwordLogin, tokenOf, UA } from './support';

// Emails cannot see a browser: their times are on the account's clock, the zone its browser last
// sent in the llk-tz cookie (GET /user/info keeps it, migration 0047), else China time, always
// with the offset (docs/adr/0031).

async function lastAlert(app: App, to: string): Promise<string> {
  const res = await app.inject({ url: `/dev/outbox?to=${encodeURIComponent(to)}` });
  const messages = body<{ messages: Array<{ purpose: string; text: string; sentAt: string }> }>(res).data.messages.filter(
    (message) => message.purpose === 'NEW_DEVICE_SIGN_IN',
  );
  expect(messages.length).toBeGreaterThan(0);
  return messages[0]!.text;
}

describe.each(testDialects())('times in emails on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const info = (token: string, cookie?: string) =>
    ctx.app.inject({ url: '/user/info', headers: { authorization: token, ...(cookie ? { cookie } : {}) } });
  const storedZone = async (username: string) =>
    (await ctx.database.db.selectFrom('users').select('time_zone').where('username', '=', username).executeTakeFirstOrThrow()).time_zone;

  it('are China time, labelled, for an account whose browser never said its zone', async () => {
    const user = await signUpByEmail(ctx.app);
    expect(await storedZone(user.username)).toBeNull();
    tokenOf(await passwordLogin(ctx.app, user.username, user.password, UA.firefoxLinux));
    expect(await lastAlert(ctx.app, user.email)).toMatch(/\d{1,2}:\d{2}（UTC\+8）在新设备上登录/);
  });

  it('are on the clock of the zone the account’s browser last sent, with its offset', async () => {
    const user = await signUpByEmail(ctx.app);
    // a cookie naming no zone is ignored; a real one is kept; the latest one wins
    expect((await info(user.token, 'llk-tz=Nowhere%2FAtlantis')).statusCode).toBe(200);
    expect(await storedZone(user.username)).toBeNull();
    expect((await info(user.token, 'llk-lang=en; llk-tz=America%2FNew_York')).statusCode).toBe(200);
    expect((await info(user.token, 'llk-tz=Asia%2FTokyo')).statusCode).toBe(200);
    expect(await storedZone(user.username)).toBe('Asia/Tokyo');
    // an answer without the cookie (the web's server renders, the apps) keeps it
    expect((await info(user.token)).statusCode).toBe(200);
    expect(await storedZone(user.username)).toBe('Asia/Tokyo');

    const before = new Date();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/h5Login',
      payload: { loginType: 'account', account: user.username, password: user.password },
      headers: { 'user-agent': UA.safariIphone, 'accept-language': 'en' },
      remoteAddress: '114.114.114.114',
    });
    expect(res.statusCode).toBe(200);
    const text = await lastAlert(ctx.app, user.email);
    // Tokyo has no daylight saving time: always UTC+9, an hour after China
    expect(text).toMatch(/ at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \(UTC\+9\): Safari on iOS/);
    const minutes = [before, new Date()].map((at) => formatMoment(at, 'en', 'Asia/Tokyo'));
    expect(minutes.some((moment) => text.includes(moment))).toBe(true);
    expect(text).not.toContain('UTC+8');
  });
});
