import { type TDeliveryChannel, type TSmsType } from '@llk/contracts';
import { CODE_TTL_MINUTES } from './constants';
import { type CodeMessage, type DeliveryAdapter } from './delivery';
import { type NoticeMessage, renderNotice } from './notices';
import { renderCodeTexts } from './templates';

export interface OutboxMessage {
  channel: TDeliveryChannel;
  to: string;
  /** NOTICE for an account notice, which has no code ('') */
  purpose: TSmsType | 'NOTICE';
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
    const texts = renderNotice(message);
    this.keep({
      channel: message.channel,
      to: message.to,
      purpose: 'NOTICE',
      code: '',
      subject: message.channel === 'EMAIL' ? texts.subject : null,
      text: texts.text,
      sentAt: new Date().toISOString(),
    });
  }

  private keep(entry: OutboxMessage): void {
    this.messages.push(entry);
    if (this.messages.length > this.capacity) this.messages.splice(0, this.messages.length - this.capacity);
    this.log(entry);
  }

  /** Newest first; only those to one address when `to` is given. */
  list(to?: string): OutboxMessage[] {
    const wanted = to?.trim().toLowerCase();
    return this.messages.filter((message) => !wanted || message.to.toLowerCase() === wanted).reverse();
  }
}
