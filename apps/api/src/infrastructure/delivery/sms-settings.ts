import { locales, type TLocale } from '@llk/contracts';
import { z } from 'zod';

// The environment's SMS settings beyond the four mainland ALIYUN_SMS_* (ADR 0027):
// the international route, the countries SMS is switched off for, and the per-country limits.
// composition/config/delivery.ts reads them with these schemas; sms.service and delivery use the parsed values.

const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const REGION_RE = /^[A-Z]{2}$/;

/** SMS_BLOCKED_COUNTRIES: ISO 3166 regions, comma-separated ("NG, pk" → ["NG", "PK"]). */
export const ZRegionList = z.preprocess(
  (value) => value ?? '',
  z.string().transform((value, ctx) => {
    const regions: string[] = [];
    for (const entry of value
      .split(',')
      .map((part) => part.trim().toUpperCase())
      .filter(Boolean)) {
      if (REGION_RE.test(entry)) regions.push(entry);
      else ctx.addIssue({ code: 'custom', message: `"${entry}" is not an ISO 3166 region code such as NG` });
    }
    return [...new Set(regions)];
  }),
);

export interface TCountryLimit {
  hourly: number;
  daily: number;
}

/** SMS_COUNTRY_LIMITS: per-region overrides "NG=5/20,CN=1000/20000" (codes per hour / per day). */
export const ZCountryLimits = z.preprocess(
  (value) => value ?? '',
  z.string().transform((value, ctx) => {
    const limits: Record<string, TCountryLimit> = {};
    for (const entry of value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const match = /^([A-Za-z]{2})\s*=\s*(\d{1,7})\s*\/\s*(\d{1,8})$/.exec(entry);
      if (!match) {
        ctx.addIssue({ code: 'custom', message: `"${entry}" is not REGION=hourly/daily, e.g. NG=5/20` });
        continue;
      }
      limits[match[1]!.toUpperCase()] = { hourly: Number(match[2]), daily: Number(match[3]) };
    }
    return limits;
  }),
);

/** ALIYUN_SMS_INTL_TEMPLATE_CODES: a template per language, "en:SMS_1,es:SMS_2" (locales as the site spells them). */
export const ZTemplateCodes = z.preprocess(
  (value) => value ?? '',
  z.string().transform((value, ctx) => {
    const codes: Partial<Record<TLocale, string>> = {};
    for (const entry of value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [locale, code] = entry.split(':').map((part) => part.trim());
      const known = locales.find((candidate) => candidate.toLowerCase() === locale?.toLowerCase());
      if (!known || !code) {
        ctx.addIssue({ code: 'custom', message: `"${entry}" is not locale:TemplateCode with a locale of ${locales.join(', ')}` });
        continue;
      }
      codes[known] = code;
    }
    return codes;
  }),
);

export const optionalText = z.preprocess(blank, z.string().trim().optional());

/** Aliyun's international SMS (same SendSms protocol, its own endpoint, sign and templates). */
export interface TAliyunSmsIntl {
  endpoint: string;
  /** undefined: the mainland key pair */
  accessKeyId: string | undefined;
  accessKeySecret: string | undefined;
  signName: string | undefined;
  /** the template for languages without their own */
  templateCode: string | undefined;
  templateCodes: Partial<Record<TLocale, string>>;
  /** the notice template (ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODE; English unless its own language's) */
  noticeTemplateCode: string | undefined;
  noticeTemplateCodes: Partial<Record<TLocale, string>>;
  /** the invitation template (ALIYUN_SMS_INTL_INVITATION_TEMPLATE_CODE; English unless its own language's) */
  invitationTemplateCode: string | undefined;
  invitationTemplateCodes: Partial<Record<TLocale, string>>;
}

export interface TSmsLimits {
  /** regions no code is sent to by SMS (SMS_BLOCKED_COUNTRIES) */
  blockedCountries: string[];
  /** per region outside mainland China (SMS_COUNTRY_HOURLY_LIMIT / SMS_COUNTRY_DAILY_LIMIT) */
  countryDefault: TCountryLimit;
  /** per-region overrides, mainland China included (unlimited per country unless named here) */
  countryOverrides: Record<string, TCountryLimit>;
}

/** The limit of one region: its override, else the default outside the mainland, else none. */
export function countryLimitOf(limits: TSmsLimits, region: string): TCountryLimit | null {
  return limits.countryOverrides[region] ?? (region === 'CN' ? null : limits.countryDefault);
}
