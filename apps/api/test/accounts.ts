import { randomBytes, randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, expect } from 'vitest';
import { type App } from '../src/composition/app';
import { MemoryKeyValueStore, RedisKeyValueStore, type KeyValueStore } from '../src/infrastructure/kv';
import { testRedisUrl } from './databases';

// Helpers for the account tests: unique identities, codes read from the dev outbox, sign-up.

let counter = 0;
// Redis is shared by every test file (and run): identities differ per file load.
const run = randomBytes(3).toString('hex');
const mobileBlock = String(randomInt(1000, 10000));

export interface Identity {
  username: string;
  mobile: string;
  email: string;
  password: string;
}

/** A fresh username / phone / email that no other test uses. */
export function newIdentity(): Identity {
  counter += 1;
  const n = String(counter).padStart(4, '0');
  return {
    username: `user${run}${n}`,
    // E.164, as ZPhone stores it and the web sends it (ADR 0027); shown as before: maskedMainland
    mobile: `+86139${mobileBlock}${n}`,
    email: `user${run}${n}@example.com`,
    password: 'Secret#123',
  };
}

/** How a mainland number shows masked, as before numbers were stored in E.164 (ADR 0027; stored +8613912340001): 139****0001. */
export function maskedMainland(mobile: string): string {
  const digits = mobile.replace(/^\+86/, '');
  return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
}

let ipCounter = 0;
/** A client address of its own, so per-IP limits of one test do not touch another. */
export function newIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** The newest code the dev outbox holds for an address. */
export async function outboxCode(app: App, to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  // notices (new-device sign-in, contact changes) carry no code
  const code = (res.json() as { data: { messages: { code: string }[] } }).data.messages.find((message) => message.code !== '')?.code;
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

export async function sendCode(app: App, body: Record<string, unknown>, ip = newIp()) {
  return app.inject({ method: 'POST', url: '/sms', payload: body, remoteAddress: ip });
}

/** Signs a new user up through the API; returns the identity and the token. */
export async function signUp(app: App, identity: Identity = newIdentity()): Promise<Identity & { token: string }> {
  const sent = await sendCode(app, { mobile: identity.mobile, smsType: 'SIGNUP' });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await outboxCode(app, identity.mobile);
  const res = await app.inject({
    method: 'POST',
    url: '/signup',
    payload: {
      username: identity.username,
      mobile: identity.mobile,
      code,
      password: identity.password,
      confirmPassword: identity.password,
      email: identity.email,
    },
    remoteAddress: newIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = (res.json() as { data: { access_token: string } }).data.access_token;
  return { ...identity, token };
}

/**
 * Verifies the email a phone sign-up typed beside the phone (ADR 0028: it opens nothing until the
 * account proves it, a BIND_EMAIL code to it used with POST /user/bindEmail), through the API.
 * The email's resend wait is lifted before and after.
 */
export async function proveEmail(app: App, user: Identity & { token: string }): Promise<void> {
  await app.kv.del(`sms:cool:EMAIL:${user.email}`);
  const sent = await app.inject({
    method: 'POST',
    url: '/sms',
    payload: { email: user.email, smsType: 'BIND_EMAIL' },
    headers: { authorization: user.token },
    remoteAddress: newIp(),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await outboxCode(app, user.email);
  const res = await app.inject({
    method: 'POST',
    url: '/user/bindEmail',
    payload: { email: user.email, code },
    headers: { authorization: user.token },
    remoteAddress: newIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  await app.kv.del(`sms:cool:EMAIL:${user.email}`);
}

/**
 * Signs a new user up by email alone (a SIGNUP code sent to the email, no phone: ADR 0028); the
 * email is verified. Returns the identity (its mobile unused) and the token.
 */
export async function signUpByEmail(app: App, identity: Identity = newIdentity()): Promise<Identity & { token: string }> {
  const sent = await sendCode(app, { email: identity.email, smsType: 'SIGNUP' });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await outboxCode(app, identity.email);
  const res = await app.inject({
    method: 'POST',
    url: '/signup',
    payload: { username: identity.username, email: identity.email, code, password: identity.password, confirmPassword: identity.password },
    remoteAddress: newIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = (res.json() as { data: { access_token: string } }).data.access_token;
  return { ...identity, token };
}

export interface KvCase {
  kind: 'memory' | 'redis';
  /** a store of that kind (Redis: keys under a prefix of this file, removed afterwards) */
  create(): KeyValueStore;
}

/** The in-process store always; Redis too when TEST_REDIS_URL is set. Call at file level. */
export function kvCases(): KvCase[] {
  const url = testRedisUrl();
  const prefix = `llk-test:${randomBytes(6).toString('hex')}:`;
  let redis: Redis | undefined;
  afterAll(async () => {
    if (!redis) return;
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  return [
    { kind: 'memory', create: () => new MemoryKeyValueStore() },
    ...(url
      ? [{ kind: 'redis' as const, create: () => new RedisKeyValueStore((redis ??= new Redis(url, { lazyConnect: true })), prefix) }]
      : []),
  ];
}
