import { createHmac, randomUUID } from 'node:crypto';
import { type TLocale } from '@llk/contracts';
import { DeliveryError, type CodeMessage, type DeliveryAdapter, type NoticeMessage } from './delivery';
import { ALIYUN_VARIABLE_MAX, smsNoticeLocale, smsNoticeParams } from './sms-notices';

// Aliyun SMS (Dysmsapi 2017-05-25, action SendSms) over its RPC protocol with signature v1:
// every parameter percent-encoded (RFC 3986), sorted by name, joined, and signed as
// "GET&%2F&<encoded query>" with HMAC-SHA1 under "<AccessKeySecret>&".
// https://help.aliyun.com/document_detail/315526.html

export interface AliyunSmsOptions {
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** the code template (parameter `code`); for languages without their own in templateCodes */
  templateCode: string;
  /** the international route's template per language: codes read in the user's language */
  templateCodes?: Partial<Record<TLocale, string>>;
  /**
   * the notice template (parameters `event` and `time`, sms-notices.ts); unset: notices by SMS
   * fail (DeliveryError, logged by the caller) and go by email only
   */
  noticeTemplateCode?: string;
  /** the international route's notice template per language; the text follows the template's language */
  noticeTemplateCodes?: Partial<Record<TLocale, string>>;
  /**
   * the organisation invitation template (parameters `org` and `token`: README "Security alerts by
   * SMS"); unset: invitations by SMS are not carried (the API refuses to make them)
   */
  invitationTemplateCode?: string;
  /** the international route's invitation template per language */
  invitationTemplateCodes?: Partial<Record<TLocale, string>>;
  /** 'aliyun-sms' (mainland) or 'aliyun-sms-intl' (the international route: ADR 0027) */
  name?: string;
  /** RegionId of the requests: cn-hangzhou (mainland), ap-southeast-1 (international) */
  regionId?: string;
  /** request timeout, ms */
  timeoutMs?: number;
}

/** RFC 3986 encoding as Aliyun's signature wants it: also !'()* escaped, space as %20. */
function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key] ?? '')}`)
    .join('&');
}

/** Signature v1 of a parameter set (without Signature) for an HTTP method. */
export function signRpc(method: string, params: Record<string, string>, accessKeySecret: string): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

/** Aliyun expects numbers without "+": mainland as 11 digits, others with the country code. */
export function aliyunPhone(phone: string): string {
  if (/^\+861\d{10}$/.test(phone)) return phone.slice(3);
  return phone.startsWith('+') ? phone.slice(1) : phone;
}

/** A text variable cut to Aliyun's 35 characters (by code points, an ellipsis for the cut part). */
export function aliyunVariable(value: string): string {
  const chars = [...value.trim()];
  return chars.length <= ALIYUN_VARIABLE_MAX ? chars.join('') : `${chars.slice(0, ALIYUN_VARIABLE_MAX - 1).join('')}…`;
}

export function aliyunSmsAdapter(options: AliyunSmsOptions): DeliveryAdapter {
  const name = options.name ?? 'aliyun-sms';
  const route = (options.regionId ?? 'cn-hangzhou') === 'cn-hangzhou' ? 'mainland' : 'intl';

  async function sendSms(to: string, templateCode: string, templateParam: Record<string, string>): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: options.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: aliyunPhone(to),
      RegionId: options.regionId ?? 'cn-hangzhou',
      SignName: options.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: templateCode,
      TemplateParam: JSON.stringify(templateParam),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const signature = signRpc('GET', params, options.accessKeySecret);
    const url = `${options.endpoint}/?Signature=${percentEncode(signature)}&${canonicalQuery(params)}`;
    let status: number;
    let body: { Code?: string; Message?: string; RequestId?: string };
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 5_000) });
      status = response.status;
      body = (await response.json().catch(() => ({}))) as typeof body;
    } catch (error) {
      throw new DeliveryError(`Aliyun SMS unreachable: ${(error as Error).message}`, name, { cause: error });
    }
    if (status !== 200 || body.Code !== 'OK') {
      throw new DeliveryError(
        `Aliyun SMS refused: HTTP ${status} ${body.Code ?? '(no code)'} ${body.Message ?? ''} (request ${body.RequestId ?? '?'})`,
        name,
      );
    }
  }

  /** ORG_INVITATION has a template of its own (the link's token and the organisation's name as variables); every other kind is a notice. */
  function invitationTemplate(locale: TLocale): string | undefined {
    const languages = options.invitationTemplateCodes ?? {};
    return languages[smsNoticeLocale({ locale }, route, languages)] ?? options.invitationTemplateCode;
  }

  return {
    name,
    carries(message) {
      return message.kind !== 'ORG_INVITATION' || invitationTemplate(message.locale) !== undefined;
    },
    async notify(message: NoticeMessage) {
      if (message.kind === 'ORG_INVITATION') {
        const templateCode = invitationTemplate(message.locale);
        if (!templateCode) throw new DeliveryError('no Aliyun SMS template is configured for invitations', name);
        const { org = '', token = '' } = message.variables ?? {};
        await sendSms(message.to, templateCode, { org: aliyunVariable(org), token });
        return;
      }
      // Aliyun sends only approved templates: the notice template with a short event text and
      // the time, in the template's language (mainland: Chinese; intl: the user's language when
      // it has its own template, else English). The email carries the details.
      const languages = options.noticeTemplateCodes ?? {};
      const locale = smsNoticeLocale(message, route, languages);
      const templateCode = languages[locale] ?? options.noticeTemplateCode;
      if (!templateCode) throw new DeliveryError('no Aliyun SMS template is configured for notices', name);
      const params = smsNoticeParams(message.kind, locale, new Date(), message.timeZone);
      if (!params) throw new DeliveryError(`no SMS text for the notice ${message.kind}`, name);
      await sendSms(message.to, templateCode, params);
    },
    async send(message: CodeMessage) {
      await sendSms(message.to, options.templateCodes?.[message.locale] ?? options.templateCode, { code: message.code });
    },
  };
}
