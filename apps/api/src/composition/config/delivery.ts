import { z } from 'zod';
import {
  optionalText,
  ZCountryLimits,
  ZRegionList,
  ZTemplateCodes,
  type TAliyunSmsIntl,
  type TSmsLimits,
} from '../../infrastructure/delivery/sms-settings';
import { blankToUndefined, integer, ZBaseUrl } from './env';

// How codes and notices reach people: email over SMTP, SMS through Aliyun (mainland China and
// international), and the guards on SMS codes.
//
//   SMTP_URL            smtp(s)://user:pass@host:port for emailed codes; unset = dev outbox
//                       outside production                                   (unset)
//   SMTP_FROM           sender of those emails          (LLK Remote <no-reply@localhost>)
//   ALIYUN_SMS_ENDPOINT Dysmsapi endpoint                 (https://dysmsapi.aliyuncs.com)
//   ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME,
//   ALIYUN_SMS_TEMPLATE_CODE  all four set = codes by Aliyun SMS; else dev outbox outside
//                       production                                           (unset)
//   ALIYUN_SMS_INTL_ENDPOINT  Aliyun's international SMS, for numbers outside mainland China
//                       (ADR 0027)                (https://dysmsapi.ap-southeast-1.aliyuncs.com)
//   ALIYUN_SMS_INTL_SIGN_NAME, ALIYUN_SMS_INTL_TEMPLATE_CODE  its sign and code template; with
//                       the mainland key pair (or ALIYUN_SMS_INTL_ACCESS_KEY_ID / _SECRET), set =
//                       international codes by Aliyun; else dev outbox outside production (unset)
//   ALIYUN_SMS_INTL_TEMPLATE_CODES  a template per language, "en:SMS_1,es:SMS_2,…"; others use
//                       ALIYUN_SMS_INTL_TEMPLATE_CODE                                  (unset)
//   ALIYUN_SMS_NOTICE_TEMPLATE_CODE, ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODE  the templates of
//                       security alerts and account notices by SMS (parameters event, time;
//                       wording in the API README); required in production; elsewhere
//                       unset = notices by email only                                   (unset)
//   ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODES  a notice template per language, "es:SMS_3,…"; the
//                       others get ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODE in English       (unset)
//   ALIYUN_SMS_INVITATION_TEMPLATE_CODE, ALIYUN_SMS_INTL_INVITATION_TEMPLATE_CODE  the templates
//                       of organisation invitations by SMS (parameters org, token; wording in
//                       the API README); unset = invitations to that route's numbers are
//                       refused (ORG_INVITATION_SMS_UNAVAILABLE) unless the dev outbox sends  (unset)
//   ALIYUN_SMS_INTL_INVITATION_TEMPLATE_CODES  an invitation template per language, "es:SMS_4,…";
//                       the others get ALIYUN_SMS_INTL_INVITATION_TEMPLATE_CODE in English (unset)
//   SMS_BLOCKED_COUNTRIES  ISO regions no SMS code goes to (SMS pumping), "NG,PK"      (none)
//   SMS_COUNTRY_HOURLY_LIMIT, SMS_COUNTRY_DAILY_LIMIT  codes per hour / day to the numbers of
//                       one country outside mainland China                         (100, 500)
//   SMS_COUNTRY_LIMITS  per-country overrides, "NG=5/20,CN=2000/20000"; mainland China has no
//                       per-country limit unless named here                           (unset)

export interface DeliveryConfig {
  smtp: { url: string | undefined; from: string };
  aliyunSms: {
    endpoint: string;
    accessKeyId: string | undefined;
    accessKeySecret: string | undefined;
    signName: string | undefined;
    templateCode: string | undefined;
    /** the security-alert / account-notice template (parameters `event`, `time`) */
    noticeTemplateCode: string | undefined;
    /** the organisation invitation template (parameters `org`, `token`) */
    invitationTemplateCode: string | undefined;
  };
  /** Aliyun's international SMS route (numbers outside mainland China; ADR 0027) */
  aliyunSmsIntl: TAliyunSmsIntl;
  /** the block list and per-country limits of SMS codes (ADR 0027) */
  sms: TSmsLimits;
}

