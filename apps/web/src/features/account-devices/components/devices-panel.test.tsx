import { getContractMessages, type TDevice, type TDeviceGroupList, type TManageCount } from '@llk/contracts';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/account-devices.json';
import connections from '../../../../messages/en/connections.json';
import { fakeApi, type FakeApi } from '../../../../test/support/fake-api';
import type { TDevicesSnapshot } from '../devices-api';
import type { TDevicesTexts } from '../texts';

vi.mock('next/navigation', () => ({
  useParams: () => ({ locale: 'en' }),
  useRouter: () => ({ push: vi.fn() }),
  usePathname: () => '/en/account/devices',
}));

import { DevicesPanel } from './devices-panel';
import { stubDialogs } from '../../../../test/support/dialog';

// The devices page as a user works it, against the fake API behind the browser client: what
// is listed, the refresh every 15 s while the tab is visible, rename, the share dialog's
// refusals in the API's words, removing several devices at once, and the device-limit warning.

const contract = getContractMessages('en') as unknown as Record<string, Record<string, string>>;
const texts: TDevicesTexts = {
  page: en.AccountDevices,
  validation: contract.validation!,
  limitReached: contract.errors!.deviceLimitReached!,
  network: 'Network error',
  connections: connections.AccountConnections,
};

function device(id: string, changes: Partial<TDevice> = {}): TDevice {
  return {
    id,
    deviceId: `app-${id}`,
    name: `Device ${id}`,
    clientType: 'WIN',
    chipType: 'X86',
    osVersion: '11',
    appVersion: '3.5.0',
    groupId: null,
    policy: 'ALL',
    online: true,
    lastSeenAt: '2026-11-24T02:00:00.000Z',
    createdAt: '2026-11-20T02:00:00.000Z',
    sharedBy: null,
    permission: 'MANAGE',
    ...changes,
  };
}

const office = device('d1', { name: 'Office PC', groupId: 'g1' });
const laptop = device('d2', {
  name: 'MacBook',
  clientType: 'MAC',
  online: false,
  appVersion: null,
  lastSeenAt: '2026-11-23T16:30:00.000Z',
});
const borrowed = device('d3', {
  name: 'Lab server',
  clientType: 'LINUX',
  sharedBy: { userId: 'u2', name: 'alice' },
  permission: 'CONTROL',
});
const groups: TDeviceGroupList = {
  list: [{ id: 'g1', name: 'Office', deviceCount: 1, onlineCount: 1, createdAt: '2026-11-20T02:00:00.000Z' }],
  ungroupedCount: 1,
  ungroupedOnlineCount: 0,
};
const counts = (deviceCount: number, deviceLimit: number | null = 10): TManageCount => ({
  manageCount: deviceLimit ?? 0,
  deviceLimit,
  sessionLimit: 1,
  deviceCount,
  groupCount: 1,
  sharesGiven: 0,
  sharesReceived: 1,
});
const snapshot = (list: TDevice[], deviceCount = 2, limit: number | null = 10): TDevicesSnapshot => ({
  list: { list, total: list.length, page: 1, pageSize: 20 },
  groups,
  counts: counts(deviceCount, limit),
});

let api: FakeApi;
/** What the API answers when the page reloads its view. */
function serve(next: TDevicesSnapshot) {
  api.reply('GET /device/list', { data: next.list });
  api.reply('GET /deviceGroup/list', { data: next.groups });
  api.reply('GET /user/queryManageCount', { data: next.counts });
}

