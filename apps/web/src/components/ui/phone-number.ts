// The phone field's pure rules (phone-field.tsx; tested in phone-field.test.tsx): what a typed
// or pasted text means with the country chosen, the E.164 value sent to the API, the default
// country, and the selector's search. A light reading only: the API parses and validates the
// number strictly (Google's metadata, @llk/contracts/phone) and answers with the field's error.

/** One country or region of the selector: ISO 3166-1 region, calling code (digits), example mobile number (national format). */
export interface TPhoneCountry {
  region: string;
  callingCode: string;
  example: string;
}

/** The region of each page language, when the visitor's country is not known (README). */
export const LOCALE_REGION: Record<string, string> = {
  'zh-CN': 'CN',
  'zh-tw': 'TW',
  'zh-TW': 'TW',
  en: 'US',
  es: 'ES',
  fr: 'FR',
  ja: 'JP',
  ko: 'KR',
};

/**
 * Calling codes of the locales' regions, known before the country table has loaded (the field
 * shows "+86" at once). The table (phone-countries) has every other one.
 */
export const KNOWN_CALLING_CODES: Record<string, string> = { CN: '86', TW: '886', US: '1', ES: '34', FR: '33', JP: '81', KR: '82' };

/**
 * The region that stands for a calling code shared by several (libphonenumber's main country):
 * "+1 …" typed with no North American country chosen means the United States.
 */
const MAIN_REGION: Record<string, string> = {
  '1': 'US',
  '7': 'RU',
  '39': 'IT',
  '44': 'GB',
  '47': 'NO',
  '61': 'AU',
  '212': 'MA',
  '262': 'RE',
  '290': 'SH',
  '358': 'FI',
  '590': 'GP',
  '599': 'CW',
};

/** Full-width digits and plus (a CJK input method) as ASCII. */
function asciiDigits(text: string): string {
  return text.replace(/[\uFF10-\uFF19\uFF0B]/g, (char) =>
    char === '\uFF0B' ? '+' : String.fromCharCode(char.charCodeAt(0) - 0xff10 + 48),
  );
}

