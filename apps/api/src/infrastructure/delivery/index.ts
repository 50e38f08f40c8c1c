import { type TAliyunSmsIntl } from './sms-settings';
import { type TDeliveryChannel } from '@llk/contracts';
import { aliyunSmsAdapter } from './aliyun-sms';
import { unconfiguredAdapter, type CodeMessage, type DeliveryAdapter, type NoticeMessage } from './delivery';
import { DevOutbox, type OutboxMessage } from './dev-outbox';
import { smtpAdapter } from './smtp';

export { DeliveryError, type CodeMessage, type DeliveryAdapter, type NoticeMessage } from './delivery';
export { countryLimitOf, type TCountryLimit, type TSmsLimits } from './sms-settings';

/** A mainland China number (+86…, or 11 digits stored before migration 0039): the mainland route. */
export function isMainlandPhone(phone: string): boolean {
  return phone.startsWith('+86') || /^1\d{10}$/.test(phone);
}
export { DevOutbox, type OutboxMessage } from './dev-outbox';
export { type ContactNotice, renderContactNotice, type TNoticeKind } from './notices';

export interface Delivery {
  send(message: CodeMessage): Promise<void>;
  /**
   * A notice without a code (a sign-in from a new device, a contact change), best-effort: true
   * when an adapter took it, false when the provider failed or the channel cannot carry notices
   * (Aliyun SMS without its notice template, or a kind without an SMS text); the failure goes to `onError`, never thrown, so a
   * provider outage cannot undo what already happened.
   */
  notify(message: NoticeMessage, onError?: (error: unknown) => void): Promise<boolean>;
  /**
   * Whether a notice of this kind can reach this address at all: false when its route has no
   * provider (production) or, for an SMS kind with a template of its own (ORG_INVITATION), no
   * such template is configured for the number's route and language. The dev outbox carries all.
   */
  carries(message: Pick<NoticeMessage, 'channel' | 'to' | 'kind' | 'locale'>): boolean;
  /** which adapter serves each channel (logged at start); SMS outside mainland China: SMS_INTL */
  readonly adapters: Record<TDeliveryChannel | 'SMS_INTL', string>;
  /** the dev outbox when at least one channel uses it, else null */
  readonly outbox: DevOutbox | null;
  close(): void;
}

/**
 * Picks a provider per channel: Aliyun SMS when its four settings are present, SMTP when
 * SMTP_URL is; otherwise the dev outbox, except in production, where a channel without a
 * provider fails every send (DELIVERY_FAILED) rather than pretend. SMS to a number outside
 * mainland China (not +86) takes Aliyun's international route (ADR 0027): its own endpoint,
 * sign and templates (one per language if configured), the mainland key pair unless its own.
 */
/** What delivery reads of the validated configuration (composition/config/ builds it). */
export interface DeliveryConfig {
  nodeEnv: 'development' | 'production' | 'test';
  smtp: { url: string | undefined; from: string };
  aliyunSms: {
    endpoint: string;
    accessKeyId: string | undefined;
    accessKeySecret: string | undefined;
    signName: string | undefined;
    templateCode: string | undefined;
    noticeTemplateCode: string | undefined;
    invitationTemplateCode: string | undefined;
  };
  aliyunSmsIntl: TAliyunSmsIntl;
}

export function createDelivery(config: DeliveryConfig, log: (message: OutboxMessage) => void): Delivery {
  const production = config.nodeEnv === 'production';
  let outbox: DevOutbox | null = null;
  const fallback = (channel: TDeliveryChannel): DeliveryAdapter => {
    if (production) return unconfiguredAdapter(channel);
    return (outbox ??= new DevOutbox(log));
  };

  const { accessKeyId, accessKeySecret, signName, templateCode, noticeTemplateCode, invitationTemplateCode, endpoint } = config.aliyunSms;
  const sms =
    accessKeyId && accessKeySecret && signName && templateCode
      ? aliyunSmsAdapter({ endpoint, accessKeyId, accessKeySecret, signName, templateCode, noticeTemplateCode, invitationTemplateCode })
      : fallback('SMS');
  const intl = config.aliyunSmsIntl;
  const intlKeyId = intl.accessKeyId ?? accessKeyId;
  const intlKeySecret = intl.accessKeySecret ?? accessKeySecret;
  const smsIntl =
    intlKeyId && intlKeySecret && intl.signName && intl.templateCode
      ? aliyunSmsAdapter({
          name: 'aliyun-sms-intl',
          endpoint: intl.endpoint,
          regionId: 'ap-southeast-1',
          accessKeyId: intlKeyId,
          accessKeySecret: intlKeySecret,
          signName: intl.signName,
          templateCode: intl.templateCode,
          templateCodes: intl.templateCodes,
          noticeTemplateCode: intl.noticeTemplateCode,
          noticeTemplateCodes: intl.noticeTemplateCodes,
          invitationTemplateCode: intl.invitationTemplateCode,
          invitationTemplateCodes: intl.invitationTemplateCodes,
        })
      : fallback('SMS');
  const smsFor = (to: string) => (isMainlandPhone(to) ? sms : smsIntl);
  const smtp = config.smtp.url ? smtpAdapter({ url: config.smtp.url, from: config.smtp.from }) : null;
  const email = smtp ?? fallback('EMAIL');

  return {
    adapters: { SMS: sms.name, SMS_INTL: smsIntl.name, EMAIL: email.name },
    outbox,
    async send(message) {
      const adapter = message.channel === 'SMS' ? smsFor(message.to) : email;
      await adapter.send(message);
    },
    carries(message) {
      const adapter = message.channel === 'SMS' ? smsFor(message.to) : email;
      return adapter.carries?.(message) ?? true;
    },
    async notify(message, onError) {
      try {
        await (message.channel === 'SMS' ? smsFor(message.to) : email).notify(message);
        return true;
      } catch (error) {
        onError?.(error);
        return false;
      }
    },
    close() {
      smtp?.close();
    },
  };
}
