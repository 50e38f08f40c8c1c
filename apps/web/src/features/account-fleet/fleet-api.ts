import type {
  TMonitorWall,
  TMonitorWallList,
  TMonitorWallSaveRequest,
  TRedeemResult,
  TSeat,
  TSeatAssignRequest,
  TSeatList,
} from '@llk/contracts';
import { loadApi } from '@/lib/load-api';

// The screen-wall, seat and redemption calls of the browser, through the one API client. They
// are silent: a refusal (limit reached, seat moved too soon, wrong code…) rejects with the API's
// errmsg in the visitor's language, and the panels show it next to what was refused.

export async function listWalls(network?: string): Promise<TMonitorWallList> {
  return (await loadApi(network)).get<TMonitorWallList>('/monitorWall/list', { silent: true });
}

export async function saveWall(wall: TMonitorWallSaveRequest, network?: string): Promise<TMonitorWall> {
  return (await loadApi(network)).post<TMonitorWall>('/monitorWall/save', { body: wall, silent: true });
}

export async function deleteWall(id: string, network?: string): Promise<void> {
  await (await loadApi(network)).post('/monitorWall/delete', { body: { id }, silent: true });
}

export async function listSeats(network?: string): Promise<TSeat[]> {
  return (await (await loadApi(network)).get<TSeatList>('/seat/list', { silent: true })).seats;
}

export async function assignSeat(request: TSeatAssignRequest, network?: string): Promise<TSeat> {
  return (await loadApi(network)).post<TSeat>('/seat/assign', { body: request, silent: true });
}

export async function unassignSeat(seatId: string, network?: string): Promise<TSeat> {
  return (await loadApi(network)).post<TSeat>('/seat/unassign', { body: { seatId }, silent: true });
}

export async function redeemCode(code: string, network?: string): Promise<TRedeemResult> {
  return (await loadApi(network)).post<TRedeemResult>('/redeem', { body: { code }, silent: true });
}

/**
 * What to show for a refused call: the API's message, else the network text. The client's
 * ApiError is recognised by its name, so the client module stays out of the page's first load.
 */
export function failureText(error: unknown, network: string): string {
  return error instanceof Error && error.name === 'ApiError' && error.message ? error.message : network;
}
