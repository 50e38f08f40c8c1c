import type { TAdminConnectCheck, TAdminDevicesPage } from '@llk/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../../messages-admin/en/devices.json';
import { fakeApi, type FakeApi } from '../../../../../test/support/fake-api';
import { ConnectCheck } from './connect-check';
import { DevicesSearch } from './devices-search';

const side = { deviceId: 'sim-001', owner: { id: 'u1', username: 'lilei' }, country: 'CN' };
const check = (over: Partial<TAdminConnectCheck>): TAdminConnectCheck => ({
  from: { ...side, id: 'D1', name: 'Laptop', policy: 'ALL', mayControl: true },
  to: { ...side, id: 'D2', deviceId: 'sim-002', name: 'Server', policy: 'ALL', mayBeControlled: true },
  allowed: true,
  reason: null,
  permission: 'MANAGE',
  owned: true,
  channel: false,
  channelRequired: true,
  crossesBorder: false,
  sessionLimit: 1,
  ...over,
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const inProvider = (children: React.ReactNode) =>
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Shanghai">
      {children}
    </NextIntlClientProvider>,
  );

async function ask(to: string) {
  fireEvent.change(screen.getByLabelText('To device (id or app device id)'), { target: { value: to } });
  fireEvent.submit(screen.getByLabelText('To device (id or app device id)').closest('form')!);
  await vi.waitFor(() => expect(api.callsTo('GET /admin/api/devices/connect-check')).toHaveLength(1));
}

describe('ConnectCheck', () => {
  it('says a refusal by the target’s permission level in words, with the facts weighed', async () => {
    api.reply('GET /admin/api/devices/connect-check', {
      data: check({ allowed: false, reason: 'POLICY', to: { ...check({}).to, policy: 'LOGIN_OUT', mayBeControlled: false } }),
    });
    inProvider(<ConnectCheck from="D1" />);
    expect((screen.getByLabelText('From device (id or app device id)') as HTMLInputElement).value).toBe('D1');
    await ask(' sim-002 ');
    expect(api.callsTo('GET /admin/api/devices/connect-check')[0]?.query).toBe('from=D1&to=sim-002');
    const result = await screen.findByTestId('connect-result');
    expect(within(result).getByTestId('connect-decision').textContent).toBe('Refused');
    expect(within(result).getByTestId('connect-reason').textContent).toBe(
      'The permission level of “Server” (Signed out) does not let it be controlled.',
    );
    expect(result.textContent).toContain('Full access → Signed out');
    expect(result.textContent).toContain('Both devices are lilei’s');
    expect(result.textContent).toContain('CN → CN · no global channel');
    expect(result.textContent).toContain('The plan allows 1 at a time.');
  });

  it('names the other refusals and an allowed pair', async () => {
    const answers: [Partial<TAdminConnectCheck>, string][] = [
      [
        { allowed: false, reason: 'NOT_SHARED', owned: false, permission: null },
        '“Server” is neither a device of lilei nor shared with lilei.',
      ],
      [{ allowed: false, reason: 'PERMISSION', owned: false, permission: 'VIEW' }, '“Server” is shared with lilei for viewing only.'],
      [
        { allowed: false, reason: 'POLICY', from: { ...check({}).from, policy: 'ONLY_CONTROLLED', mayControl: false } },
        'The permission level of “Laptop” (Controlled only) does not let it control other devices.',
      ],
      [{ allowed: true, reason: null, sessionLimit: null }, 'No rule refuses a session from “Laptop” to “Server”.'],
    ];
    for (const [answer, text] of answers) {
      api = fakeApi();
      api.reply('GET /admin/api/devices/connect-check', { data: check(answer) });
      inProvider(<ConnectCheck from="D1" />);
      await ask('D2');
      expect((await screen.findByTestId('connect-reason')).textContent).toBe(text);
      cleanup();
    }
  });

  it('shows the API’s error under the form instead of a result', async () => {
    api.reply('GET /admin/api/devices/connect-check', {
      data: null,
      errcode: 80280,
      errmsg: 'This app device id belongs to devices of several accounts.',
      status: 409,
    });
    inProvider(<ConnectCheck from="sim-001" />);
    await ask('sim-002');
    expect((await screen.findByRole('alert')).textContent).toBe('This app device id belongs to devices of several accounts.');
    expect(screen.queryByTestId('connect-result')).toBeNull();
    expect(api.toasts.error).not.toHaveBeenCalled();
  });
});

describe('DevicesSearch', () => {
  const device = (id: string, name: string): TAdminDevicesPage['items'][number] => ({
    id,
    deviceId: `key-${id}`,
    name,
    clientType: 'WIN',
    osVersion: 'Windows 11',
    appVersion: '3.5.0',
    policy: 'ALL',
    owner: { id: 'u1', username: 'lilei' },
    online: id === 'D1',
    lastSeenAt: '2026-11-25T02:00:00.000Z',
    createdAt: '2026-11-20T02:00:00.000Z',
  });

  it('links each device and its owner, and loads the next page below', async () => {
    api.reply('GET /admin/api/devices', { data: { items: [device('D2', 'Server')], next: null } });
    inProvider(<DevicesSearch q="lilei" page={{ items: [device('D1', 'Laptop')], next: '2026-11-20T02:00:00.000Z_D1' }} />);
    const [first] = screen.getAllByTestId('admin-device-row');
    expect(within(first!).getByRole('link', { name: 'Laptop' }).getAttribute('href')).toBe('/admin/devices/D1');
    expect(within(first!).getByRole('link', { name: 'lilei' }).getAttribute('href')).toBe('/admin/users/u1');
    expect(within(first!).getByTestId('admin-device-presence').textContent).toBe('Online');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('admin-device-row')).toHaveLength(2));
    expect(api.callsTo('GET /admin/api/devices')[0]?.query).toBe('q=lilei&before=2026-11-20T02%3A00%3A00.000Z_D1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('asks for a search before there is one', () => {
    inProvider(<DevicesSearch q="" page={{ items: [], next: null }} />);
    expect(screen.getByText(/Search for a device by its id/)).toBeTruthy();
    expect(screen.queryByTestId('admin-devices-table')).toBeNull();
  });
});
