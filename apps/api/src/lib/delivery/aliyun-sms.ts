import { createHmac, randomUUID } from 'node:crypto';
import { DeliveryError, type CodeMessage, type DeliveryAdapter } from './delivery';

// Aliyun SMS (Dysmsapi 2017-05-25, action SendSms) over its RPC protocol with signature v1:
// every parameter percent-encoded (RFC 3986), sorted by name, joined, and signed as
// "GET&%2F&<encoded query>" with HMAC-SHA1 under "<AccessKeySecret>&".
// https://help.aliyun.com/document_detail/315526.html

export interface AliyunSmsOptions {
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
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
function aliyunPhone(phone: string): string {
  return phone.startsWith('+') ? phone.slice(1) : phone;
}

export function aliyunSmsAdapter(options: AliyunSmsOptions): DeliveryAdapter {
  return {
    name: 'aliyun-sms',
    async notify() {
      // Aliyun sends only approved templates, and only the code template is configured: a
      // notice goes by email, or (accounts without one) is not sent. Logged by the caller.
      throw new DeliveryError('no Aliyun SMS template is configured for notices', 'aliyun-sms');
    },
    async send(message: CodeMessage) {
      const params: Record<string, string> = {
        AccessKeyId: options.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: aliyunPhone(message.to),
        RegionId: 'cn-hangzhou',
        SignName: options.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: options.templateCode,
        TemplateParam: JSON.stringify({ code: message.code }),
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
        throw new DeliveryError(`Aliyun SMS unreachable: ${(error as Error).message}`, 'aliyun-sms', { cause: error });
      }
      if (status !== 200 || body.Code !== 'OK') {
        throw new DeliveryError(
          `Aliyun SMS refused: HTTP ${status} ${body.Code ?? '(no code)'} ${body.Message ?? ''} (request ${body.RequestId ?? '?'})`,
          'aliyun-sms',
        );
      }
    },
  };
}
