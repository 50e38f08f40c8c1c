import type { TSessionRecord } from '@llk/contracts';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/connections.json';
import ko from '../../../../messages/ko/connections.json';
import { stubDialogs } from '../../../../test/support/dialog';
import { fakeApi, type FakeApi } from '../../../../test/support/fake-api';
import { NO_SESSION_FILTERS } from '../rules';
import type { TConnectionsTexts } from '../texts';
import { ConnectionsPanel, type TConnectionsSnapshot } from './connections-panel';

vi.mock('next/navigation', () => ({
  useParams: () => ({ locale: 'en' }),
  useRouter: () => ({ push: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => '/en/account/connections',
}));

// The connections page as a user reads it, against the fake API behind the browser client:
// what a record says (who, devices, direction, place, time, duration, kind, permission, end,
// files, notes, refusals and alarms), the filters in the address, "Load more", the CSV link,
// the plan's history line, "now" refreshing every 10 s and Disconnect with its confirmation.

const texts: TConnectionsTexts = { page: en.AccountConnections, network: 'Network error' };

function side(changes: Partial<TSessionRecord['from']> = {}): TSessionRecord['from'] {
  return {
    deviceId: 'd1',
    deviceName: 'Office PC',
    clientType: 'WIN',
    appVersion: '3.5.0',
    userId: 'u1',
    userName: 'me',
    mine: true,
    address: '203.0.113.x',
    country: 'CN',
    ...changes,
  };
}

function record(id: string, changes: Partial<TSessionRecord> = {}): TSessionRecord {
  return {
    id,
    status: 'ENDED',
    direction: 'INCOMING',
    kind: 'CONTROL',
    permission: 'CONTROL',
    from: side({
      deviceId: 'd9',
      deviceName: 'Alice’s Mac',
      clientType: 'MAC',
      userId: 'u2',
      userName: 'alice',
      mine: false,
      country: 'KR',
    }),
    to: side(),
    startedAt: '2026-11-24T02:00:00.000Z',
    endedAt: '2026-11-24T03:02:05.000Z',
    durationSeconds: 3725,
    bytes: 1536,
    endReason: 'NORMAL',
    endedBy: null,
    refusal: null,
    refusalMessage: null,
    files: [],
    notes: [],
    alarm: false,
    ...changes,
  };
}

const ended = record('s1', {
  files: [{ direction: 'SENT', name: 'report.pdf', sizeBytes: 10 * 1024 * 1024, sha256: null, at: '2026-11-24T02:10:00.000Z' }],
  notes: [{ side: 'CONTROLLER', text: 'Fixed the printer', at: '2026-11-24T03:02:05.000Z' }],
});
const refused = record('s2', {
  status: 'REFUSED',
  endedAt: null,
  durationSeconds: null,
  bytes: null,
  endReason: null,
  refusal: 'POLICY',
  refusalMessage: 'The device’s permission level does not allow this connection.',
  alarm: true,
});
const live = record('s3', {
  status: 'LIVE',
  direction: 'OUTGOING',
  from: side(),
  to: side({ deviceId: 'd9', deviceName: 'Lab server', clientType: 'LINUX', userId: 'u2', userName: 'alice', mine: false, country: 'DE' }),
  endedAt: null,
  durationSeconds: null,
  bytes: null,
  endReason: null,
});

const snapshot = (changes: Partial<TConnectionsSnapshot> = {}): TConnectionsSnapshot => ({
  page: { items: [live, ended, refused], next: '2026-11-24T02:00:00.000Z~s2', searchedTo: null, historyDays: 7 },
  live: { items: [live] },
  devices: [
    { id: 'd1', name: 'Office PC' },
    { id: 'd2', name: 'Laptop' },
  ],
  ...changes,
});

let api: FakeApi;
const row = (id: string) => screen.getAllByTestId('session').find((item) => item.getAttribute('data-session-id') === id)!;
let visibility: DocumentVisibilityState = 'visible';

function renderPanel(initial = snapshot(), filters = NO_SESSION_FILTERS, page = texts, tag = 'en') {
  return render(<ConnectionsPanel initial={initial} initialFilters={filters} texts={page} tag={tag} />);
}

beforeEach(() => {
  api = fakeApi();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  const options = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...options.call(this), timeZone: 'Europe/Paris' };
  });
  window.history.replaceState(null, '', '/en/account/connections');
  stubDialogs();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ConnectionsPanel', () => {
  it('says who, which devices, from where, when, how long, what ran, how it ended, the files and the notes', () => {
    renderPanel();
    const item = row('s1');
    expect(item.getAttribute('data-status')).toBe('ENDED');
    expect(item.getAttribute('data-direction')).toBe('INCOMING');
    expect(within(item).getByTestId('session-who').textContent).toBe('alice');
    expect(within(item).getByTestId('session-direction').textContent).toBe('Incoming');
    expect(item.textContent).toContain('Alice’s Mac macOS version 3.5.0');
    expect(item.textContent).toContain('Office PC Windows version 3.5.0');
    // 02:00 UTC is 03:00 in Paris; 3725 s is 1:02:05; 1536 bytes are 1.5 kB
    expect(within(item).getByTestId('session-facts').textContent).toBe(
      'Started Nov 24, 2026, 3:00 AM (UTC+1) · Duration 1:02:05 · Remote control · Shared to control · 1.5 kB transferred',
    );
    expect(within(item).getByTestId('session-place').textContent).toBe('From South Korea · 203.0.113.x');
    expect(within(item).getByTestId('session-end').textContent).toBe('Ended normally');
    expect(within(item).getByTestId('session-file').textContent).toBe('Sent · report.pdf · 10 MB');
    expect(within(item).getByTestId('session-notes').textContent).toContain('Controlling side · Fixed the printer');
    expect(within(item).queryByTestId('session-disconnect')).toBeNull();
  });

  it('marks a refused attempt with its reason in words and the alarm it raised', () => {
    renderPanel();
    const item = row('s2');
    expect(item.getAttribute('data-status')).toBe('REFUSED');
    expect(within(item).getByTestId('session-refused').textContent).toBe(
      'Refused: The device’s permission level does not allow this connection.',
    );
    expect(within(item).getByTestId('session-alarm').textContent).toBe('Security alarm: too many refused attempts');
    expect(within(item).queryByTestId('session-end')).toBeNull();
  });

  it('shows the plan’s 7 days with a link to the plans, and no link at 180 days', () => {
    const { unmount } = renderPanel();
    expect(screen.getByTestId('connections-history-days').textContent).toContain('Your plan keeps the last 7 days of connections.');
    expect(screen.getByTestId('connections-upgrade').getAttribute('href')).toBe('/en/pricing');
    unmount();
    renderPanel(snapshot({ page: { items: [], next: null, searchedTo: null, historyDays: 180 } }));
    expect(screen.getByTestId('connections-history-days').textContent).toContain('180 days');
    expect(screen.queryByTestId('connections-upgrade')).toBeNull();
    expect(screen.getByTestId('connections-empty').textContent).toBe('No connections yet.');
    expect(screen.queryByTestId('connections-more')).toBeNull();
  });

  it('puts the filters in the address, loads the first page again, and links the CSV with them', async () => {
    api.reply('GET /session/list', { data: { items: [refused], next: null, searchedTo: null, historyDays: 7 } });
    renderPanel(snapshot(), { ...NO_SESSION_FILTERS, deviceId: 'd1' });
    expect((screen.getByLabelText('Device') as HTMLSelectElement).value).toBe('d1');
    fireEvent.click(screen.getByTestId('connections-refused'));
    await vi.waitFor(() => expect(screen.getAllByTestId('session').map((item) => item.getAttribute('data-session-id'))).toEqual(['s2']));
    expect(window.location.search).toBe('?deviceId=d1&refused=true');
    expect(api.callsTo('GET /session/list').map((call) => call.query)).toEqual(['pageSize=50&deviceId=d1&refused=true']);
    expect(screen.getByTestId('connections-export').getAttribute('href')).toBe(
      '/api/session/export?deviceId=d1&refused=true&locale=en&tz=Europe%2FParis',
    );
    // the day range is read in the reader's zone
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    await vi.waitFor(() => expect(api.callsTo('GET /session/list')).toHaveLength(2));
    expect(api.callsTo('GET /session/list')[1]!.query).toBe('pageSize=50&deviceId=d1&since=2026-11-20&refused=true&tz=Europe%2FParis');
    expect(screen.getByTestId('connections-filters-toggle').textContent).toBe('Filters (3 active)');
    fireEvent.click(screen.getByTestId('connections-clear'));
    await vi.waitFor(() => expect(window.location.search).toBe(''));
  });

  it('loads older records with the cursor and appends them', async () => {
    api.reply('GET /session/list', {
      data: { items: [record('s4', { startedAt: '2026-11-20T02:00:00.000Z' })], next: null, searchedTo: null, historyDays: 7 },
    });
    renderPanel();
    fireEvent.click(screen.getByTestId('connections-more'));
    await vi.waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(4));
    expect(api.callsTo('GET /session/list')[0]!.query).toBe('pageSize=50&before=2026-11-24T02%3A00%3A00.000Z~s2');
    expect(screen.queryByTestId('connections-more')).toBeNull();
  });

  it('says how far a short filtered page searched, and searches older records from there', async () => {
    // a device filter reads at most 2,000 records a page: none of them matched, the next page goes on
    api.reply('GET /session/list', [
      { data: { items: [], next: '2026-11-21T08:00:00.000Z~s8', searchedTo: '2026-11-21T08:00:00.000Z', historyDays: 7 } },
      { data: { items: [refused], next: '2026-11-19T08:00:00.000Z~s9', searchedTo: '2026-11-19T08:00:00.000Z', historyDays: 7 } },
    ]);
    renderPanel(snapshot(), { ...NO_SESSION_FILTERS, deviceId: 'd1' });
    fireEvent.click(screen.getByTestId('connections-refused'));
    await vi.waitFor(() => expect(screen.getByTestId('connections-empty').textContent).toMatch(/^No connection since Nov 21, 2026/));
    expect(screen.getByTestId('connections-empty').textContent).toContain('matches these filters.');
    expect(screen.getByTestId('connections-more').textContent).toBe('Search older records');
    fireEvent.click(screen.getByTestId('connections-more'));
    await vi.waitFor(() => expect(screen.getAllByTestId('session').map((item) => item.getAttribute('data-session-id'))).toEqual(['s2']));
    expect(api.callsTo('GET /session/list')[1]!.query).toBe('pageSize=50&deviceId=d1&refused=true&before=2026-11-21T08%3A00%3A00.000Z~s8');
    expect(screen.getByTestId('connections-searched').textContent).toMatch(/^Searched back to Nov 19, 2026/);
  });

  it('refreshes “now” every 10 s while the tab is visible, not while it is hidden', async () => {
    vi.useFakeTimers();
    api.reply('GET /session/live', [{ data: { items: [] } }, { data: { items: [live] } }]);
    renderPanel();
    expect(screen.getAllByTestId('live-session')).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(api.callsTo('GET /session/live')).toHaveLength(1);
    expect(screen.getByTestId('live-empty').textContent).toBe('No session is running on your devices right now.');
    visibility = 'hidden';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(api.callsTo('GET /session/live')).toHaveLength(1);
  });

  it('disconnects a live session only after the confirmation, and it leaves “now”', async () => {
    api.reply('POST /session/disconnect', { data: { ended: true } });
    renderPanel();
    const item = screen.getByTestId('live-session');
    expect(within(item).getByTestId('session-now').textContent).toBe('Now');
    fireEvent.click(within(item).getByTestId('session-disconnect'));
    const dialog = screen.getByTestId('disconnect-dialog');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.textContent).toContain('Office PC loses the connection to Lab server within 30 seconds');
    expect(api.callsTo('POST /session/disconnect')).toHaveLength(0);
    fireEvent.click(within(dialog).getByText('Keep it'));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(api.callsTo('POST /session/disconnect')).toHaveLength(0);

    fireEvent.click(within(screen.getByTestId('live-session')).getByTestId('session-disconnect'));
    fireEvent.click(screen.getByTestId('disconnect-confirm'));
    await vi.waitFor(() => expect(screen.queryByTestId('live-session')).toBeNull());
    expect(api.callsTo('POST /session/disconnect').map((call) => call.body)).toEqual([{ sessionId: 's3' }]);
    expect(api.toasts.success).toHaveBeenCalledWith('Session disconnected');
    // the history shows it ended by the owner
    expect(row('s3').getAttribute('data-status')).toBe('ENDED');
    expect(within(row('s3')).getByTestId('session-end').textContent).toBe('Disconnected by the owner');
  });

  it('shows the API’s refusal inside the dialog and keeps the session listed', async () => {
    api.reply('POST /session/disconnect', { data: null, errcode: 40901, errmsg: 'This session has already ended.', status: 409 });
    renderPanel();
    fireEvent.click(within(screen.getByTestId('live-session')).getByTestId('session-disconnect'));
    fireEvent.click(screen.getByTestId('disconnect-confirm'));
    await vi.waitFor(() => expect(screen.getByTestId('disconnect-error').textContent).toBe('This session has already ended.'));
    expect(screen.getByTestId('disconnect-dialog').hasAttribute('open')).toBe(true);
    expect(screen.getAllByTestId('live-session')).toHaveLength(1);
    expect(api.toasts.error).not.toHaveBeenCalled();
  });

  it('reads in Korean with the country in Korean', () => {
    renderPanel(snapshot(), NO_SESSION_FILTERS, { page: ko.AccountConnections, network: '네트워크 오류' }, 'ko');
    expect(within(row('s1')).getByTestId('session-place').textContent).toBe('접속 위치: 대한민국 · 203.0.113.x');
    expect(within(row('s1')).getByTestId('session-direction').textContent).toBe('들어온 연결');
    expect(screen.getByTestId('connections-history-days').textContent).toContain('현재 요금제는 최근 7일의 연결 기록을 보관합니다.');
  });
});
