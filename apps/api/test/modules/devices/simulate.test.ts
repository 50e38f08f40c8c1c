import { describe, expect, it } from 'vitest';
import { beatOnce, logIn, registerSimulatedDevices } from '../../../tools/devices-simulate';
import { type App } from '../../../src/app';
import { signUp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { body } from '../orders/support';

// The core of `npm run devices:simulate`, against a test app: fetch is answered by app.inject.

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
    const ownerId = (await ctx.database.db.selectFrom('users').select('id').where('username_norm', '=', user.username.toLowerCase()).executeTakeFirstOrThrow()).id;
    const silent = devices.filter((d) => !d.online);
    for (const device of silent) await ctx.app.kv.del(`device:online:${device.id}`);
    await ctx.app.kv.scoreRemove(`device:online-set:${ownerId}`, silent.map((d) => d.id));
    expect(await beatOnce(options, devices)).toBe(6);
    const list = await ctx.app.inject({ method: 'GET', url: '/device/list?online=true', headers: { authorization: user.token } });
    expect(body<{ total: number }>(list).data.total).toBe(6);
  });
});
