// Phone numbers of every country (ADR 0027): parsed and validated with Google's
// libphonenumber metadata (awesome-phonenumber), stored and compared as E.164. Server code
// imports it through the barrel (ZPhone normalises with it); browser code may load it lazily
// from `@llk/contracts/phone`, never on a page's first load (rules.ts has the light check).

import { parsePhoneNumber } from 'awesome-phonenumber';
import { cleanPhoneInput } from './rules';

export { cleanPhoneInput } from './rules';

/** What a valid mobile number is: E.164, its region (ISO 3166 alpha-2), calling code and national form. */
export interface TParsedPhone {
  e164: string;
  region: string;
  callingCode: number;
  /** as dialled inside the country, e.g. "612 34 56 78", "139 1234 5678" */
  national: string;
}

export type TPhoneParse = TParsedPhone | { error: 'invalid' | 'not-mobile' };

/** The number types a code can be sent to: mobiles, and the plans where the two cannot be told apart (US, CA, …). */
const MOBILE_TYPES = new Set(['mobile', 'fixed-line-or-mobile']);

/** The mainland's calling code and region: its numbers display as 11 digits without +86, as before numbers of every country were accepted. */
export const MAINLAND_CALLING_CODE = 86;
export const MAINLAND_REGION = 'CN';

/**
 * A mobile number in any usual form: `+34 612 345 678`, `0034612345678`, `(+34) 612345678`,
 * or national digits read in `defaultRegion` (`13912345678` → +8613912345678). Fixed lines,
 * toll-free, premium-rate and other numbers that cannot receive a code: `not-mobile`.
 */
export function parsePhone(input: string, defaultRegion: string = MAINLAND_REGION): TPhoneParse {
  const cleaned = cleanPhoneInput(input);
  // digits with at most one leading +: anything else is not a number (letters, "1++2", …)
  if (!/^\+?\d{4,17}$/.test(cleaned)) return { error: 'invalid' };
  const parsed = parsePhoneNumber(cleaned, cleaned.startsWith('+') ? undefined : { regionCode: defaultRegion });
  if (!parsed.valid) return { error: 'invalid' };
  if (!MOBILE_TYPES.has(parsed.type)) return { error: 'not-mobile' };
  return { e164: parsed.number.e164, region: parsed.regionCode, callingCode: parsed.countryCode, national: parsed.number.national };
}

/** The E.164 form of a valid mobile number, else null. */
export function normalizePhone(input: string, defaultRegion: string = MAINLAND_REGION): string | null {
  const result = parsePhone(input, defaultRegion);
  return 'e164' in result ? result.e164 : null;
}

/** The region (ISO 3166 alpha-2) of an E.164 number, or null when it is not a number. */
export function phoneRegion(e164: string): string | null {
  const parsed = parsePhoneNumber(cleanPhoneInput(e164));
  return parsed.regionCode ?? null;
}

/**
 * An E.164 number for people: `display` (the default) is a mainland number as 11 digits
 * without +86, as users saw it before numbers of every country were accepted (13912345678), and any other number
 * internationally (+34 612 34 56 78); `international`, `national` and `e164` as named.
 * Something that is not a number comes back as it was.
 */
export function formatPhone(e164: string, style: 'display' | 'international' | 'national' | 'e164' = 'display'): string {
  const parsed = parsePhoneNumber(cleanPhoneInput(e164));
  if (!parsed.number?.e164) return e164;
  switch (style) {
    case 'e164':
      return parsed.number.e164;
    case 'national':
      return parsed.number.national ?? parsed.number.e164;
    case 'international':
      return parsed.number.international ?? parsed.number.e164;
    case 'display':
      return parsed.countryCode === MAINLAND_CALLING_CODE
        ? (parsed.number.significant ?? parsed.number.e164)
        : (parsed.number.international ?? parsed.number.e164);
  }
}

/**
 * The form a phone is stored and looked up in: the E.164 form of a valid mobile; else, so that
 * a number the metadata no longer calls valid still finds its account, the light form
 * (cleanPhoneInput, a mainland number's 11 digits prefixed +86, as migration 0039 stored them).
 */
export function phoneLookupKey(input: string): string {
  const valid = normalizePhone(input);
  if (valid) return valid;
  const cleaned = cleanPhoneInput(input.trim());
  return /^1\d{10}$/.test(cleaned) ? `+86${cleaned}` : cleaned;
}
