import { type AppConfig } from '../../composition/config';
import { type OrderSettings } from './orders.service';

/** Idempotency-Key rows of POST /order/createV2 are kept a day. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

export interface OrderRouteSettings extends OrderSettings {
  completeAfterMs: number;
  sweepIntervalMs: number;
  /** gateways post to <notifyBase>/pay/notify/alipay|wechat */
  notifyBase: string;
}

export function orderSettingsOf(config: AppConfig): OrderRouteSettings {
  return {
    orderTtlMs: config.orders.ttlMs,
    qrCodeTtlMs: config.orders.qrCodeTtlMs,
    idempotencyTtlMs: IDEMPOTENCY_TTL_MS,
    completeAfterMs: config.orders.completeAfterMs,
    sweepIntervalMs: config.orders.sweepIntervalMs,
    notifyBase: config.payments.notifyBase,
  };
}
