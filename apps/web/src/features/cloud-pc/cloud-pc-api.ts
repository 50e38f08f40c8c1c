import type {
  TCloudPcDevice,
  TCloudPcDeviceResult,
  TCloudPcDevices,
  TCloudPcInvoice,
  TCloudPcInvoiceRequest,
  TCloudPcInvoices,
  TCloudPcProviderRequest,
  TCloudPcProviderResult,
  TCloudPcRefundResult,
} from '@llk/contracts';
import { ApiError, UNAUTHORIZED_ERRCODES } from '@llk/contracts/client';
import { api } from '@/lib/api';

// The cloud-PC page's calls, loaded on demand (the device list once a session is hinted, the
// provider form on first focus), so the API client stays out of the page's first load. Errors
// are toasted by the client with the API's errmsg (contracts' messages, in the page's language);
// a dead session goes to /login, except while loading the list (then the visitor view returns).

export type TDevicesLoad =
  { kind: 'ready'; devices: TCloudPcDevice[]; invoices: TCloudPcInvoice[] } | { kind: 'loggedOut' } | { kind: 'failed' };

const devicePath = (id: string, action: string) => `/cloudPc/devices/${encodeURIComponent(id)}/${action}`;

/** GET /cloudPc/devices and GET /cloudPc/invoice together. */
export async function loadDevices(): Promise<TDevicesLoad> {
  const quiet = { silent: true, ignoreUnauthorized: true } as const;
  try {
    const [devices, invoices] = await Promise.all([
      api.get<TCloudPcDevices>('/cloudPc/devices', quiet),
      api.get<TCloudPcInvoices>('/cloudPc/invoice', quiet),
    ]);
    return { kind: 'ready', devices: devices.devices, invoices: invoices.invoices };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || UNAUTHORIZED_ERRCODES.has(error.errcode))) return { kind: 'loggedOut' };
    console.error('cloud PC: loading the devices failed', error);
    return { kind: 'failed' };
  }
}

export async function setAutoRenew(id: string, enabled: boolean): Promise<TCloudPcDevice> {
  return (await api.post<TCloudPcDeviceResult>(devicePath(id, 'autoRenew'), { body: { enabled } })).device;
}

export async function cancelDevice(id: string): Promise<TCloudPcDevice> {
  return (await api.post<TCloudPcDeviceResult>(devicePath(id, 'cancel'), { body: {} })).device;
}

export async function refundDevice(id: string): Promise<TCloudPcRefundResult> {
  return api.post<TCloudPcRefundResult>(devicePath(id, 'refund'), { body: {} });
}

export async function requestInvoice(body: TCloudPcInvoiceRequest): Promise<TCloudPcInvoice> {
  return api.post<TCloudPcInvoice>('/cloudPc/invoice', { body });
}

export async function submitProvider(body: TCloudPcProviderRequest): Promise<TCloudPcProviderResult> {
  return api.post<TCloudPcProviderResult>('/cloudPc/provider', { body });
}
