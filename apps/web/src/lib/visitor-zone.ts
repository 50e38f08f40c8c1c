import { isKnownTimeZone, runtimeTimeZone, SERVICE_TIME_ZONE } from './format';

// The reader's time zone (docs/adr/0031-one-rule-for-time.md). In the browser it is the
// browser's own; the server learns it from the `llk-tz` cookie, which ZONE_COOKIE_SCRIPT (inline
// in the root layouts) writes on every page, so a server-rendered page formats on the reader's
// clock too. The API reads the same cookie through the /api forward (the account's zone for
// emails, a CSV's zone). Pure and browser-safe.

/** The cookie holding the browser's IANA zone name ("Europe/Madrid"), URI-encoded. */
export const ZONE_COOKIE = 'llk-tz';

/** `name` when it is an IANA zone this runtime knows, else undefined (never trust a cookie). */
export function validZone(name: string | null | undefined): string | undefined {
  if (!name || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return undefined;
  return isKnownTimeZone(name) ? name : undefined;
}

/** A cookie's raw value as a zone: decoded and checked; China time when absent or wrong. */
export function zoneFromCookie(raw: string | null | undefined): string {
  if (!raw) return SERVICE_TIME_ZONE;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return SERVICE_TIME_ZONE;
  }
  return validZone(decoded) ?? SERVICE_TIME_ZONE;
}

/** The browser's zone (China time where it cannot say, or outside a browser). */
export function browserZone(): string {
  if (typeof window === 'undefined') return SERVICE_TIME_ZONE;
  return validZone(runtimeTimeZone()) ?? SERVICE_TIME_ZONE;
}

/**
 * The inline script of the root layouts: puts the browser's zone into ZONE_COOKIE (a year,
 * Path=/, SameSite=Lax) when it is not there already. No dependency, nothing to wait for.
 */
export const ZONE_COOKIE_SCRIPT = `try{var z=encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone||'');if(z&&('; '+document.cookie+';').indexOf('; ${ZONE_COOKIE}='+z+';')<0)document.cookie='${ZONE_COOKIE}='+z+';path=/;max-age=31536000;samesite=lax'+(location.protocol==='https:'?';secure':'')}catch(e){}`;
