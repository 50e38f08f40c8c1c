import { describe, expect, it } from 'vitest';
import { toDbDate } from '../../../src/infrastructure/db/dialect';
import { maskedMainland, newIdentity, newIp, signUp } from '../../accounts';
import { kvCases } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { messageOf } from '../../messages';

interface Envelope<T = Record<string, unknown>> {
  errcode: number;
  errmsg: string;
  data: T;
}
const body = <T = Record<string, unknown>>(res: { json(): unknown }) => res.json() as Envelope<T>;

describe.each(testDialects())('profile calls on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const get = (url: string, token: string) => ctx.app.inject({ url, headers: { authorization: token } });

  it('/user/info: masked contacts, free plan, nothing secret', async () => {
    const user = await signUp(ctx.app);
    const res = await get('/user/info', user.token);
    expect(res.statusCode).toBe(200);
    const data = body(res).data;
    expect(data).toEqual({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      username: user.username,
      nickname: user.username,
      mobile: maskedMainland(user.mobile),
      email: `u***@example.com`,
      // the phone took the SIGNUP code; the email typed beside it is not proven yet (ADR 0028)
      mobileVerified: true,
      emailVerified: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      member: { plan: 'FREE', expiresAt: null, active: false },
      cancellation: null,
    });
    expect(res.body).not.toContain('argon2');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).not.toContain(user.mobile);
  });

  it('membership, devices, screen walls and quality come from the database', async () => {
    const user = await signUp(ctx.app);
    expect(body(await get('/user/currentMemberLevel', user.token)).data).toEqual({ plan: 'FREE', expiresAt: null, active: false });
    expect(body(await get('/user/queryManageCount', user.token)).data).toEqual({
      manageCount: 3,
      deviceLimit: null,
      sessionLimit: null,
      deviceCount: 0,
      groupCount: 0,
      sharesGiven: 0,
      sharesReceived: 0,
    });
    expect(body(await get('/user/queryMonitorAndQuality', user.token)).data).toEqual({
      monitorCount: 0,
      qualityTier: 'STANDARD',
      qualityExpiresAt: null,
      channelEnabled: false,
      channelExpiresAt: null,
      channelRequired: true, // registered after 1 July 2025 without the channel
      crossBorderNotice: false, // but no device abroad: the notice does not concern it
    });

    const expires = new Date(Date.now() + 30 * 24 * 3_600_000);
    await ctx.database.db
      .updateTable('users')
      .set({
        member_plan: 'PRO',
        member_expires_at: toDbDate(expires),
        monitor_count: 10,
        quality_tier: 'ULTRA',
        quality_expires_at: toDbDate(expires),
        channel_enabled: 1,
        channel_expires_at: toDbDate(expires),
        manage_count: 50,
      })
      .where('username_norm', '=', user.username.toLowerCase())
      .execute();
    expect(body(await get('/user/currentMemberLevel', user.token)).data).toEqual({
      plan: 'PRO',
      expiresAt: expires.toISOString(),
      active: true,
    });
    expect(body(await get('/user/queryManageCount', user.token)).data).toMatchObject({ manageCount: 50, deviceCount: 0 });
    expect(body(await get('/user/queryMonitorAndQuality', user.token)).data).toEqual({
      monitorCount: 10,
      qualityTier: 'ULTRA',
      qualityExpiresAt: expires.toISOString(),
      channelEnabled: true,
      channelExpiresAt: expires.toISOString(),
      channelRequired: false,
      crossBorderNotice: false,
    });

    const lapsed = new Date(Date.now() - 1000);
    await ctx.database.db
      .updateTable('users')
      .set({ member_expires_at: toDbDate(lapsed) })
      .where('username_norm', '=', user.username.toLowerCase())
      .execute();
    expect(body(await get('/user/info', user.token)).data.member).toEqual({ plan: 'FREE', expiresAt: lapsed.toISOString(), active: false });
  });

  it('the channel is required for accounts registered from 1 July 2025 (China time) on', async () => {
    const user = await signUp(ctx.app);
    const setCreated = (iso: string) =>
      ctx.database.db.updateTable('users').set({ created_at: iso }).where('username_norm', '=', user.username.toLowerCase()).execute();
    await setCreated('2025-06-30T15:59:59.999Z'); // 30 June, 23:59:59.999 in Beijing
    expect(body(await get('/user/queryMonitorAndQuality', user.token)).data.channelRequired).toBe(false);
    await setCreated('2025-06-30T16:00:00.000Z'); // 1 July, 00:00 in Beijing
    expect(body(await get('/user/queryMonitorAndQuality', user.token)).data.channelRequired).toBe(true);
  });

  it('the cross-border notice is for accounts that need the channel and have a device abroad, own or shared', async () => {
    const user = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const idOf = async (token: string) => body<{ id: string }>(await get('/user/info', token)).data.id;
    const [userId, otherId] = [await idOf(user.token), await idOf(other.token)];
    const notice = async () =>
      body<{ channelRequired: boolean; crossBorderNotice: boolean }>(await get('/user/queryMonitorAndQuality', user.token)).data;
    const stamp = new Date().toISOString();
    const device = (id: string, owner: string, country: string | null) => ({
      id,
      user_id: owner,
      device_key: id,
      name: id,
      client_type: 'WIN',
      chip_type: null,
      os_version: null,
      app_version: null,
      group_id: null,
      policy: 'ALL',
      last_ip: null,
      last_country: country,
      last_seen_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    });
    // a new account, devices in mainland China or of unknown place: no notice (the first visit's yellow alert)
    expect(await notice()).toEqual({ ...(await notice()), channelRequired: true, crossBorderNotice: false });
    await ctx.database.db
      .insertInto('devices')
      .values([device(`cn-${userId}`, userId, 'CN'), device(`unknown-${userId}`, userId, null)])
      .execute();
    expect((await notice()).crossBorderNotice).toBe(false);
    // a device shared with it in Japan: it concerns the account
    await ctx.database.db
      .insertInto('devices')
      .values(device(`jp-${otherId}`, otherId, 'JP'))
      .execute();
    await ctx.database.db
      .insertInto('device_shares')
      .values({
        id: `s-${userId}`,
        owner_id: otherId,
        recipient_id: userId,
        device_id: `jp-${otherId}`,
        group_id: null,
        permission: 'CONTROL',
        created_at: stamp,
      })
      .execute();
    expect(await notice()).toMatchObject({ channelRequired: true, crossBorderNotice: true });
    await ctx.database.db.deleteFrom('device_shares').where('id', '=', `s-${userId}`).execute();
    expect((await notice()).crossBorderNotice).toBe(false);
    // its own device in Hong Kong (outside mainland China): it concerns the account
    await ctx.database.db.updateTable('devices').set({ last_country: 'HK' }).where('id', '=', `unknown-${userId}`).execute();
    expect((await notice()).crossBorderNotice).toBe(true);
    // registered before 1 July 2025: never
    await ctx.database.db.updateTable('users').set({ created_at: '2025-06-30T15:59:59.999Z' }).where('id', '=', userId).execute();
    expect(await notice()).toMatchObject({ channelRequired: false, crossBorderNotice: false });
  });

  it('every profile call needs a session', async () => {
    for (const url of ['/user/info', '/user/currentMemberLevel', '/user/queryManageCount', '/user/queryMonitorAndQuality', '/accessKey']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(body(res).errcode).toBe(40100);
    }
  });

  it('/user/check tells whether a phone, username (any case) or email is registered', async () => {
    const user = await signUp(ctx.app);
    const stranger = newIdentity();
    const check = async (type: string, value: string) =>
      body<{ exists: boolean }>(
        await ctx.app.inject({ method: 'POST', url: '/user/check', payload: { type, value }, remoteAddress: newIp() }),
      ).data.exists;
    expect(await check('MOBILE', user.mobile)).toBe(true);
    expect(await check('ACCOUNT', user.username.toUpperCase())).toBe(true);
    expect(await check('EMAIL', user.email.toUpperCase())).toBe(true);
    expect(await check('MOBILE', stranger.mobile)).toBe(false);
    expect(await check('ACCOUNT', stranger.username)).toBe(false);
    expect(await check('EMAIL', stranger.email)).toBe(false);
  });

  it('/user/check allows 30 look-ups a minute per IP, then RATE_LIMITED', async () => {
    const ip = newIp();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/user/check',
        payload: { type: 'MOBILE', value: newIdentity().mobile },
        remoteAddress: ip,
        headers: { 'accept-language': 'en' },
      });
      codes.push(body(res).errcode);
      if (i === 30) {
        expect(res.statusCode).toBe(429);
        expect(body(res).errmsg).toBe(messageOf('en', 'errors.rateLimited'));
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(codes.filter((code) => code === 0)).toHaveLength(30);
    expect(codes.at(-1)).toBe(42900);
  });
});

