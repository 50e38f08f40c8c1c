import { randomBytes } from 'node:crypto';
import { type Scenario } from './scenarios';

// What the standalone benchmark scripts (account.ts, devices.ts, run.ts) share.

/** A positive integer from the environment, or the fallback; capped at `max`. */
export function intEnv(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return Math.min(value, max);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Production settings; the delivery adapters point nowhere (nothing is sent while benchmarking). */
export const BENCH_ENV = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  AUTO_MIGRATE: 'false',
  TRUST_PROXY: 'loopback',
  DATABASE_URL: ':memory:',
  CODE_SECRET: randomBytes(32).toString('hex'),
  TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  REDEEM_CODE_PEPPER: randomBytes(32).toString('hex'),
  REVALIDATE_SECRET: randomBytes(32).toString('hex'),
  PUBLIC_ORIGIN: 'https://bench.invalid',
  SMTP_URL: 'smtp://127.0.0.1:9',
  ALIYUN_SMS_ACCESS_KEY_ID: 'bench',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'bench',
  ALIYUN_SMS_SIGN_NAME: 'bench',
  ALIYUN_SMS_TEMPLATE_CODE: 'bench',
};

/** The baseline every figure is a ratio to, measured in the same run. */
export const HEALTH: Scenario = { name: 'GET /health (baseline)', request: () => ({ method: 'GET', path: '/health' }), expectStatus: 200 };