function renderPanel(initial = snapshot([office, laptop, borrowed])) {
  return render(<DevicesPanel initial={initial} texts={texts} tag="en" />);
}
const row = (name: string) =>
  screen.getAllByTestId('device').find((item) => within(item).queryByTestId('device-name')?.textContent === name)!;

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  api = fakeApi();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  document.documentElement.setAttribute('lang', 'en');
  stubDialogs();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DevicesPanel', () => {
  it('lists devices with platform, online state, version, last seen on the reader’s clock, and who shared them', () => {
    // the reader's browser is in Paris (ADR 0031: times on the reader's clock with its offset)
    const options = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...options.call(this), timeZone: 'Europe/Paris' };
    });
    renderPanel();
    expect(screen.getAllByTestId('device-name').map((name) => name.textContent)).toEqual(['Office PC', 'MacBook', 'Lab server']);
    const pc = row('Office PC');
    expect(within(pc).getByTestId('device-online').textContent).toBe('Online');
    expect(pc.textContent).toContain('Windows');
    expect(within(pc).getByTestId('device-version').textContent).toBe('Version 3.5.0');
    // 02:00 UTC is 03:00 in Paris
    expect(within(pc).getByTestId('device-last-seen').textContent).toBe('Last seen Nov 24, 2026, 3:00 AM (UTC+1)');
    expect(pc.textContent).toContain('Group: Office');
    const mac = row('MacBook');
    expect(within(mac).getByTestId('device-online').textContent).toBe('Offline');
    expect(within(mac).getByTestId('device-version').textContent).toBe('Version unknown');
    expect(within(mac).getByTestId('device-last-seen').textContent).toBe('Last seen Nov 23, 2026, 5:30 PM (UTC+1)');
    const shared = row('Lab server');
    expect(within(shared).getByTestId('device-shared').textContent).toBe('Shared by alice · Control');
    // nobody but the owner moves or removes it: no checkbox, Leave instead of Share
    expect(within(shared).queryByRole('checkbox')).toBeNull();
    expect(within(shared).getByTestId('device-share').textContent).toBe('Leave share');
    expect(screen.getByTestId('device-total').textContent).toBe('3 devices');
    // every count in one form, groups and the ungrouped alike
    expect(screen.getByTestId('group').textContent).toBe('Office1 of 1 online');
    expect(within(screen.getByTestId('group-ungrouped')).getByTestId('group-count').textContent).toBe('0 of 1 online');
    // the CSV in the page's language and the browser's zone
    expect(screen.getByTestId('device-export').getAttribute('href')).toBe('/api/device/export?locale=en&tz=Europe%2FParis');
  });

  it('shows each device id first, copyable, and says it was copied', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    renderPanel();
    const pc = row('Office PC');
    const details = within(pc).getByTestId('device-id-row');
    // the id comes before the name
    expect(details.compareDocumentPosition(within(pc).getByTestId('device-name')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(pc).getByTestId('device-id').textContent).toBe('app-d1');
    fireEvent.click(within(pc).getByRole('button', { name: 'Copy the device ID of “Office PC”' }));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith('app-d1'));
    await vi.waitFor(() => expect(screen.getByTestId('device-copied').textContent).toBe('Device ID app-d1 copied'));
    expect(screen.getByTestId('device-copied').getAttribute('aria-live')).toBe('polite');
    expect(api.toasts.success).toHaveBeenCalledWith('Device ID app-d1 copied');
  });

  it('tells a recipient what they may do, not the owner’s level beside their permission', () => {
    const viewOnly = device('d4', { name: 'Kiosk', sharedBy: { userId: 'u2', name: 'alice' }, permission: 'VIEW' });
    const signedOut = device('d5', {
      name: 'Lost phone',
      policy: 'LOGIN_OUT',
      sharedBy: { userId: 'u2', name: 'alice' },
      permission: 'MANAGE',
    });
    renderPanel(snapshot([office, borrowed, viewOnly, signedOut]));
    expect(within(row('Office PC')).getByTestId('device-policy').textContent).toBe('Permission level: Full access');
    expect(within(row('Lab server')).queryByTestId('device-policy')).toBeNull();
    expect(within(row('Lab server')).getByTestId('device-access').textContent).toBe('You may connect to this device and control it.');
    expect(within(row('Kiosk')).getByTestId('device-access').textContent).toBe('You may see this device and its status, not control it.');
    expect(within(row('Lost phone')).getByTestId('device-access').textContent).toBe(
      'You may control this device, rename it and set its permission level. No one can connect to it right now: its owner set it to “Signed out”.',
    );
  });

  it('says an empty group is empty and how devices get in, not that no device matches', async () => {
    const empty = {
      ...groups,
      list: [...groups.list, { id: 'g2', name: 'Lab', deviceCount: 0, onlineCount: 0, createdAt: '2026-11-21T02:00:00.000Z' }],
    };
    serve({ ...snapshot([]), groups: empty });
    renderPanel({ ...snapshot([office]), groups: empty });
    fireEvent.click(screen.getAllByTestId('group').find((chip) => chip.getAttribute('data-group-id') === 'g2')!);
    await vi.waitFor(() => expect(screen.getByTestId('devices-empty').getAttribute('data-empty')).toBe('group'));
    expect(screen.getByTestId('devices-empty').textContent).toContain('“Lab” has no devices yet.');
    expect(screen.getByTestId('devices-empty').textContent).toContain('Move to group');
    expect(screen.queryByText('No device matches these filters.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    // with a filter set it is the filters that match nothing
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'offline' } });
    await vi.waitFor(() => expect(screen.getByTestId('devices-empty').textContent).toBe('No device matches these filters.'));
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('folds the filters behind one button that counts those set', async () => {
    serve(snapshot([office]));
    renderPanel();
    const toggle = screen.getByTestId('device-filters-toggle');
    expect(toggle.textContent).toBe('Filters');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('device-filters').className).toMatch(/(^| )hidden( |$)/);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('device-filters').className).not.toMatch(/(^| )hidden( |$)/);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'online' } });
    fireEvent.change(screen.getByLabelText('Platform'), { target: { value: 'WIN' } });
    await vi.waitFor(() => expect(toggle.textContent).toBe('Filters (2 active)'));
  });

  it('refreshes the online state every 15 s while the tab is visible, and not while it is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    serve(snapshot([{ ...office }, { ...laptop, online: true }, borrowed]));
    renderPanel();
    expect(within(row('MacBook')).getByTestId('device-online').textContent).toBe('Offline');

    await act(async () => vi.advanceTimersByTimeAsync(14_999));
    expect(api.callsTo('GET /device/list')).toHaveLength(0);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(within(row('MacBook')).getByTestId('device-online').textContent).toBe('Online'));
    expect(api.callsTo('GET /device/list')[0]!.query).toBe('page=1&pageSize=20');

    visibility = 'hidden';
    await act(async () => vi.advanceTimersByTimeAsync(45_000));
    expect(api.callsTo('GET /device/list')).toHaveLength(1);
    // back in view: at once
    visibility = 'visible';
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await vi.waitFor(() => expect(api.callsTo('GET /device/list')).toHaveLength(2));
  });

  it('asks the API for the chosen filters and group', async () => {
    serve(snapshot([office]));
    renderPanel();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'online' } });
    await vi.waitFor(() => expect(api.callsTo('GET /device/list')).toHaveLength(1));
    expect(api.callsTo('GET /device/list')[0]!.query).toBe('page=1&pageSize=20&online=true');
    fireEvent.click(screen.getByTestId('group'));
    await vi.waitFor(() => expect(api.callsTo('GET /device/list')).toHaveLength(2));
    expect(api.callsTo('GET /device/list')[1]!.query).toBe('page=1&pageSize=20&groupIds[]=%22g1%22&online=true');
    expect(screen.getByTestId('device-export').getAttribute('href')).toMatch(
      /^\/api\/device\/export\?groupIds%5B%5D=%22g1%22&online=true&locale=en&tz=/,
    );
  });

  it('pages through the list, and goes back a page when the last one has emptied meanwhile', async () => {
    const many = Array.from({ length: 20 }, (_, i) => device(`p${i}`, { name: `PC ${i}` }));
    api.reply('GET /device/list', [
      { data: { list: [], total: 20, page: 2, pageSize: 20 } },
      { data: { list: many, total: 20, page: 1, pageSize: 20 } },
    ]);
    api.reply('GET /deviceGroup/list', { data: groups });
    api.reply('GET /user/queryManageCount', { data: counts(21) });
    renderPanel({ list: { list: many, total: 21, page: 1, pageSize: 20 }, groups, counts: counts(21) });
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByTestId('device-next'));
    await vi.waitFor(() => expect(api.callsTo('GET /device/list')).toHaveLength(2));
    expect(api.callsTo('GET /device/list').map((call) => call.query)).toEqual(['page=2&pageSize=20', 'page=1&pageSize=20']);
    await vi.waitFor(() => expect(screen.queryByTestId('device-pages')).toBeNull());
    expect(screen.getAllByTestId('device')).toHaveLength(20);
  });

  it('renames a device', async () => {
    api.reply('POST /device/update', ({ body }) => ({ data: { ...office, name: (body as { name: string }).name } }));
    renderPanel();
    fireEvent.click(within(row('Office PC')).getByTestId('device-rename'));
    const field = screen.getByLabelText('New name for “Office PC”');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.submit(field.closest('form')!);
    expect(screen.getByText('This field is required.')).toBeTruthy();
    fireEvent.change(field, { target: { value: ' Front desk ' } });
    fireEvent.submit(field.closest('form')!);
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('device-name').map((name) => name.textContent)).toEqual(['Front desk', 'MacBook', 'Lab server']),
    );
    expect(api.callsTo('POST /device/update').map((call) => call.body)).toEqual([{ deviceId: 'd1', name: 'Front desk' }]);
    expect(api.toasts.success).toHaveBeenCalledWith('Device renamed');
  });

  it('shows the API’s refusal inside the share dialog, then shares and lists the share', async () => {
    const share = {
      id: 's1',
      deviceId: 'd1',
      groupId: null,
      targetName: 'Office PC',
      permission: 'VIEW',
      owner: { userId: 'u1', name: 'me' },
      recipient: { userId: 'u3', name: 'bob' },
      createdAt: '2026-11-24T02:00:00.000Z',
    };
    api.reply('GET /device/shares', [{ data: { given: [], received: [] } }, { data: { given: [share], received: [] } }]);
    api.reply('POST /device/share', [
      { data: null, errcode: 70012, errmsg: 'No account matches that username, phone or email.', status: 404 },
      { data: share },
    ]);
    renderPanel();
    fireEvent.click(within(row('Office PC')).getByTestId('device-share'));
    const dialog = screen.getByTestId('share-dialog');
    expect(await within(dialog).findByTestId('share-none')).toBeTruthy();

    fireEvent.submit(within(dialog).getByTestId('share-form'));
    expect(within(dialog).getByText('This field is required.')).toBeTruthy();
    expect(api.callsTo('POST /device/share')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Account'), { target: { value: 'nobody' } });
    fireEvent.change(within(dialog).getByLabelText('Permission'), { target: { value: 'VIEW' } });
    fireEvent.submit(within(dialog).getByTestId('share-form'));
    expect((await within(dialog).findByTestId('share-error')).textContent).toBe('No account matches that username, phone or email.');
    // said in the dialog, where it is seen, not in a toast under the modal
    expect(api.toasts.error).not.toHaveBeenCalled();
    expect(api.callsTo('POST /device/share')[0]!.body).toEqual({ deviceId: 'd1', account: 'nobody', permission: 'VIEW' });

    fireEvent.change(within(dialog).getByLabelText('Account'), { target: { value: 'bob' } });
    fireEvent.submit(within(dialog).getByTestId('share-form'));
    expect((await within(dialog).findByTestId('share')).textContent).toContain('bob · View');
    expect(within(dialog).queryByTestId('share-error')).toBeNull();
  });

  it('removes the selected devices in one batch after confirmation', async () => {
    api.reply('POST /device/removeBatch', { data: { removed: 2 } });
    serve(snapshot([borrowed], 0));
    renderPanel();
    fireEvent.click(screen.getByLabelText('Select “Office PC”'));
    fireEvent.click(screen.getByLabelText('Select “MacBook”'));
    expect(screen.getByTestId('batch-count').textContent).toBe('2 devices selected');
    fireEvent.click(screen.getByTestId('batch-remove'));
    expect(screen.getByTestId('remove-dialog').hasAttribute('open')).toBe(true);
    expect(screen.getByText('Remove 2 devices?')).toBeTruthy();
    expect(api.callsTo('POST /device/removeBatch')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('remove-confirm'));
    await vi.waitFor(() => expect(screen.getAllByTestId('device-name').map((name) => name.textContent)).toEqual(['Lab server']));
    expect(api.callsTo('POST /device/removeBatch')[0]!.body).toEqual({ deviceIds: ['d1', 'd2'] });
    expect(api.toasts.success).toHaveBeenCalledWith('2 devices removed');
    expect(screen.queryByTestId('batch-bar')).toBeNull();
  });

  it('warns from 80 % of the plan’s device limit and says the API’s words when it is reached', () => {
    renderPanel(snapshot([office], 7, 10));
    expect(screen.queryByTestId('device-limit-warning')).toBeNull();
    cleanup();
    renderPanel(snapshot([office], 8, 10));
    expect(screen.getByTestId('device-limit-warning').textContent).toContain('You are using 8 of the 10 devices your plan allows.');
    cleanup();
    renderPanel(snapshot([office], 10, 10));
    expect(screen.getByTestId('device-limit-warning').textContent).toContain(
      'Your plan allows 10 devices. Remove a device or upgrade your plan to add another.',
    );
    cleanup();
    renderPanel(snapshot([office], 400, null));
    expect(screen.queryByTestId('device-limit-warning')).toBeNull();
  });

  it('marks the devices in a session now and opens a device’s 10 recent sessions, its alerts and the link to all of them', async () => {
    const session = {
      id: 's1',
      status: 'LIVE',
      direction: 'INCOMING',
      kind: 'CONTROL',
      permission: 'CONTROL',
      from: {
        deviceId: null,
        deviceName: 'Alice’s Mac',
        clientType: 'MAC',
        appVersion: null,
        userId: 'u2',
        userName: 'alice',
        mine: false,
        address: '203.0.113.x',
        country: 'FR',
      },
      to: {
        deviceId: 'd1',
        deviceName: 'Office PC',
        clientType: 'WIN',
        appVersion: '3.5.0',
        userId: 'u1',
        userName: 'me',
        mine: true,
        address: null,
        country: null,
      },
      startedAt: '2026-11-24T02:00:00.000Z',
      endedAt: null,
      durationSeconds: null,
      bytes: null,
      endReason: null,
      endedBy: null,
      refusal: null,
      refusalMessage: null,
      files: [],
      notes: [],
      alarm: false,
    };
    api.reply('GET /session/live', { data: { items: [session] } });
    api.reply('GET /session/list', { data: { items: [session], next: null, historyDays: 7 } });
    api.reply('GET /session/alerts', { data: { items: [{ deviceId: 'd1', email: true, sms: false, header: false }] } });
    api.reply('POST /session/alerts/set', { data: { deviceId: 'd1', email: true, sms: false, header: true } });
    renderPanel();
    await vi.waitFor(() => expect(within(row('Office PC')).getByTestId('device-in-session').textContent).toBe('In a session now'));
    expect(within(row('MacBook')).queryByTestId('device-in-session')).toBeNull();

    fireEvent.click(within(row('Office PC')).getByTestId('device-sessions-open'));
    const dialog = screen.getByTestId('device-sessions-dialog');
    expect(dialog.hasAttribute('open')).toBe(true);
    // until the API answers, the dialog says it is loading rather than showing an empty heading
    expect(within(dialog).getByTestId('device-sessions-loading').textContent).toBe('Loading this device’s sessions…');
    await vi.waitFor(() => expect(within(dialog).getAllByTestId('session')).toHaveLength(1));
    expect(within(dialog).queryByTestId('device-sessions-loading')).toBeNull();
    expect(api.callsTo('GET /session/list').map((call) => call.query)).toEqual(['deviceId=d1&pageSize=10']);
    expect(within(dialog).getByTestId('device-sessions-live').textContent).toBe('This device is in a session now.');
    expect(within(dialog).getByTestId('session-who').textContent).toBe('alice');
    expect(within(dialog).getByTestId('device-sessions-all').getAttribute('href')).toBe('/en/account/connections?deviceId=d1');

    await vi.waitFor(() => expect((within(dialog).getByTestId('alert-email') as HTMLInputElement).checked).toBe(true));
    expect((within(dialog).getByTestId('alert-header') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(dialog).getByTestId('alert-header'));
    fireEvent.click(within(dialog).getByTestId('alert-save'));
    await vi.waitFor(() => expect(within(dialog).getByTestId('alert-saved').textContent).toBe('Alerts saved'));
    expect(api.callsTo('POST /session/alerts/set').map((call) => call.body)).toEqual([
      { deviceId: 'd1', email: true, sms: false, header: true },
    ]);
  });

  it('offers no alerts on a device shared with the reader, and shows the API’s refusal of a save in the dialog', async () => {
    api.reply('GET /session/live', { data: { items: [] } });
    api.reply('GET /session/list', { data: { items: [], next: null, historyDays: 7 } });
    api.reply('GET /session/alerts', { data: { items: [] } });
    api.reply('POST /session/alerts/set', { data: null, errcode: 40400, errmsg: 'Device not found.', status: 404 });
    renderPanel();
    fireEvent.click(within(row('Lab server')).getByTestId('device-sessions-open'));
    let dialog = screen.getByTestId('device-sessions-dialog');
    await vi.waitFor(() =>
      expect(within(dialog).getByTestId('device-sessions-empty').textContent).toBe('No sessions in your plan’s history.'),
    );
    expect(within(dialog).getByTestId('device-sessions-live').textContent).toBe('This device is not in a session.');
    expect(within(dialog).queryByTestId('alert-save')).toBeNull();
    fireEvent.click(within(dialog).getByText('Close'));

    fireEvent.click(within(row('MacBook')).getByTestId('device-sessions-open'));
    dialog = screen.getByTestId('device-sessions-dialog');
    await vi.waitFor(() => expect((within(dialog).getByTestId('alert-sms') as HTMLInputElement).checked).toBe(false));
    fireEvent.click(within(dialog).getByTestId('alert-sms'));
    fireEvent.click(within(dialog).getByTestId('alert-save'));
    await vi.waitFor(() => expect(within(dialog).getByTestId('alert-error').textContent).toBe('Device not found.'));
    expect(api.toasts.error).not.toHaveBeenCalled();
  });
});
