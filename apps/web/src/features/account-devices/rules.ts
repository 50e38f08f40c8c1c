import type { TClientType, TDeviceListQuery, TLoginWay, TSharePermission } from '@llk/contracts';
import type { TLocale } from '@llk/contracts/locale-codes';

// Pure rules of the devices page: the list's query from the chosen filters, the CSV link with
// the same filters, the device-limit warning, the name rules of the API. No zod here (browser).

/** The policies as the selector lists them: most allowed first (ADR 0017, the guide's table). */
export const POLICIES = ['ALL', 'DEVICE_MANAGE', 'ONLY_CONTROLLED', 'GUEST', 'LOGIN_OUT'] as const satisfies readonly TLoginWay[];
export const PERMISSIONS = ['VIEW', 'CONTROL', 'MANAGE'] as const satisfies readonly TSharePermission[];
export const CLIENT_TYPES = [
  'WIN',
  'MAC',
  'LINUX',
  'ANDROID',
  'ANDROID_PAD',
  'IOS',
  'IPAD',
  'UNKNOWN',
] as const satisfies readonly TClientType[];

/** How often the list refreshes itself while the tab is visible (apps beat every ~30 s, presence lasts 90 s). */
export const REFRESH_MS = 15_000;
export const PAGE_SIZE = 20;
/** The share of the plan's device limit from which the page warns. */
export const LIMIT_WARNING_RATIO = 0.8;
/** The API's name limits (contracts: device names 1–64, group names 1–32, accounts 1–128). */
export const DEVICE_NAME_MAX = 64;
export const GROUP_NAME_MAX = 32;
export const ACCOUNT_MAX = 128;

/** Which devices the list shows: everything, one group, the ungrouped ones, or those shared with me. */
export type TScope = { kind: 'all' } | { kind: 'group'; id: string } | { kind: 'ungrouped' } | { kind: 'shared' };

export interface TFilters {
  scope: TScope;
  online: 'any' | 'online' | 'offline';
  clientType: TClientType | 'any';
  text: string;
}

export const NO_FILTERS: TFilters = { scope: { kind: 'all' }, online: 'any', clientType: 'any', text: '' };

type TListParams = Omit<Partial<TDeviceListQuery>, 'groupIds[]' | 'online'> & { groupIds?: string[]; online?: boolean };

/** The GET /device/list query (the API client writes `groupIds` as groupIds[]="…"). */
export function listQuery(filters: TFilters, page: number): TListParams {
  const query: TListParams = { page, pageSize: PAGE_SIZE };
  if (filters.scope.kind === 'group') query.groupIds = [filters.scope.id];
  if (filters.scope.kind === 'ungrouped') query.groupIds = ['UNGROUPED'];
  if (filters.scope.kind === 'shared') query.scope = 'SHARED';
  if (filters.online !== 'any') query.online = filters.online === 'online';
  if (filters.clientType !== 'any') query.clientType = filters.clientType;
  const text = filters.text.trim();
  if (text) query.text = text;
  return query;
}

/**
 * The link of "Export CSV": GET /device/export with the list's filters (every page), the page's
 * language for the headers and values and the browser's time zone for the times (ADR 0036; the
 * API's default, China time, until the page has read it).
 */
export function exportHref(filters: TFilters, { locale, timeZone }: { locale?: TLocale; timeZone?: string } = {}): string {
  const params = new URLSearchParams();
  const { page: _page, pageSize: _size, groupIds, ...rest } = listQuery(filters, 1);
  for (const id of groupIds ?? []) params.append('groupIds[]', JSON.stringify(id));
  for (const [key, value] of Object.entries(rest)) params.append(key, String(value));
  if (locale) params.append('locale', locale);
  if (timeZone) params.append('tz', timeZone);
  const search = params.toString();
  return search ? `/api/device/export?${search}` : '/api/device/export';
}

/** How many of the filters (status, platform, search; not the group) are set: the folded filters' button says so. */
export function activeFilterCount(filters: TFilters): number {
  return (filters.online !== 'any' ? 1 : 0) + (filters.clientType !== 'any' ? 1 : 0) + (filters.text.trim() !== '' ? 1 : 0);
}

/** The policies under which a device can be controlled through the account at all (ADR 0017's table). */
const CONTROLLABLE: ReadonlySet<TLoginWay> = new Set(['ALL', 'DEVICE_MANAGE', 'ONLY_CONTROLLED']);

/**
 * Whether a device shared with CONTROL or MANAGE cannot be controlled now anyway: its owner's
 * policy lets no one connect (the broker refuses it), which the recipient's line says.
 */
export function sharedControlBlocked(permission: TSharePermission, policy: TLoginWay): boolean {
  return permission !== 'VIEW' && !CONTROLLABLE.has(policy);
}

/** Whether the account nears or has reached its plan's device limit (none when the plan sets no limit). */
export function limitState(deviceCount: number, deviceLimit: number | null): 'none' | 'near' | 'full' {
  if (deviceLimit === null || deviceLimit <= 0) return 'none';
  if (deviceCount >= deviceLimit) return 'full';
  return deviceCount >= deviceLimit * LIMIT_WARNING_RATIO ? 'near' : 'none';
}

/** The API's text rule (trimmed, 1…max, no control characters) as a validation key. */
export function textError(value: string, max: number): 'required' | 'tooLong' | 'invalidValue' | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > max) return 'tooLong';
  return [...trimmed].every((char) => char >= ' ' && char !== '\u007f') ? null : 'invalidValue';
}

/** Pages of a list of `total` items. */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}
