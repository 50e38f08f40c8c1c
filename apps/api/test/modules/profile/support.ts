import { expect } from 'vitest';
import { type App } from '../../../src/composition/app';
import { newIdentity, newIp, outboxCode, sendCode, type Identity } from '../../accounts';

// Helpers of the profile tests: codes sent with the one-minute resend wait skipped (it is the
// product's rule, tested in sms-codes.test.ts), what the outbox holds, and accounts without an email.

export interface Envelope<T = Record<string, unknown>> {
  errcode: number;
  errmsg: string;
  data: T;
}
export const body = <T = Record<string, unknown>>(res: { json(): unknown }) => res.json() as Envelope<T>;

export interface OutboxEntry {
  channel: 'SMS' | 'EMAIL';
  to: string;
  purpose: string;
  code: string;
  subject: string | null;
  text: string;
}

export async function outbox(app: App, to: string): Promise<OutboxEntry[]> {
  const res = await app.inject({ url: `/dev/outbox?to=${encodeURIComponent(to)}` });
  return body<{ messages: OutboxEntry[] }>(res).data.messages;
}

/** POST /sms now (clearing the target's resend wait), as the token's user when one is given. */
export async function send(app: App, payload: Record<string, unknown>, token?: string, to?: string) {
  const address = to ?? (payload.mobile as string | undefined) ?? (payload.email as string | undefined);
  if (address) await app.kv.del(`sms:cool:${address.includes('@') ? 'EMAIL' : 'SMS'}:${address}`);
  return app.inject({
    method: 'POST',
    url: '/sms',
    payload,
    headers: { 'accept-language': 'en', ...(token ? { authorization: token } : {}) },
    remoteAddress: newIp(),
  });
}

/** Sends a code and returns it from the outbox. */
export async function codeFor(app: App, payload: Record<string, unknown>, token: string | undefined, to: string): Promise<string> {
  const res = await send(app, payload, token, to);
  expect(res.statusCode, res.body).toBe(200);
  return outboxCode(app, to);
}

export function post(app: App, url: string, token: string, payload?: Record<string, unknown>, language = 'en') {
  return app.inject({
    method: 'POST',
    url,
    headers: { authorization: token, 'accept-language': language },
    ...(payload ? { payload } : {}),
    remoteAddress: newIp(),
  });
}

/** Signs up through the API without an email (the form's email is optional). */
export async function signUpWithoutEmail(app: App): Promise<Identity & { token: string }> {
  const identity = newIdentity();
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
    },
    remoteAddress: newIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...identity, token: body<{ access_token: string }>(res).data.access_token };
}
