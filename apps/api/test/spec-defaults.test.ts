import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/composition/config';

// The documented defaults of the numbers an operator may tune (apps/api/README.md). Behaviour
// tests set some of these variables explicitly, so only this file notices a changed default.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('documented defaults', () => {
  const config = loadConfig({});

  it('ends a session after 30 days unused and 180 days after log-in', () => {
    expect(config.session).toEqual({ idleMs: 30 * DAY, absoluteMs: 180 * DAY });
  });

  it('lets one client IP request 20 codes an hour and 50 a day', () => {
    expect(config.codes).toMatchObject({ ipHourlyLimit: 20, ipDailyLimit: 50 });
  });

  it('sends the same phone or address another code only after 60 seconds', () => {
    expect(config.codes.resendAfterMs).toBe(60 * 1000);
  });

  it('expires unpaid orders after 30 minutes and payment codes after 10, and completes orders 7 days after fulfilment', () => {
    expect(config.orders).toMatchObject({ ttlMs: 30 * MINUTE, qrCodeTtlMs: 10 * MINUTE, completeAfterMs: 7 * DAY });
  });
});
