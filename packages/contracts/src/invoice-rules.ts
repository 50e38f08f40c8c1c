import {
  andorra,
  austria,
  belgium,
  brazil,
  bulgaria,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  norway,
  poland,
  portugal,
  romania,
  russia,
  serbia,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
  switzerland,
  unitedKingdom,
  type Country,
} from 'jsvat';

// The invoice request's two kinds (ADR 0030), for the API's schema and the
// web's form alike: browser-safe, no zod (jsvat is ~10 KiB of plain functions).
//
// - FAPIAO: a mainland Chinese invoice (发票), issued by the finance team: title, the taxpayer id
//   (TAX_ID_RE, 15–20 letters and digits, empty for a person) and an email. Country CN, or no
//   country at all (every request made before 0042).
// - INTERNATIONAL: any other country. Company name, address, country and a VAT or tax number,
//   checked with jsvat (format and check digits) where it knows the country, else free text of
//   2–40 letters, digits, spaces, dots, dashes and slashes. The product issues it at once.

export const ORDER_INVOICE_KINDS = ['FAPIAO', 'INTERNATIONAL'] as const;
export type TOrderInvoiceKind = (typeof ORDER_INVOICE_KINDS)[number];

/** Validation message keys of the international invoice (under `validation.` in messages/<locale>.json). */
export const INVOICE_V = {
  vatNumberInvalid: 'validation.vatNumberInvalid',
  taxNumberFormat: 'validation.taxNumberFormat',
} as const;

export const INVOICE_ADDRESS_MAX = 300;
export const INVOICE_TAX_NUMBER_MAX = 40;
/** A tax number of a country jsvat does not know: 2–40 letters and digits, with spaces . - / inside. */
export const INVOICE_TAX_NUMBER_RE = /^[0-9A-Za-z][0-9A-Za-z ./-]{0,38}[0-9A-Za-z]$/;

/** ISO 3166-1 alpha-2 codes a buyer may name (names come from Intl.DisplayNames in each language). */
export const INVOICE_COUNTRIES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const COUNTRY_SET = new Set(INVOICE_COUNTRIES);

export function isInvoiceCountry(code: unknown): code is string {
  return typeof code === 'string' && COUNTRY_SET.has(code);
}

/** CN (or none: requests from before international invoices) is a fapiao; anywhere else an international invoice. */
export function invoiceKindOf(country: string | null | undefined): TOrderInvoiceKind {
  return !country || country === 'CN' ? 'FAPIAO' : 'INTERNATIONAL';
}

/** The countries jsvat checks, by ISO code, with the prefix their VAT numbers carry (Greece: EL, Switzerland: CHE). */
const VAT_COUNTRIES: Readonly<Record<string, { country: Country; prefix: string }>> = Object.fromEntries(
  [
    andorra,
    austria,
    belgium,
    brazil,
    bulgaria,
    croatia,
    cyprus,
    czechRepublic,
    denmark,
    estonia,
    finland,
    france,
    germany,
    greece,
    hungary,
    ireland,
    italy,
    latvia,
    lithuania,
    luxembourg,
    malta,
    netherlands,
    norway,
    poland,
    portugal,
    romania,
    russia,
    serbia,
    slovakiaRepublic,
    slovenia,
    spain,
    sweden,
    switzerland,
    unitedKingdom,
  ].map((country) => {
    const iso = country.codes[0] ?? '';
    return [iso, { country, prefix: iso === 'GR' ? 'EL' : iso === 'CH' ? 'CHE' : iso }];
  }),
);

/** True when the country's VAT numbers are checked digit by digit (jsvat), not taken as free text. */
export function vatCountryKnown(country: string): boolean {
  return Object.hasOwn(VAT_COUNTRIES, country);
}

/** The prefix of a country's VAT numbers when jsvat knows the country (ES, EL for Greece, CHE for Switzerland), else null. */
export function vatPrefixOf(country: string): string | null {
  return VAT_COUNTRIES[country]?.prefix ?? null;
}

/** The country an invoice form starts with in a language (the visitor may choose any other). */
export const INVOICE_DEFAULT_COUNTRY: Readonly<Record<string, string>> = {
  'zh-CN': 'CN',
  'zh-tw': 'TW',
  en: 'US',
  es: 'ES',
  fr: 'FR',
  ja: 'JP',
  ko: 'KR',
};

export type TTaxNumberCheck = { ok: true; value: string } | { ok: false; key: (typeof INVOICE_V)[keyof typeof INVOICE_V] };

/**
 * An international buyer's VAT or tax number for its country. Known countries: with or without
 * the country prefix, spaces, dots and dashes allowed as people write them ("ES B-1234567-4"),
 * kept in the canonical form with the prefix ("ESB12345674"). Other countries: as typed, trimmed.
 */
export function checkInvoiceTaxNumber(country: string, raw: string): TTaxNumberCheck {
  const typed = raw.trim();
  const known = VAT_COUNTRIES[country];
  if (!known) return INVOICE_TAX_NUMBER_RE.test(typed) ? { ok: true, value: typed } : { ok: false, key: INVOICE_V.taxNumberFormat };
  const compact = typed.toUpperCase().replace(/[\s./-]/g, '');
  if (!/^[A-Z0-9]{2,24}$/.test(compact)) return { ok: false, key: INVOICE_V.vatNumberInvalid };
  for (const candidate of compact.startsWith(known.prefix) ? [compact] : [`${known.prefix}${compact}`, compact]) {
    const result = checkVAT(candidate, [known.country]);
    if (result.isValid && result.value) return { ok: true, value: result.value };
  }
  return { ok: false, key: INVOICE_V.vatNumberInvalid };
}
