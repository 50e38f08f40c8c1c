import { describe, expect, it } from 'vitest';
import { loginHref } from '@/lib/login-href';
import { isPastDeadline, newIdempotencyKey, outcomeOf, pollDelay } from './payment-flow';

describe('payment flow', () => {
  it('reads order statuses as the page shows them', () => {
    expect(outcomeOf('CREATED')).toBe('pending');
    expect(outcomeOf('PENDING_PAYMENT')).toBe('pending');
    for (const status of ['PAID', 'FULFILLED', 'COMPLETED'] as const) expect(outcomeOf(status)).toBe('paid');
    expect(outcomeOf('EXPIRED')).toBe('expired');
    expect(outcomeOf('CANCELLED')).toBe('cancelled');
    expect(outcomeOf('REFUNDED')).toBe('refunded');
  });

  it('polls quickly at first, then more slowly', () => {
    expect(pollDelay(0)).toBe(1500);
    expect(pollDelay(4)).toBe(1500);
    expect(pollDelay(5)).toBe(3000);
  });

  it('gives a payment a grace period past its deadline', () => {
    const expiresAt = '2026-11-22T12:00:00.000Z';
    const deadline = Date.parse(expiresAt);
    expect(isPastDeadline(expiresAt, deadline + 10_000)).toBe(false);
    expect(isPastDeadline(expiresAt, deadline + 16_000)).toBe(true);
    expect(isPastDeadline('not a date', deadline + 1e9)).toBe(false);
  });

  it('makes idempotency keys the API accepts', () => {
    const key = newIdempotencyKey(() => '0b7c6f1e-2a4d-4c8e-9f3a-5d6e7f8a9b0c');
    expect(key).toBe('web-0b7c6f1e-2a4d-4c8e-9f3a-5d6e7f8a9b0c');
    expect(newIdempotencyKey(() => 'x'.repeat(100))).toHaveLength(64);
    expect(newIdempotencyKey()).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it('sends a visitor to log in and back to the same page', () => {
    expect(loginHref('/en/login', '/en/order', '?plan=YEAR')).toBe('/en/login?redirectUrl=%2Fen%2Forder%3Fplan%3DYEAR');
    expect(loginHref('/login', '/pay', '?qrCodeId=abc&redirectUrl=%2Fx')).toBe('/login?redirectUrl=%2Fpay%3FqrCodeId%3Dabc');
    expect(loginHref('/login', '/order', '')).toBe('/login?redirectUrl=%2Forder');
  });
});
