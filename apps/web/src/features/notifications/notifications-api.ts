import type { TNotifications } from '@llk/contracts';
import { loadApi } from '@/lib/load-api';

// The header bell's calls, through the one browser API client. The list is a background read:
// a failure is shown in the panel and waits for the next round, never a toast.

export async function loadNotifications(network: string): Promise<TNotifications> {
  return (await loadApi(network)).get<TNotifications>('/notification/list', { silent: true });
}

/** Marks every notification of the account read. */
export async function markAllRead(network: string): Promise<void> {
  await (await loadApi(network)).post('/notification/read', { body: {} });
}
