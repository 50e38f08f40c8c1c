import { ErrorCode } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { logIn, registerSimulatedDevices } from '../../../tools/devices-simulate';
import { signUp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { orgWorld } from './support';

// `npm run devices:simulate -- --deploy-code CODE` (ADR 0045), against a test app: fetch is
// answered by app.inject. Five simulated devices enrolled with a code that asks for approval,
// then approved one by one; a code with too few uses stops the run with the API's message.

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

describe.each(testDialects())('devices:simulate --deploy-code ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const world = orgWorld(ctx);

  it('enrols the simulated devices into the code’s organisation and group, waiting for approval', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner, 'Simulated fleet');
    const groupId = (await world.ok<{ id: string }>(owner, 'POST', '/org/deviceGroup/create', { orgId, name: 'Lab' })).id;
    const { code, id: codeId } = await world.ok<{ code: string; id: string }>(owner, 'POST', '/org/deployCode/create', {
      orgId,
      name: 'Lab rollout',
      groupId,
      expiresInHours: 2,
      maxUses: 5,
      requiresApproval: true,
    });

    const installer = await signUp(ctx.app);
    const fetchImpl = injectFetch(ctx.app);
    const baseUrl = 'http://api.test';
    const token = await logIn(baseUrl, installer.username, installer.password, fetchImpl);
    const options = { baseUrl, token, count: 5, prefix: 'lab', deployCode: code, fetchImpl };
    const devices = await registerSimulatedDevices(options);
    expect(devices).toHaveLength(5);
    expect(devices.map((device) => device.enrolment)).toEqual(Array.from({ length: 5 }, () => ({ orgId, groupId, status: 'PENDING' })));
    // a second run reuses its devices and spends no use
    expect((await registerSimulatedDevices(options)).map((device) => device.id)).toEqual(devices.map((device) => device.id));
    const listed = await world.ok<{ items: { id: string; uses: number }[] }>(owner, 'GET', '/org/deployCode/list', { orgId });
    expect(listed.items.find((item) => item.id === codeId)!.uses).toBe(5);

    const pending = await world.ok<{ items: { deviceId: string }[] }>(owner, 'GET', '/org/device/list', { orgId, status: 'PENDING' });
    expect(pending.items.map((item) => item.deviceId).sort()).toEqual(devices.map((device) => device.id).sort());
    await world.ok(owner, 'POST', '/org/device/approve', { orgId, deviceId: devices[0]!.id });
    const active = await world.ok<{ items: { deviceId: string }[] }>(owner, 'GET', '/org/device/list', { orgId, status: 'ACTIVE' });
    expect(active.items.map((item) => item.deviceId)).toEqual([devices[0]!.id]);

    // the code is used up: a sixth device stops the run with the API's code and message
    await expect(registerSimulatedDevices({ ...options, count: 6 })).rejects.toThrow(
      new RegExp(`/device/register: ${ErrorCode.ORG_DEPLOY_CODE_USED_UP} `),
    );
  });
});