export const ZDeliveryEnv = z.object({
  SMTP_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })
      .optional(),
  ),
  SMTP_FROM: z.preprocess(blankToUndefined, z.string().default('LLK Remote <no-reply@localhost>')),
  ALIYUN_SMS_ENDPOINT: ZBaseUrl('https://dysmsapi.aliyuncs.com'),
  ALIYUN_SMS_ACCESS_KEY_ID: z.preprocess(blankToUndefined, z.string().trim().optional()),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.preprocess(blankToUndefined, z.string().trim().optional()),
  ALIYUN_SMS_SIGN_NAME: z.preprocess(blankToUndefined, z.string().trim().optional()),
  ALIYUN_SMS_TEMPLATE_CODE: z.preprocess(blankToUndefined, z.string().trim().optional()),
  ALIYUN_SMS_NOTICE_TEMPLATE_CODE: optionalText,
  ALIYUN_SMS_INVITATION_TEMPLATE_CODE: optionalText,
  ALIYUN_SMS_INTL_ENDPOINT: ZBaseUrl('https://dysmsapi.ap-southeast-1.aliyuncs.com'),
  ALIYUN_SMS_INTL_ACCESS_KEY_ID: optionalText,
  ALIYUN_SMS_INTL_ACCESS_KEY_SECRET: optionalText,
  ALIYUN_SMS_INTL_SIGN_NAME: optionalText,
  ALIYUN_SMS_INTL_TEMPLATE_CODE: optionalText,
  ALIYUN_SMS_INTL_TEMPLATE_CODES: ZTemplateCodes,
  ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODE: optionalText,
  ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODES: ZTemplateCodes,
  ALIYUN_SMS_INTL_INVITATION_TEMPLATE_CODE: optionalText,
  ALIYUN_SMS_INTL_INVITATION_TEMPLATE_CODES: ZTemplateCodes,
  SMS_BLOCKED_COUNTRIES: ZRegionList,
  SMS_COUNTRY_HOURLY_LIMIT: integer(1, 1_000_000, 100),
  SMS_COUNTRY_DAILY_LIMIT: integer(1, 10_000_000, 500),
  SMS_COUNTRY_LIMITS: ZCountryLimits,
});

export function deliveryConfig(e: z.infer<typeof ZDeliveryEnv>): DeliveryConfig {
  return {
    smtp: { url: e.SMTP_URL, from: e.SMTP_FROM },
    aliyunSms: {
      endpoint: e.ALIYUN_SMS_ENDPOINT,
      accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID,
      accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET,
      signName: e.ALIYUN_SMS_SIGN_NAME,
      templateCode: e.ALIYUN_SMS_TEMPLATE_CODE,
      noticeTemplateCode: e.ALIYUN_SMS_NOTICE_TEMPLATE_CODE,
      invitationTemplateCode: e.ALIYUN_SMS_INVITATION_TEMPLATE_CODE,
    },
    aliyunSmsIntl: {
      endpoint: e.ALIYUN_SMS_INTL_ENDPOINT,
      accessKeyId: e.ALIYUN_SMS_INTL_ACCESS_KEY_ID,
      accessKeySecret: e.ALIYUN_SMS_INTL_ACCESS_KEY_SECRET,
      signName: e.ALIYUN_SMS_INTL_SIGN_NAME,
      templateCode: e.ALIYUN_SMS_INTL_TEMPLATE_CODE,
      templateCodes: e.ALIYUN_SMS_INTL_TEMPLATE_CODES,
      noticeTemplateCode: e.ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODE,
      noticeTemplateCodes: e.ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODES,
      invitationTemplateCode: e.ALIYUN_SMS_INTL_INVITATION_TEMPLATE_CODE,
      invitationTemplateCodes: e.ALIYUN_SMS_INTL_INVITATION_TEMPLATE_CODES,
    },
    sms: {
      blockedCountries: e.SMS_BLOCKED_COUNTRIES,
      countryDefault: { hourly: e.SMS_COUNTRY_HOURLY_LIMIT, daily: e.SMS_COUNTRY_DAILY_LIMIT },
      countryOverrides: e.SMS_COUNTRY_LIMITS,
    },
  };
}
