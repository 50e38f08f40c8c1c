import { AppError } from '../../infrastructure/http/app-error';
import {
  GatewayError,
  NotificationRejected,
  type NotificationAnswer,
  type PaymentProvider,
  type RefundOutcome,
  type TGatewayClient,
  type TGatewayMethod,
} from './provider';

/**
 * The provider of a method with neither credentials nor the sandbox (production without
 * PAYMENT_SANDBOX=true): paying answers 503 / 20101 PAYMENT_NOT_CONFIGURED in the caller's
 * language, notifications are refused, and the background jobs see a GatewayError. A refund
 * asked of it is unknown, not refused: the gateway may hold it from when it was configured.
 */
export class UnconfiguredProvider implements PaymentProvider {
  readonly sandbox = false;
  /** clients [] (cards switched off, PAYMENT_CARD=false): payV2 answers PAY_METHOD_UNAVAILABLE instead */
  constructor(
    readonly method: TGatewayMethod,
    readonly clients: readonly TGatewayClient[] = ['WEB', 'JS_API'],
  ) {}

  async create(): Promise<never> {
    throw new AppError('PAYMENT_NOT_CONFIGURED');
  }
  async verifyNotification(): Promise<never> {
    throw new NotificationRejected(`${this.method} is not configured`);
  }
  acknowledge(): NotificationAnswer {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' };
  }
  refuse(): NotificationAnswer {
    return { status: 503, contentType: 'text/plain; charset=utf-8', body: 'failure' };
  }
  async query(): Promise<never> {
    throw new GatewayError(this.method, 'query', 'not configured');
  }
  async requestRefund(): Promise<RefundOutcome> {
    return { kind: 'unknown', reason: 'unconfigured', detail: `${this.method} is not configured` };
  }
  async queryRefund(): Promise<RefundOutcome> {
    return { kind: 'unknown', reason: 'unconfigured', detail: `${this.method} is not configured` };
  }
  async downloadBill(): Promise<never> {
    throw new GatewayError(this.method, 'bill', 'not configured');
  }
  async close(): Promise<never> {
    throw new GatewayError(this.method, 'close', 'not configured');
  }
}
