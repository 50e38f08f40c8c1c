import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import { type App } from '../../../src/composition/app';
import { newIp } from '../../accounts';

// Helpers of the account-security tests: envelopes, log-in, TOTP codes computed from the secret.

export interface Envelope<T = Record<string, unknown>> {
  errcode: number;
  errmsg: string;
  data: T;
}
export const body = <T = Record<string, unknown>>(res: { json(): unknown }) => res.json() as Envelope<T>;

export const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeWindowsNewer: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
} as const;

/** A code of the authenticator for a moment (the secret as shown by /user/totp/setup). */
export function totpCode(secret: string, at: number = Date.now()): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at });
}

export async function get<T>(app: App, token: string, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ url, headers: { authorization: token, ...headers } });
  return { res, json: body<T>(res) };
}

export async function post<T>(app: App, token: string | null, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { ...(token ? { authorization: token } : {}), ...headers },
    remoteAddress: headers['x-ip'] ?? newIp(),
  });
  return { res, json: body<T>(res) };
}

export type LoginAnswer = { access_token: string } | { secondStep: 'TOTP'; challengeId: string; expiresInSeconds: number };

/** POST /h5Login by password from a user agent; the answer's data. */
export async function passwordLogin(
  app: App,
  account: string,
  password: string,
  userAgent: string = UA.chromeWindows,
  ip = newIp(),
): Promise<LoginAnswer> {
  const res = await app.inject({
    method: 'POST',
    url: '/h5Login',
    payload: { loginType: 'account', account, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<LoginAnswer>(res).data;
}

export function tokenOf(answer: LoginAnswer): string {
  if (!('access_token' in answer)) throw new Error(`expected a token, got ${JSON.stringify(answer)}`);
  return answer.access_token;
}

export type Challenge = { secondStep: 'TOTP'; challengeId: string; expiresInSeconds: number };

export function challengeOf(answer: LoginAnswer): Challenge {
  if (!('secondStep' in answer)) throw new Error(`expected a second step, got ${JSON.stringify(answer)}`);
  return answer;
}

/** Sets up and enables TOTP for a token's user; returns the secret and the backup codes. */
export async function enableTotp(app: App, token: string, at = Date.now()): Promise<{ secret: string; backupCodes: string[] }> {
  const setup = await post<{ secret: string; uri: string }>(app, token, '/user/totp/setup');
  expect(setup.res.statusCode, setup.res.body).toBe(200);
  const enabled = await post<{ backupCodes: string[] }>(app, token, '/user/totp/enable', { code: totpCode(setup.json.data.secret, at) });
  expect(enabled.res.statusCode, enabled.res.body).toBe(200);
  return { secret: setup.json.data.secret, backupCodes: enabled.json.data.backupCodes };
}
