import { normalizePhone, type TDeliveryChannel, type TSmsType } from '@llk/contracts';
import { CODE_TTL_MINUTES } from './constants';
import { type CodeMessage, type DeliveryAdapter, type NoticeMessage } from './delivery';
import { renderCodeTexts } from './templates';

export interface OutboxMessage {
  channel: TDeliveryChannel;
  to: string;
  /** the code's purpose, or a notice's kind (e.g. NEW_DEVICE_SIGN_IN) */
  purpose: TSmsType | (string & {});
  /** empty for a notice */
  code: string;
  subject: string | null;
  text: string;
  sentAt: string;
}

/**
 * Development stand-in for SMS and email: keeps the newest messages in memory (bounded) and
 * logs each one, so sign-up works locally without any provider account.
 */
export class DevOutbox implements DeliveryAdapter {
  readonly name = 'dev-outbox';
  private readonly messages: OutboxMessage[] = [];

  constructor(
    private readonly log: (message: OutboxMessage) => void,
    private readonly capacity = 500,
  ) {}

  async send(message: CodeMessage): Promise<void> {
    const texts = renderCodeTexts(message.locale, message.code, CODE_TTL_MINUTES);
    const entry: OutboxMessage = {
      channel: message.channel,
      to: message.to,
      purpose: message.purpose,
      code: message.code,
      subject: message.channel === 'EMAIL' ? texts.subject : null,
      text: message.channel === 'EMAIL' ? texts.body : texts.sms,
      sentAt: new Date().toISOString(),
    };
    this.keep(entry);
  }

  async notify(message: NoticeMessage): Promise<void> {
    const entry: OutboxMessage = {
      channel: message.channel,
      to: message.to,
      purpose: message.kind,
      code: '',
      subject: message.channel === 'EMAIL' ? message.subject : null,
      text: message.text,
      sentAt: new Date().toISOString(),
    };
    this.keep(entry);
  }

  private keep(entry: OutboxMessage): void {
    this.messages.push(entry);
    if (this.messages.length > this.capacity) this.messages.splice(0, this.messages.length - this.capacity);
    this.log(entry);
  }

  /**
   * Newest first; only those to one address when `to` is given. A phone number may be asked in
   * any form (13912345678, +86 139 1234 5678): messages go to its E.164 form (ADR 0027).
   */
  list(to?: string): OutboxMessage[] {
    const trimmed = to?.trim().toLowerCase();
    const wanted = trimmed && !trimmed.includes('@') ? (normalizePhone(trimmed) ?? trimmed) : trimmed;
    return this.messages.filter((message) => !wanted || message.to.toLowerCase() === wanted).reverse();
  }
}
