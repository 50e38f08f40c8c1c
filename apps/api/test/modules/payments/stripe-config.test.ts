import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/composition/config';
import { PRODUCTION_ENV } from '../../helper';

// PAYMENT_CARD and the Stripe keys (ADR 0029): production needs the keys only with cards on.

const PROD: Record<string, string> = { ...PRODUCTION_ENV, DATABASE_URL: 'postgres://app@db/llk' };

const problems = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('card payment settings', () => {
  it('production offers no card unless switched on, and then needs both Stripe keys', () => {
    expect(loadConfig({ ...PROD }).payments).toMatchObject({ card: false, stripe: undefined });
    const missing = problems({ ...PROD, PAYMENT_CARD: 'true' });
    expect(missing.filter((line) => line.startsWith('STRIPE_')).map((line) => line.split(':')[0])).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    const on = loadConfig({ ...PROD, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).payments;
    expect(on).toMatchObject({
      card: true,
      stripe: { secretKey: 'sk_live_x', webhookSecret: 'whsec_x', apiBase: 'https://api.stripe.com' },
    });
    expect(
      loadConfig({ ...PROD, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', PAYMENT_CARD: 'false' }).payments.card,
    ).toBe(false);
  });

  it('refuses half the Stripe keys, never echoing them, and defaults to the card sandbox outside production', () => {
    const half = problems({ NODE_ENV: 'test', DATABASE_URL: ':memory:', STRIPE_SECRET_KEY: 'sk_test_SECRET' });
    expect(half).toEqual([expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set/)]);
    expect(half.join('\n')).not.toContain('sk_test_SECRET');
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: ':memory:' }).payments).toMatchObject({
      card: true,
      stripe: undefined,
      sandbox: true,
    });
    expect(problems({ NODE_ENV: 'test', DATABASE_URL: ':memory:', PAYMENT_CARD: 'maybe' })).toEqual([
      'PAYMENT_CARD: must be true or false (got "maybe")',
    ]);
  });
});
