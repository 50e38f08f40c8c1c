import { type KeyValueStore } from '../../../infrastructure/kv';
import { type TGatewayMethod } from '../provider';

// The sandbox's charges: what a gateway would keep about each payment attempt. They live in
// the API's key-value store (Redis when configured, so every instance sees the same charge).

export type TChargeState = 'WAITING' | 'PAID' | 'CLOSED';

export interface SandboxCharge {
  method: TGatewayMethod;
  paymentNo: string;
  amountFen: number;
  subject: string;
  notifyUrl: string;
  expiresAt: string;
  state: TChargeState;
  tradeNo: string;
  paidAt: string | null;
  refundedFen: number;
  /** refund number → refunded amount (idempotent retries) */
  refunds: Record<string, number>;
  kind: 'QR' | 'H5' | 'JSAPI';
  openid: string | null;
  /** H5: where the confirm page sends the payer back (set by our server, never by the link) */
  returnUrl?: string | null;
}

export interface ChargeStore<T extends SandboxCharge = SandboxCharge> {
  get(key: string): Promise<T | undefined>;
  set(key: string, charge: T): Promise<void>;
}

/** Sandbox charges are kept this long. */
const CHARGE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export class KvChargeStore implements ChargeStore {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly prefix = 'paysandbox:',
  ) {}
  async get(key: string): Promise<SandboxCharge | undefined> {
    const text = await this.kv.get(`${this.prefix}${key}`);
    return text ? (JSON.parse(text) as SandboxCharge) : undefined;
  }
  async set(key: string, charge: SandboxCharge): Promise<void> {
    await this.kv.set(`${this.prefix}${key}`, JSON.stringify(charge), CHARGE_TTL_MS);
  }
}

export const chargeKey = (method: TGatewayMethod, paymentNo: string) => `${method}:${paymentNo}`;

/** A charge as it stands now: an unpaid one past its time is closed (and saved so). */
export async function findCharge(
  store: ChargeStore,
  method: TGatewayMethod,
  paymentNo: string,
  now: number,
): Promise<SandboxCharge | undefined> {
  const charge = await store.get(chargeKey(method, paymentNo));
  if (charge && charge.state === 'WAITING' && Date.parse(charge.expiresAt) <= now) {
    charge.state = 'CLOSED';
    await store.set(chargeKey(method, paymentNo), charge);
  }
  return charge;
}
