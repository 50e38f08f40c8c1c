import { AppError } from '../../infrastructure/http/app-error';

// The messaging platform's two calls behind the JS-SDK signature. Both answer JSON with
// errcode ≠ 0 on failure (the token call omits errcode on success).

export interface PlatformCredentials {
  apiBase: string;
  appId: string;
  appSecret: string;
}

export interface Expiring {
  value: string;
  expiresInSeconds: number;
}

/** errcodes meaning the access_token is invalid or expired: fetch a new one and retry once. */
export const STALE_TOKEN_ERRCODES = new Set([40001, 40014, 42001]);

export class PlatformError extends Error {
  constructor(
    readonly errcode: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}

const TIMEOUT_MS = 5_000;

async function getJson(url: URL): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
  } catch (error) {
    throw new PlatformError(null, `request to ${url.pathname} failed: ${(error as Error).message}`);
  }
  if (!response.ok) throw new PlatformError(null, `${url.pathname} answered HTTP ${response.status}`);
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    throw new PlatformError(null, `${url.pathname} answered something other than JSON`);
  }
}

function expiring(body: Record<string, unknown>, field: string, path: string): Expiring {
  const errcode = typeof body.errcode === 'number' ? body.errcode : 0;
  if (errcode !== 0) throw new PlatformError(errcode, `${path} errcode ${errcode}: ${String(body.errmsg ?? '')}`);
  const value = body[field];
  const expiresIn = body.expires_in;
  if (typeof value !== 'string' || value === '' || typeof expiresIn !== 'number') {
    throw new PlatformError(null, `${path} answered without ${field}/expires_in`);
  }
  return { value, expiresInSeconds: expiresIn };
}

export async function fetchAccessToken(credentials: PlatformCredentials): Promise<Expiring> {
  const url = new URL(`${credentials.apiBase}/cgi-bin/token`);
  url.searchParams.set('grant_type', 'client_credential');
  url.searchParams.set('appid', credentials.appId);
  url.searchParams.set('secret', credentials.appSecret);
  return expiring(await getJson(url), 'access_token', '/cgi-bin/token');
}

export async function fetchJsapiTicket(apiBase: string, accessToken: string): Promise<Expiring> {
  const url = new URL(`${apiBase}/cgi-bin/ticket/getticket`);
  url.searchParams.set('access_token', accessToken);
  url.searchParams.set('type', 'jsapi');
  return expiring(await getJson(url), 'ticket', '/cgi-bin/ticket/getticket');
}

/** Wraps platform failures as the API's 30003 so the caller sees a clear envelope, not a 500. */
export function upstreamFailed(cause: unknown): AppError {
  return new AppError('SHARE_UPSTREAM_FAILED', { cause });
}

/** OAuth errcodes meaning the page's code is bad: invalid, already used, or not ours. */
export const BAD_OAUTH_CODE_ERRCODES = new Set([40029, 40163, 41008]);

/**
 * The web-page OAuth exchange (snsapi_base): code → openid of the visitor in our official
 * account. The access_token that comes with it is not kept (we only need the openid).
 */
export async function fetchOauthOpenId(credentials: PlatformCredentials, code: string): Promise<string> {
  const url = new URL(`${credentials.apiBase}/sns/oauth2/access_token`);
  url.searchParams.set('appid', credentials.appId);
  url.searchParams.set('secret', credentials.appSecret);
  url.searchParams.set('code', code);
  url.searchParams.set('grant_type', 'authorization_code');
  const body = await getJson(url);
  const errcode = typeof body.errcode === 'number' ? body.errcode : 0;
  if (errcode !== 0) throw new PlatformError(errcode, `/sns/oauth2/access_token errcode ${errcode}: ${String(body.errmsg ?? '')}`);
  if (typeof body.openid !== 'string' || body.openid === '')
    throw new PlatformError(null, '/sns/oauth2/access_token answered without openid');
  return body.openid;
}
