import { createHash, randomBytes } from 'node:crypto';
import { type TJsapiSignature } from '@llk/contracts';
import { AppError } from '../../infrastructure/http/app-error';
import { type KeyValueStore } from '../../infrastructure/kv';
import {
  BAD_OAUTH_CODE_ERRCODES,
  fetchAccessToken,
  fetchJsapiTicket,
  fetchOauthOpenId,
  PlatformError,
  STALE_TOKEN_ERRCODES,
  upstreamFailed,
  type Expiring,
} from './wxmp.client';

export interface ShareConfig {
  apiBase: string;
  appId: string | undefined;
  appSecret: string | undefined;
  /** origins whose pages may be signed (WEB_ORIGIN and WX_SHARE_ORIGINS) */
  origins: string[];
}

/** Tokens live 7200 s; stop using them this long before, so a page never gets a dying one. */
export const EXPIRY_MARGIN_SECONDS = 300;

/**
 * The JS-SDK signature: sha1 over `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, the keys in
 * that (ASCII) order, values raw (not URL-encoded), the URL without its #fragment.
 */
export function signJsapi(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  const page = url.split('#')[0] ?? url;
  return createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${page}`).digest('hex');
}

/** The page URL when it is http(s) on an allowed origin, else SHARE_URL_NOT_ALLOWED. */
function checkShareUrl(url: string, origins: string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('SHARE_URL_NOT_ALLOWED');
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !origins.includes(parsed.origin)) {
    throw new AppError('SHARE_URL_NOT_ALLOWED');
  }
  return url.split('#')[0] ?? url;
}

const inflight = new Map<string, Promise<string>>();

/** Cached value, or one fetch shared by every concurrent caller of this process. */
async function cached(kv: KeyValueStore, key: string, fetchValue: () => Promise<Expiring>): Promise<string> {
  const hit = await kv.get(key);
  if (hit) return hit;
  let pending = inflight.get(key);
  if (!pending) {
    pending = (async () => {
      const fresh = await fetchValue();
      const ttlSeconds = fresh.expiresInSeconds - EXPIRY_MARGIN_SECONDS;
      if (ttlSeconds > 0) await kv.set(key, fresh.value, ttlSeconds * 1000);
      return fresh.value;
    })().finally(() => inflight.delete(key));
    inflight.set(key, pending);
  }
  return pending;
}

async function getTicket(kv: KeyValueStore, config: ShareConfig & { appId: string; appSecret: string }): Promise<string> {
  const tokenKey = `wx:token:${config.appId}`;
  const ticketKey = `wx:ticket:${config.appId}`;
  const credentials = { apiBase: config.apiBase, appId: config.appId, appSecret: config.appSecret };
  const token = () => cached(kv, tokenKey, () => fetchAccessToken(credentials));
  try {
    return await cached(kv, ticketKey, async () => {
      try {
        return await fetchJsapiTicket(config.apiBase, await token());
      } catch (error) {
        // Our cached token was revoked or expired early (e.g. another server fetched a new
        // one, which invalidates the old): drop it and try once with a fresh one.
        if (!(error instanceof PlatformError) || error.errcode === null || !STALE_TOKEN_ERRCODES.has(error.errcode)) throw error;
        await kv.del(tokenKey);
        return fetchJsapiTicket(config.apiBase, await token());
      }
    });
  } catch (error) {
    if (error instanceof PlatformError) throw upstreamFailed(error);
    throw error;
  }
}

export async function getJsapiSignature(
  deps: { kv: KeyValueStore; config: ShareConfig; now?: () => number },
  url: string,
): Promise<TJsapiSignature> {
  const { appId, appSecret } = deps.config;
  if (!appId || !appSecret) throw new AppError('SHARE_NOT_CONFIGURED');
  const page = checkShareUrl(url, deps.config.origins);
  const ticket = await getTicket(deps.kv, { ...deps.config, appId, appSecret });
  const timestamp = Math.floor((deps.now?.() ?? Date.now()) / 1000);
  const nonceStr = randomBytes(12).toString('base64url');
  return { appId, timestamp, nonceStr, signature: signJsapi(ticket, nonceStr, timestamp, page) };
}

/** GET /wxMp/openId: the payer's openid for a JSAPI payment, from the OAuth redirect's code. */
export async function getOpenId(config: Pick<ShareConfig, 'apiBase' | 'appId' | 'appSecret'>, code: string): Promise<{ openid: string }> {
  const { appId, appSecret } = config;
  if (!appId || !appSecret) throw new AppError('WX_OAUTH_NOT_CONFIGURED');
  try {
    return { openid: await fetchOauthOpenId({ apiBase: config.apiBase, appId, appSecret }, code) };
  } catch (error) {
    if (error instanceof PlatformError && error.errcode !== null && BAD_OAUTH_CODE_ERRCODES.has(error.errcode)) {
      throw new AppError('WX_OAUTH_CODE_INVALID', { cause: error });
    }
    if (error instanceof PlatformError) throw upstreamFailed(error);
    throw error;
  }
}
