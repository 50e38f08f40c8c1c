import type { TAccessAlert, TAccessAlerts, TDeviceList, TSessionLive, TSessionPage } from '@llk/contracts';
import { loadApi } from '@/lib/load-api';
import { type TSessionFilters, listQuery } from './rules';

// The connections page's calls (and the devices page's sessions dialog), through the one
// browser API client. `quiet` calls are answered by the page itself: the background refresh of
// "now" (a failure waits for the next round) and the dialogs, which show the API's errmsg.

/** One page of the history for the filters; `before` is the previous page's `next`. */
export async function loadSessions(
  filters: TSessionFilters,
  { timeZone, before }: { timeZone?: string; before?: string | null },
  network: string,
): Promise<TSessionPage> {
  return (await loadApi(network)).get<TSessionPage>('/session/list', { query: listQuery(filters, { timeZone, before }) });
}

/** A device's most recent sessions (the devices page's dialog). */
export async function loadDeviceSessions(deviceId: string, count: number, network: string): Promise<TSessionPage> {
  return (await loadApi(network)).get<TSessionPage>('/session/list', { query: { deviceId, pageSize: count }, silent: true });
}

export async function loadLive(network: string, quiet = false): Promise<TSessionLive> {
  return (await loadApi(network)).get<TSessionLive>('/session/live', { silent: quiet });
}

/** The devices the filter offers: the caller's own and those shared with it (the API's largest page). */
export async function loadDevices(network: string): Promise<TDeviceList> {
  return (await loadApi(network)).get<TDeviceList>('/device/list', { query: { page: 1, pageSize: 100 }, silent: true });
}

export async function disconnectSession(sessionId: string, network: string): Promise<void> {
  await (await loadApi(network)).post('/session/disconnect', { body: { sessionId }, silent: true });
}

export async function loadAlerts(network: string): Promise<TAccessAlerts> {
  return (await loadApi(network)).get<TAccessAlerts>('/session/alerts', { silent: true });
}

export async function saveAlert(alert: TAccessAlert, network: string): Promise<void> {
  await (await loadApi(network)).post('/session/alerts/set', { body: alert, silent: true });
}