/** "+34 612-345 678", "(+34) 612345678", "0034 612 345 678" → { international: true, digits: "34612345678" }. */
export function phoneDigits(text: string): { international: boolean; digits: string } {
  const plain = asciiDigits(text).trim();
  const digits = plain.replace(/\D/g, '');
  if (/^\(?\s*\+/.test(plain)) return { international: true, digits };
  // 00 is the international prefix of most countries; no national number starts with it
  if (/^[\s(]*00/.test(plain)) return { international: true, digits: digits.slice(2) };
  return { international: false, digits };
}

/** The calling code an international number's digits start with (calling codes are a prefix code), or null. */
export function callingCodeOf(digits: string, codes: ReadonlySet<string>): string | null {
  for (let length = 1; length <= 3 && length <= digits.length; length++) {
    const code = digits.slice(0, length);
    if (codes.has(code)) return code;
  }
  return null;
}

/** The region of a calling code: the chosen one when it shares the code, else the code's main region (or its first). */
export function regionOfCallingCode(code: string, current: string, countries: readonly TPhoneCountry[]): string | null {
  const regions = countries.filter((country) => country.callingCode === code).map((country) => country.region);
  if (regions.length === 0) return null;
  if (regions.includes(current)) return current;
  const main = MAIN_REGION[code];
  return main && regions.includes(main) ? main : regions[0]!;
}

export interface TPhoneReading {
  /** the region the number belongs to: the chosen one, or the one its +code names */
  region: string;
  /** what the API is sent: +<calling code><digits>, '' when nothing was typed */
  e164: string;
}

/**
 * The number as the field reads it with `region` chosen: "+34 612 345 678" or "0034…" names its
 * country (the selector follows), anything else is a national number of the chosen country
 * (a trunk 0 is left for the API, which strips it by the country's rules).
 */
export function readPhone(text: string, region: string, countries: readonly TPhoneCountry[]): TPhoneReading {
  const { international, digits } = phoneDigits(text);
  if (!digits) return { region, e164: '' };
  if (international) {
    const code = callingCodeOf(digits, new Set(countries.map((country) => country.callingCode)));
    const found = code ? regionOfCallingCode(code, region, countries) : null;
    return { region: found ?? region, e164: `+${digits}` };
  }
  const callingCode = countries.find((country) => country.region === region)?.callingCode ?? KNOWN_CALLING_CODES[region];
  return { region, e164: callingCode ? `+${callingCode}${digits}` : `+${digits}` };
}

/** The text left in the input when another country is picked: a typed +code goes (the selector now says it). */
export function withoutCallingCode(text: string, countries: readonly TPhoneCountry[]): string {
  const { international, digits } = phoneDigits(text);
  if (!international) return text;
  const code = callingCodeOf(digits, new Set(countries.map((country) => country.callingCode)));
  return code ? digits.slice(code.length) : digits;
}

/** A bare number of the shape of a mainland China mobile (11 digits, 13–19…): worth a strict look when another country is chosen. */
export function looksMainland(text: string): boolean {
  const { international, digits } = phoneDigits(text);
  return !international && /^1[3-9]\d{9}$/.test(digits);
}

/**
 * Whether a national number has about the length of the chosen country's mobiles (its example's
 * digits, 3 fewer to 2 more: a trunk 0 or a mobile prefix typed or not), so that "12345" is
 * refused at once in the page's language instead of by the API. A +code number and a mainland
 * mobile's shape (settled before sending) pass; the API's check is the strict one.
 */
export function plausiblePhone(text: string, region: string, countries: readonly TPhoneCountry[]): boolean {
  const { international, digits } = phoneDigits(text);
  if (!digits || international || looksMainland(text)) return true;
  const example = countries.find((country) => country.region === region)?.example.replace(/\D/g, '').length;
  if (!example) return true;
  return digits.length >= example - 3 && digits.length <= example + 2;
}

/**
 * The country chosen first: the visitor's (the location service) when the table has it, else
 * the page language's, else mainland China.
 */
export function defaultRegion(locale: string, visitorCountry: string | null | undefined, countries?: readonly TPhoneCountry[]): string {
  const visitor = visitorCountry?.toUpperCase();
  if (
    visitor &&
    /^[A-Z]{2}$/.test(visitor) &&
    (countries ? countries.some((country) => country.region === visitor) : visitor in KNOWN_CALLING_CODES)
  )
    return visitor;
  return LOCALE_REGION[locale] ?? 'CN';
}

/** Lower case without accents ("Perú" → "peru", "Ｅｓｐａñａ" → "españa" → "espana"). */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

export interface TCountryOption {
  region: string;
  callingCode: string;
  /** the region's name in the page's language */
  name: string;
  /** other names it is found by (English), folded */
  aliases: readonly string[];
}

/**
 * The selector's search: by name in the page's language (or English), ISO code, or calling code
 * ("34", "+34"). Names that start with the query come first, then the ones that contain it.
 */
export function searchCountries(query: string, options: readonly TCountryOption[]): TCountryOption[] {
  const folded = foldText(asciiDigits(query));
  if (!folded) return [...options];
  const code = /^\+?\s*(\d{1,4})$/.exec(folded)?.[1];
  if (code)
    return options.filter((option) => option.callingCode.startsWith(code)).sort((a, b) => a.callingCode.length - b.callingCode.length);
  const starts: TCountryOption[] = [];
  const contains: TCountryOption[] = [];
  for (const option of options) {
    const names = [foldText(option.name), ...option.aliases];
    if (option.region.toLowerCase() === folded || names.some((name) => name.startsWith(folded))) starts.push(option);
    else if (names.some((name) => name.includes(folded))) contains.push(option);
  }
  return [...starts, ...contains];
}

/** The selector's options in the page's language, sorted as that language sorts names. */
export function countryOptions(countries: readonly TPhoneCountry[], locale: string): TCountryOption[] {
  const names = displayNames(locale);
  const english = displayNames('en');
  const collator = new Intl.Collator(locale);
  return countries
    .map((country) => {
      const name = names(country.region);
      const inEnglish = english(country.region);
      return { region: country.region, callingCode: country.callingCode, name, aliases: inEnglish === name ? [] : [foldText(inEnglish)] };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** A region's name in `locale` (Intl.DisplayNames), its code when the runtime has none. */
export function displayNames(locale: string): (region: string) => string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  return (region) => {
    try {
      return names?.of(region) ?? region;
    } catch {
      return region;
    }
  };
}