describe.each(kvCases())('access keys on the $kind store', ({ create }) => {
  const kv = create();
  const ctx = useTestApp('sqlite', { deps: { kv } });

  async function accessKey(token: string): Promise<string> {
    const res = await ctx.app.inject({ url: '/accessKey', headers: { authorization: token } });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data.expiresInSeconds).toBe(60);
    return body<{ accessKey: string }>(res).data.accessKey;
  }
  const redeem = (key: string) =>
    ctx.app.inject({ url: `/tokenByAccessKeyV2?accessKey=${encodeURIComponent(key)}`, headers: { 'accept-language': 'en' } });

  it('hands the session over once: a new token and cookie for the same user', async () => {
    const user = await signUp(ctx.app);
    const key = await accessKey(user.token);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await redeem(key);
    expect(res.statusCode, res.body).toBe(200);
    const token = body<{ access_token: string }>(res).data.access_token;
    expect(token).not.toBe(user.token);
    expect(String(res.headers['set-cookie'])).toContain(`llk_session=${token}`);
    const me = body<{ username: string }>(await ctx.app.inject({ url: '/user/info', headers: { authorization: token } })).data;
    expect(me.username).toBe(user.username);

    const again = await redeem(key);
    expect(body(again)).toEqual({ errcode: 10012, errmsg: messageOf('en', 'errors.accessKeyInvalid'), data: null });
  });

  it('lets exactly one of many concurrent redemptions succeed', async () => {
    const user = await signUp(ctx.app);
    const key = await accessKey(user.token);
    const results = await Promise.all(Array.from({ length: 10 }, () => redeem(key)));
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(results.filter((res) => body(res).errcode === 10012)).toHaveLength(9);
  });

  it('expires after 60 seconds and is stored only as a hash', async () => {
    const user = await signUp(ctx.app);
    const key = await accessKey(user.token);
    const { sha256Hex } = await import('../../../src/infrastructure/secrets');
    const ttl = await kv.ttl(`access-key:${sha256Hex(key)}`);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await kv.get(`access-key:${key}`)).toBeNull();
    await kv.del(`access-key:${sha256Hex(key)}`); // as if the minute had passed
    expect(body(await redeem(key)).errcode).toBe(10012);
    expect(body(await redeem('made-up')).errcode).toBe(10012);
  });
});
