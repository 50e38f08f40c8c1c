// @ts-check
// Development-only surfaces (the API's dev outbox and its page, the payment sandbox's confirm
// pages) answer only a visitor on this machine: the socket's peer and the client address the
// web believes (forwarded.mjs) must both be loopback. Everyone else is sent where nothing
// exists, so they get the normal 404 (envelope from the API, page from the site). The API
// applies the same rule to its own peer and refuses these surfaces outright in production.

/** The request header pages read (dev/outbox): set here on every request, never from outside. */
export const PEER_HEADER = 'x-llk-peer';

/** Where a refused /api call goes instead: a path the API has no route for. */
export const REFUSED_API_PATH = '/api/not-found';

/**
 * 127.0.0.0/8, ::1 and IPv4-mapped 127.x. Other machines cannot claim these addresses on a
 * socket, and the believed client address comes from trusted proxies only.
 * @param {string | null | undefined} address
 */
export function isLoopbackAddress(address) {
  if (!address) return false;
  const text = address.trim().toLowerCase();
  if (text === '::1' || text === '0:0:0:0:0:0:0:1') return true;
  const v4 = text.startsWith('::ffff:') ? text.slice(7) : text;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The first two segments of a path the way the /api route sees them: dot segments resolved,
 * percent-escapes decoded, lower case (so /api/%64ev and /api/./DEV are caught too).
 * @param {string} url
 */
function leadingSegments(url) {
  let pathname;
  try {
    pathname = new URL(url, 'http://web.invalid').pathname;
  } catch {
    return [];
  }
  return pathname
    .split('/')
    .filter(Boolean)
    .slice(0, 2)
    .map((segment) => {
      try {
        return decodeURIComponent(segment).toLowerCase();
      } catch {
        return segment.toLowerCase();
      }
    });
}

/**
 * Which development-only API surface a request URL reaches through the /api forward, if any.
 * @param {string} url
 * @returns {'outbox' | 'sandbox' | null}
 */
export function devOnlyApiSurface(url) {
  const [first, second] = leadingSegments(url);
  if (first !== 'api') return null;
  if (second === 'dev') return 'outbox';
  if (second === 'sandbox') return 'sandbox';
  return null;
}

/**
 * PAYMENT_SANDBOX=true with PAYMENT_SANDBOX_I_UNDERSTAND=anyone-can-pay-for-free (the API's
 * production opt-in, given to the web too): the sandbox's pages are for every visitor of a
 * staging site, and the API marks each of them.
 * @param {NodeJS.ProcessEnv} env
 */
export function sandboxIsPublic(env) {
  // the values the API's z.stringbool() reads as true
  return (
    /^(true|1|yes|on|y|enabled)$/i.test(env.PAYMENT_SANDBOX?.trim() ?? '') &&
    env.PAYMENT_SANDBOX_I_UNDERSTAND?.trim() === 'anyone-can-pay-for-free'
  );
}

/**
 * Runs after believeForwarded: marks the request with PEER_HEADER (loopback | remote) and
 * sends a refused development-only /api call to REFUSED_API_PATH.
 * @param {{ url?: string, headers: import('node:http').IncomingHttpHeaders, socket: { remoteAddress?: string } }} req
 * @param {{ sandboxPublic: boolean }} options
 */
export function guardDevOnly(req, { sandboxPublic }) {
  const client = req.headers['x-forwarded-for'];
  const local = isLoopbackAddress(req.socket.remoteAddress) && isLoopbackAddress(Array.isArray(client) ? client[0] : client);
  req.headers[PEER_HEADER] = local ? 'loopback' : 'remote';
  if (local) return;
  const surface = devOnlyApiSurface(req.url ?? '/');
  if (surface === 'outbox' || (surface === 'sandbox' && !sandboxPublic)) req.url = REFUSED_API_PATH;
}
