import type { TOrderStatus } from '@llk/contracts';
import { PAID_ORDER_STATUSES } from '@llk/contracts/order-rules';

// Pure rules of the order and pay pages' payment flow (no React, no network), unit-tested.

type TOutcome = 'pending' | 'paid' | 'expired' | 'cancelled' | 'refunded';

/** What an order status means for the page. */
export function outcomeOf(status: TOrderStatus): TOutcome {
  if (PAID_ORDER_STATUSES.includes(status)) return 'paid';
  if (status === 'EXPIRED') return 'expired';
  if (status === 'CANCELLED') return 'cancelled';
  if (status === 'REFUNDING' || status === 'REFUNDED') return 'refunded';
  return 'pending';
}

/** First polls come quickly (a person confirming in the sandbox or a phone), then every 3 s. */
export function pollDelay(attempt: number): number {
  return attempt < 5 ? 1500 : 3000;
}

/** Whether a payment attempt is past its deadline (with a grace for clock drift and late notifications). */
export function isPastDeadline(expiresAt: string, now: number, graceMs = 15_000): boolean {
  const deadline = Date.parse(expiresAt);
  return Number.isFinite(deadline) && now > deadline + graceMs;
}

/** A fresh Idempotency-Key for POST /order/createV2 ([A-Za-z0-9_-], 1–64 characters). */
export function newIdempotencyKey(random: () => string = () => crypto.randomUUID()): string {
  return `web-${random().replace(/[^A-Za-z0-9_-]/g, '')}`.slice(0, 64);
}
