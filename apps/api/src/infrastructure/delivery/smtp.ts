import nodemailer, { type Transporter } from 'nodemailer';
import { CODE_TTL_MINUTES } from './constants';
import { DeliveryError, type CodeMessage, type DeliveryAdapter, type NoticeMessage } from './delivery';
import { renderCodeTexts } from './templates';

/** Codes by email over SMTP (nodemailer), localized subject and body. */
export function smtpAdapter(options: { url: string; from: string }): DeliveryAdapter & { close(): void } {
  const transport: Transporter = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  } as nodemailer.TransportOptions);
  return {
    name: 'smtp',
    async send(message: CodeMessage) {
      const texts = renderCodeTexts(message.locale, message.code, CODE_TTL_MINUTES);
      try {
        await transport.sendMail({ from: options.from, to: message.to, subject: texts.subject, text: texts.body });
      } catch (error) {
        throw new DeliveryError(`SMTP delivery failed: ${(error as Error).message}`, 'smtp', { cause: error });
      }
    },
    async notify(message: NoticeMessage) {
      try {
        // the notice's kind in a header of its own: mail rules (and the scale-out step's SMTP fake) sort by it
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          headers: { 'X-LLK-Notice': message.kind },
        });
      } catch (error) {
        throw new DeliveryError(`SMTP delivery failed: ${(error as Error).message}`, 'smtp', { cause: error });
      }
    },
    close() {
      transport.close();
    },
  };
}
