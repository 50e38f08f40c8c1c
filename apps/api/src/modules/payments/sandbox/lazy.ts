import {
  type BillInput,
  type CreateChargeInput,
  type NotificationAnswer,
  type NotificationRequest,
  type PaymentProvider,
  type RefundInput,
  type RefundQueryInput,
  type TGatewayClient,
  type TGatewayMethod,
} from '../provider';
import { type PaymentSandbox } from './sandbox';

/** Makes the sandbox (its keys are slow to generate) once, on first use. */
export class LazySandbox {
  private started: Promise<PaymentSandbox> | undefined;
  constructor(private readonly start: () => Promise<PaymentSandbox>) {}

  get(): Promise<PaymentSandbox> {
    this.started ??= this.start();
    return this.started;
  }
}

/** A sandbox provider built on first use (tests build many apps that never pay). */
export class LazySandboxProvider implements PaymentProvider {
  readonly sandbox = true;
  private inner: Promise<PaymentProvider> | undefined;

  constructor(
    readonly method: TGatewayMethod,
    readonly clients: readonly TGatewayClient[],
    private readonly answers: { acknowledge(): NotificationAnswer; refuse(): NotificationAnswer },
    private readonly build: () => Promise<PaymentProvider>,
  ) {}

  private provider(): Promise<PaymentProvider> {
    this.inner ??= this.build();
    return this.inner;
  }

  async create(input: CreateChargeInput) {
    return (await this.provider()).create(input);
  }
  async verifyNotification(request: NotificationRequest) {
    return (await this.provider()).verifyNotification(request);
  }
  acknowledge(): NotificationAnswer {
    return this.answers.acknowledge();
  }
  refuse(): NotificationAnswer {
    return this.answers.refuse();
  }
  async query(paymentNo: string) {
    return (await this.provider()).query(paymentNo);
  }
  async requestRefund(input: RefundInput) {
    return (await this.provider()).requestRefund(input);
  }
  async queryRefund(input: RefundQueryInput) {
    return (await this.provider()).queryRefund(input);
  }
  async downloadBill(input: BillInput) {
    return (await this.provider()).downloadBill(input);
  }
  async close(paymentNo: string) {
    return (await this.provider()).close(paymentNo);
  }
}
