import { createHmac, timingSafeEqual } from 'node:crypto';
import { type TGatewayMethod } from '../provider';
import { chargeKey, findCharge, type ChargeStore, type SandboxCharge } from './charges';
import { type SandboxKeys } from './keys';
import { paidNotification, type NotificationMessage } from './signer';

// The built-in sandbox gateway: charges in the API's key-value store (charges.ts), a confirm
// page per charge (payments.routes.ts) whose link carries an HMAC so that a payment number
// alone does not let anybody confirm it, and on Confirm the signed notification (signer.ts)
// delivered to the charge's notify URL. Nothing here listens on a port of its own.

export interface DeliveryResult {
  status: number;
  body: string;
}

export type Deliver = (message: NotificationMessage) => Promise<DeliveryResult>;

/** Posts a notification over HTTP, as the real gateways do. */
export const deliverByFetch =
  (timeoutMs = 10_000): Deliver =>
  async ({ url, headers, body }) => {
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, body: await response.text() };
  };

export type PayOutcome =
  | { result: 'delivered'; delivery: DeliveryResult; charge: SandboxCharge }
  | { result: 'not-found' }
  | { result: 'closed'; charge: SandboxCharge }
  | { result: 'expired'; charge: SandboxCharge }
  | { result: 'delivery-failed'; error: string; charge: SandboxCharge };

export interface SandboxOptions {
  keys: SandboxKeys;
  store: ChargeStore;
  deliver: Deliver;
  /** How browsers reach the API: the confirm pages live at <publicBase>/sandbox/pay/… */
  publicBase: string;
  now?: () => number;
}

export class PaymentSandbox {
  readonly keys: SandboxKeys;
  readonly store: ChargeStore;
  private readonly deliver: Deliver;
  private readonly publicBase: string;
  private readonly now: () => number;

  constructor(options: SandboxOptions) {
    this.keys = options.keys;
    this.store = options.store;
    this.deliver = options.deliver;
    this.publicBase = options.publicBase;
    this.now = options.now ?? Date.now;
  }

  static tokenFor(keys: SandboxKeys, method: TGatewayMethod, paymentNo: string): string {
    return createHmac('sha256', keys.pageSecret).update(`${method}:${paymentNo}`).digest('base64url').slice(0, 22);
  }

  /** The confirm page of a charge: what its QR code and the web's sandbox link open. */
  codeUrl(method: TGatewayMethod, paymentNo: string): string {
    return `${this.publicBase}/sandbox/pay/${method}/${encodeURIComponent(paymentNo)}?t=${PaymentSandbox.tokenFor(this.keys, method, paymentNo)}`;
  }

  tokenValid(method: TGatewayMethod, paymentNo: string, token: string | undefined): boolean {
    if (!token) return false;
    const expected = Buffer.from(PaymentSandbox.tokenFor(this.keys, method, paymentNo));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  charge(method: TGatewayMethod, paymentNo: string): Promise<SandboxCharge | undefined> {
    return findCharge(this.store, method, paymentNo, this.now());
  }

  /**
   * The buyer confirms: the charge becomes PAID (once) and its notification is delivered (again
   * on every call, as a gateway retrying would).
   */
  async pay(method: TGatewayMethod, paymentNo: string): Promise<PayOutcome> {
    const charge = await this.charge(method, paymentNo);
    if (!charge) return { result: 'not-found' };
    if (charge.state === 'CLOSED')
      return Date.parse(charge.expiresAt) <= this.now() ? { result: 'expired', charge } : { result: 'closed', charge };
    if (charge.state === 'WAITING') {
      charge.state = 'PAID';
      charge.paidAt = new Date(this.now()).toISOString();
      await this.store.set(chargeKey(method, paymentNo), charge);
    }
    try {
      const delivery = await this.deliver(paidNotification(charge, this.keys, new Date(this.now())));
      return { result: 'delivered', delivery, charge };
    } catch (error) {
      return { result: 'delivery-failed', error: (error as Error).message, charge };
    }
  }
}
