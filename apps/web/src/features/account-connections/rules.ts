import type { TSessionKind, TSessionListQuery, TSessionRecord } from '@llk/contracts';
import type { TLocale } from '@llk/contracts/locale-codes';

// Pure rules of the connections page: the filters as they live in the page's address (so a
// filtered view can be shared and opened directly), the list's and the CSV's queries from them,
// and how a record's numbers read (duration, bytes, country). No zod here (browser).

export const SESSION_KINDS = ['CONTROL', 'VIEW', 'FILE_TRANSFER', 'TERMINAL'] as const satisfies readonly TSessionKind[];
export const DIRECTIONS = ['INCOMING', 'OUTGOING'] as const;
/** How often "now" refreshes itself while the tab is visible (a disconnect reaches the app within 30 s). */
export const LIVE_REFRESH_MS = 10_000;
export const PAGE_SIZE = 50;
/** What a paid plan keeps (the pricing data's Pro promise): a shorter history offers the plans. */
export const PRO_HISTORY_DAYS = 180;
/** The API's limits on the filters (contracts: ids and names 1–64). */
export const FILTER_TEXT_MAX = 64;

export interface TSessionFilters {
  deviceId: string;
  direction: (typeof DIRECTIONS)[number] | '';
  person: string;
  kind: TSessionKind | '';
  /** YYYY-MM-DD, in the reader's zone */
  since: string;
  until: string;
  refused: boolean;
}

export const NO_SESSION_FILTERS: TSessionFilters = {
  deviceId: '',
  direction: '',
  person: '',
  kind: '',
  since: '',
  until: '',
  refused: false,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

type TSearch = URLSearchParams | Record<string, string | string[] | undefined>;

function read(search: TSearch, name: string): string {
  const value = search instanceof URLSearchParams ? search.get(name) : search[name];
  const first = Array.isArray(value) ? value[0] : value;
  return (first ?? '').trim();
}

function oneOf<T extends string>(value: string, allowed: readonly T[]): T | '' {
  return (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

/** The filters of an address's query; what the API would refuse is dropped, not sent. */
export function filtersFromSearch(search: TSearch): TSessionFilters {
  const deviceId = read(search, 'deviceId');
  const person = read(search, 'person');
  const since = read(search, 'since');
  const until = read(search, 'until');
  return {
    deviceId: ID.test(deviceId) ? deviceId : '',
    direction: oneOf(read(search, 'direction'), DIRECTIONS),
    person: person.length <= FILTER_TEXT_MAX ? person : '',
    kind: oneOf(read(search, 'kind'), SESSION_KINDS),
    since: DAY.test(since) ? since : '',
    until: DAY.test(until) ? until : '',
    refused: read(search, 'refused') === 'true',
  };
}

/** The filters as the page's query string ('' when none is set), in a fixed order. */
export function filtersToSearch(filters: TSessionFilters): string {
  const params = new URLSearchParams();
  if (filters.deviceId) params.set('deviceId', filters.deviceId);
  if (filters.direction) params.set('direction', filters.direction);
  const person = filters.person.trim();
  if (person) params.set('person', person);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.since) params.set('since', filters.since);
  if (filters.until) params.set('until', filters.until);
  if (filters.refused) params.set('refused', 'true');
  return params.toString();
}

type TListParams = Partial<Omit<TSessionListQuery, 'refused' | 'live'>> & { refused?: boolean };

/** The GET /session/list query: the filters, the reader's zone for the days, the cursor of the next page. */
export function listQuery(filters: TSessionFilters, { timeZone, before }: { timeZone?: string; before?: string | null } = {}): TListParams {
  const query: TListParams = { pageSize: PAGE_SIZE };
  for (const [key, value] of new URLSearchParams(filtersToSearch(filters))) {
    if (key === 'refused') query.refused = true;
    else (query as Record<string, string>)[key] = value;
  }
  if (timeZone && (filters.since || filters.until)) query.tz = timeZone;
  if (before) query.before = before;
  return query;
}

/** The link of "Export CSV": GET /session/export with the filters, the page's language and the reader's zone. */
export function exportHref(filters: TSessionFilters, { locale, timeZone }: { locale?: TLocale; timeZone?: string } = {}): string {
  const params = new URLSearchParams(filtersToSearch(filters));
  if (locale) params.append('locale', locale);
  if (timeZone) params.append('tz', timeZone);
  const search = params.toString();
  return search ? `/api/session/export?${search}` : '/api/session/export';
}

/** How many filters are set (the device one included): the folded filters' button says so. */
export function activeFilterCount(filters: TSessionFilters): number {
  return (
    [filters.deviceId, filters.direction, filters.person.trim(), filters.kind, filters.since, filters.until].filter(Boolean).length +
    (filters.refused ? 1 : 0)
  );
}

/** A compact duration: 45 → 0:45, 3725 → 1:02:05 (hours are not wrapped into days). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** Bytes in the page's language with the largest unit under 1024 of it (1536 → "1.5 kB"). */
export function formatBytes(bytes: number, languageTag: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(languageTag, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** A country's name in the page's language (ISO 3166 alpha-2), or the code when the runtime does not know it. */
export function countryName(code: string, languageTag: string): string {
  try {
    return new Intl.DisplayNames([languageTag], { type: 'region', fallback: 'code' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The side of a record that is not the reader's: the controller of an incoming session, else the controlled. */
export function otherSide(record: TSessionRecord): TSessionRecord['from'] {
  return record.direction === 'OUTGOING' ? record.to : record.from;
}
