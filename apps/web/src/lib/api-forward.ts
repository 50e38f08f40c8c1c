import 'server-only';
import { ADMIN_SESSION_COOKIE } from '@llk/contracts/cookies';
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '@/features/auth/session-cookies';

// Header rules of the /api forward (app/api/[...path]/route.ts), pure so they can be tested.

/** Hop-by-hop headers (RFC 9110 §7.6.1) and ones the forwarding fetch sets itself. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  // 100-continue is between the client and us; Node's fetch refuses to send it at all.
  'expect',
]);

/** Next.js request-internal headers that mean nothing to the API. */
const NEXT_INTERNAL = /^(?:x-middleware-|x-nextjs-|x-next-|next-router-|rsc$|next-url$|x-invoke-)/i;

interface TForwardInfo {
  /** client address as Next saw it (x-forwarded-for set by next start from the socket) */
  clientIp?: string | null;
  host?: string | null;
  proto: 'http' | 'https';
}

/** Headers for the API: the client's own (Cookie, Authorization, Accept-Language, …) + X-Forwarded-*. */
export function buildUpstreamHeaders(incoming: Headers, info: TForwardInfo): Headers {
  const headers = new Headers();
  for (const [name, value] of incoming) {
    if (HOP_BY_HOP.has(name) || NEXT_INTERNAL.test(name)) continue;
    headers.set(name, value);
  }
  const connection = incoming.get('connection');
  for (const token of connection?.split(',') ?? []) headers.delete(token.trim());
  if (info.clientIp) headers.set('x-forwarded-for', info.clientIp);
  if (info.host) headers.set('x-forwarded-host', info.host);
  headers.set('x-forwarded-proto', info.proto);
  // The body is streamed back as is; let the web server compress it for the browser.
  headers.set('accept-encoding', 'identity');
  return headers;
}

/**
 * POST /logout whose answer is not a success (the API refused it, failed or is down): the web
 * still ends the browser's session, so Log Out always logs out (a failed log-out is
 * ignored). Deletes the httpOnly session cookie and the readable hint, path / like the API's.
 */
export function logoutFallbackCookies(path: readonly string[], method: string, status: number | null): string[] {
  if (method !== 'POST' || path.length !== 1 || path[0] !== 'logout') return [];
  if (status !== null && status >= 200 && status < 300) return [];
  const expired = 'Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax';
  return [`${SESSION_COOKIE}=; ${expired}; HttpOnly`, `${SESSION_HINT_COOKIE}=; ${expired}`];
}

/**
 * POST /admin/api/logout whose answer is not a success: the staff cookie is deleted all the same
 * (Path=/admin, like the API's), so leaving the back office always works.
 */
export function adminLogoutFallbackCookies(path: readonly string[], method: string, status: number | null): string[] {
  if (method !== 'POST' || path.length !== 1 || path[0] !== 'logout') return [];
  if (status !== null && status >= 200 && status < 300) return [];
  return [`${ADMIN_SESSION_COOKIE}=; Path=/admin; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict`];
}

/** Headers for the browser: the API's own, every Set-Cookie kept, hop-by-hop dropped. */
export function buildDownstreamHeaders(upstream: Headers): Headers {
  const headers = new Headers();
  for (const [name, value] of upstream) {
    if (HOP_BY_HOP.has(name) || name === 'set-cookie' || name === 'content-encoding') continue;
    headers.set(name, value);
  }
  for (const cookie of upstream.getSetCookie()) headers.append('set-cookie', cookie);
  return headers;
}

/** The API's BODY_LIMIT (same variable, same default): bytes of a request body it accepts. */
export function forwardBodyLimit(value: string | undefined = process.env.BODY_LIMIT): number {
  const limit = Number(value);
  return Number.isInteger(limit) && limit > 0 ? limit : 1024 * 1024;
}

/** Whether the request says its body is longer than `limit` (Content-Length). */
export function declaresMoreThan(headers: Headers, limit: number): boolean {
  const length = Number(headers.get('content-length'));
  return Number.isFinite(length) && length > limit;
}

/**
 * Passes a body through until it grows past `limit`, then fails the stream (and with it the
 * forwarding fetch) and remembers why. The API would refuse such a body with 413 and close the
 * connection while we are still sending it, which fetch can only report as a failed request:
 * the limit is enforced here so the browser gets the 413 instead of "temporarily unavailable".
 */
/** How much of a refused body, in multiples of the limit, is read and dropped before answering. */
export const DRAIN_LIMIT_FACTOR = 8;

/**
 * Reads and drops a body until it ends or `max` bytes have gone by (a client that never stops is
 * not waited for). Returns the bytes read.
 */
export async function drainBody(body: ReadableStream<Uint8Array>, max: number): Promise<number> {
  let read = 0;
  const reader = body.getReader();
  try {
    while (read <= max) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.byteLength;
    }
  } catch {
    // the client went away: nothing left to drain
  } finally {
    reader.releaseLock();
  }
  return read;
}

export function capBody(limit: number): { stream: TransformStream<Uint8Array, Uint8Array>; exceeded(): boolean } {
  let seen = 0;
  let over = false;
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) {
        over = true;
        controller.error(new RangeError(`request body over ${limit} bytes`));
        return;
      }
      controller.enqueue(chunk);
    },
  });
  return { stream, exceeded: () => over };
}
