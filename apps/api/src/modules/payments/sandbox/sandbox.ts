import { createHmac, timingSafeEqual } from 'node:crypto';
import { type KeyValueStore } from '../../../lib/kv';
import { type TGatewayMethod } from '../provider';
import { FakeGateways, startFakeGatewayServer, type ChargeStore, type Deliver, type FakeCharge, type FakeGatewayServer } from './fake-gateways';
import { type SandboxKeys } from './keys';

// The built-in sandbox gateway: the fake gateways on a loopback port of their own (so the real
// adapters reach them over HTTP even when the API itself is not listening, and the protocol
// endpoints never face the internet), charges kept in the API's key-value store, and a confirm
// page per charge (payments.routes.ts) whose link carries an HMAC so that a payment number
// alone does not let anybody confirm it.

/** Sandbox charges are kept this long. */
const CHARGE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export class KvChargeStore implements ChargeStore {
  constructor(private readonly kv: KeyValueStore, private readonly prefix = 'paysandbox:') {}
  async get(key: string): Promise<FakeCharge | undefined> {
    const text = await this.kv.get(`${this.prefix}${key}`);
    return text ? (JSON.parse(text) as FakeCharge) : undefined;
  }
  async set(key: string, charge: FakeCharge): Promise<void> {
    await this.kv.set(`${this.prefix}${key}`, JSON.stringify(charge), CHARGE_TTL_MS);
  }
}

export interface SandboxOptions {
  keys: SandboxKeys;
  store: ChargeStore;
  deliver: Deliver;
  /** How browsers reach the API: the confirm pages live at <publicBase>/sandbox/pay/… */
  publicBase: string;
}

export class PaymentSandbox {
  readonly gateways: FakeGateways;

  private constructor(
    readonly keys: SandboxKeys,
    readonly server: FakeGatewayServer,
    gateways: FakeGateways,
  ) {
    this.gateways = gateways;
  }

  static async start(options: SandboxOptions): Promise<PaymentSandbox> {
    const token = (method: TGatewayMethod, paymentNo: string) => PaymentSandbox.tokenFor(options.keys, method, paymentNo);
    const gateways = new FakeGateways({
      keys: options.keys,
      store: options.store,
      deliver: options.deliver,
      codeUrl: (method, paymentNo) => `${options.publicBase}/sandbox/pay/${method}/${encodeURIComponent(paymentNo)}?t=${token(method, paymentNo)}`,
    });
    const server = await startFakeGatewayServer(gateways);
    return new PaymentSandbox(options.keys, server, gateways);
  }

  static tokenFor(keys: SandboxKeys, method: TGatewayMethod, paymentNo: string): string {
    return createHmac('sha256', keys.pageSecret).update(`${method}:${paymentNo}`).digest('base64url').slice(0, 22);
  }

  tokenValid(method: TGatewayMethod, paymentNo: string, token: string | undefined): boolean {
    if (!token) return false;
    const expected = Buffer.from(PaymentSandbox.tokenFor(this.keys, method, paymentNo));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  close(): Promise<void> {
    return this.server.close();
  }
}
