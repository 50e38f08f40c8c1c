import { type TDeliveryChannel, type TLocale, type TSmsType } from '@llk/contracts';

/** One verification code to deliver. */
export interface CodeMessage {
  channel: TDeliveryChannel;
  /** phone number or lower-cased email address */
  to: string;
  purpose: TSmsType;
  code: string;
  locale: TLocale;
}

/** A notice without a code (e.g. a sign-in from a new device), already in the user's language. */
export interface NoticeMessage {
  channel: TDeliveryChannel;
  to: string;
  /** what it is about, e.g. NEW_DEVICE_SIGN_IN (the dev outbox shows it as the purpose) */
  kind: string;
  subject: string;
  text: string;
  locale: TLocale;
  /** the reader's zone for the times a template writes itself (the account's: docs/adr/0031); China time without */
  timeZone?: string;
  /**
   * the variables of a kind SMS sends by a template of its own (ORG_INVITATION: `org`, `token`);
   * `text` is the copy of the adapters that send free text (email, the dev outbox)
   */
  variables?: Record<string, string>;
}

/** Sends over one channel; throws DeliveryError when the provider refuses or is unreachable. */
export interface DeliveryAdapter {
  /** for logs: 'smtp', 'aliyun-sms', 'dev-outbox', 'unconfigured' */
  readonly name: string;
  send(message: CodeMessage): Promise<void>;
  notify(message: NoticeMessage): Promise<void>;
  /** whether notify can deliver this kind in this language at all (unset: every kind) */
  carries?(message: Pick<NoticeMessage, 'kind' | 'locale'>): boolean;
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
    async notify() {
      throw new DeliveryError(`no ${channel} provider is configured`, 'unconfigured');
    },
    carries: () => false,
  };
}
