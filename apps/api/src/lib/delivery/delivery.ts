import { type TDeliveryChannel, type TLocale, type TSmsType } from '@llk/contracts';
import { type NoticeMessage } from './notices';

/** One verification code to deliver. */
export interface CodeMessage {
  channel: TDeliveryChannel;
  /** phone number or lower-cased email address */
  to: string;
  purpose: TSmsType;
  code: string;
  locale: TLocale;
}

/** Sends over one channel; throws DeliveryError when the provider refuses or is unreachable. */
export interface DeliveryAdapter {
  /** for logs: 'smtp', 'aliyun-sms', 'dev-outbox', 'unconfigured' */
  readonly name: string;
  send(message: CodeMessage): Promise<void>;
  /** account notices (no code); an adapter without it cannot carry them (Aliyun SMS needs an approved notice template) */
  notify?(message: NoticeMessage): Promise<void>;
}

/** The provider said no (or never answered); the caller answers DELIVERY_FAILED. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly adapter: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DeliveryError';
  }
}

/** A channel with no provider in production: sending fails loudly instead of silently. */
export function unconfiguredAdapter(channel: TDeliveryChannel): DeliveryAdapter {
  return {
    name: 'unconfigured',
    async send() {
      throw new DeliveryError(`no ${channel} provider is configured`, 'unconfigured');
    },
  };
}
