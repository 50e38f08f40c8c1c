// @ts-check
// Security headers on every answer of the web (server.mjs calls secureResponse first thing).
//
// The Content-Security-Policy of a page allows exactly the inline scripts that page carries, by
// their SHA-256: Next's bootstrap and RSC payload (`self.__next_f.push(…)`) differ per page and
// change whenever an ISR page is regenerated or an on-demand page is first built, so no list
// made at build time could stay right, and nonces would make every static page dynamic. The
// HTML of each answer is therefore held back until it is complete, its inline scripts hashed
// (after undoing Next's gzip/brotli, which wraps the response before we see the bytes), and the
// header set before the untouched bytes go out. Script files load from 'self'; nothing may use
// eval. Cost: about a millisecond per page, and a dynamic page reaches the browser in one piece
// instead of streamed.
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * The WeChat JS-SDK (share setup inside WeChat), by the one file the site loads, not its origin:
 * res.wx.qq.com serves other scripts (and old SDK versions) that our pages must not run. It must
 * stay `WX_SDK_URL` of src/features/site/wechat-share-setup.ts (test/security-headers.test.ts
 * holds the two together). And the report image the SDK sends to WeChat.
 */
export const WECHAT_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
const WECHAT_REPORT_ORIGIN = 'https://open.weixin.qq.com';

/** Browser features the site never uses; nobody, not even our own pages, gets them. */
const UNUSED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
  'browsing-topics',
];

/** For answers that are not pages (JSON, images, scripts, RSC data): nothing may run or embed them. */
export const NON_DOCUMENT_POLICY = "default-src 'none'; frame-ancestors 'none'";

const HSTS = 'max-age=31536000';

/**
 * From the environment: HTTPS is known for every request when the public origin is https
 * (PUBLIC_ORIGIN, else NEXT_PUBLIC_SITE_URL).
 * @param {Record<string, string | undefined>} env
 * @returns {{ https: boolean }}
 */
export function securityOptions(env) {
  const origin = env.PUBLIC_ORIGIN || env.NEXT_PUBLIC_SITE_URL || '';
  return { https: /^https:\/\//i.test(origin.trim()) };
}

/**
 * Headers for every answer, page or not.
 * @param {boolean} https
 * @returns {Record<string, string>}
 */
export function baseHeaders(https) {
  return {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': UNUSED_FEATURES.map((feature) => `${feature}=()`).join(', '),
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/**
 * The policy of a page whose inline scripts have these hashes. The back office (`/admin…`,
 * ADR 0019) gets a stricter one: no third-party origin (the WeChat SDK and its report image
 * serve public pages only), no `data:` images (its QR codes are inline SVG, its charts a canvas),
 * no workers and no manifest.
 * @param {string[]} hashes `'sha256-…'` sources
 * @param {boolean} https
 * @param {{ admin?: boolean }} [options]
 */
export function pagePolicy(hashes, https, options = {}) {
  const admin = options.admin === true;
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...hashes, ...(admin ? [] : [WECHAT_SDK_URL])].join(' '),
    // React and our components set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    admin ? "img-src 'self'" : `img-src 'self' data: ${WECHAT_REPORT_ORIGIN}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(admin ? ["worker-src 'none'", "manifest-src 'none'"] : []),
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** The back office's pages (and only those): /admin and below. */
const ADMIN_PATH_RE = /^\/admin(?:[/?#]|$)/;

const SCRIPT_RE = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_RE = /\ssrc\s*=/i;
const TYPE_RE = /\stype\s*=\s*["']?([^"'\s>]+)/i;
const RUNNABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * `'sha256-…'` of every inline script that would run (not `src=`, not data blocks such as JSON-LD).
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes = '', content = ''] of html.matchAll(SCRIPT_RE)) {
    if (SRC_RE.test(attributes)) continue;
    const type = (TYPE_RE.exec(attributes)?.[1] ?? '').toLowerCase();
    if (!RUNNABLE_TYPES.has(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * @param {Buffer} body
 * @param {unknown} encoding the Content-Encoding header
 */
function decode(body, encoding) {
  const name = String(encoding ?? 'identity')
    .trim()
    .toLowerCase();
  if (name === 'identity' || name === '') return body.toString('utf8');
  if (name === 'gzip' || name === 'x-gzip') return gunzipSync(body).toString('utf8');
  if (name === 'br') return brotliDecompressSync(body).toString('utf8');
  if (name === 'deflate') return inflateSync(body).toString('utf8');
  throw new Error(`unknown content-encoding ${name}`);
}

/**
 * @param {unknown} chunk
 * @param {unknown} encoding
 * @returns {Buffer}
 */
function toBuffer(chunk, encoding) {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), typeof encoding === 'string' ? /** @type {BufferEncoding} */ (encoding) : 'utf8');
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {unknown} headers an object or a flat [name, value, …] list, as writeHead takes them
 */
function applyHeaders(res, headers) {
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1]);
  } else if (headers && typeof headers === 'object') {
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
  }
}

/** Paths that may answer a page: not the /api forward, not Next's files, no file extension. */
const PAGE_PATH_RE = /^\/(?!api\/|_next\/)[^?.]*(\?|$)/;

/** @param {import('node:http').IncomingMessage} req */
function isHttps(req) {
  // server.mjs has already dropped X-Forwarded-Proto unless a trusted proxy sent it
  return Boolean(/** @type {{ encrypted?: boolean }} */ (req.socket).encrypted) || req.headers['x-forwarded-proto'] === 'https';
}

/**
 * Sets the headers every answer gets, and makes an HTML answer wait for its policy: its body is
 * collected until end(), then the Content-Security-Policy with the hashes of its inline scripts
 * is set and the head and body are sent unchanged. Answers that already carry a policy (the API's
 * sandbox pages through /api) keep it; 304 answers get none, so a browser keeps the policy it
 * stored with the body.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ https: boolean }} options
 */
export function secureResponse(req, res, options) {
  const https = options.https || isHttps(req);
  // A HEAD of a page is rendered as a GET (Node still sends no body), so its policy names the
  // same scripts as the GET's would.
  if (req.method === 'HEAD' && PAGE_PATH_RE.test(req.url ?? '')) req.method = 'GET';
  for (const [name, value] of Object.entries(baseHeaders(https))) res.setHeader(name, value);

  const original = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders };
  /** @type {'pass' | 'hold' | null} */
  let mode = null;
  /** @type {string | undefined} */
  let reason;
  /** @type {Buffer[]} */
  const chunks = [];

  function decide() {
    if (mode) return;
    mode = 'pass';
    if (res.hasHeader('content-security-policy') || res.statusCode === 304) return;
    if (/^text\/html\b/i.test(String(res.getHeader('content-type') ?? '')) && res.statusCode !== 204) mode = 'hold';
    else res.setHeader('Content-Security-Policy', NON_DOCUMENT_POLICY);
  }

  /** @type {any} */ (res).writeHead = function writeHead(/** @type {number} */ statusCode, /** @type {unknown[]} */ ...rest) {
    if (mode === 'hold') return this;
    const text = typeof rest[0] === 'string' ? rest[0] : undefined;
    res.statusCode = statusCode;
    applyHeaders(res, text === undefined ? rest[0] : rest[1]);
    decide();
    if (mode === 'hold') {
      reason = text;
      return this;
    }
    return text === undefined ? original.writeHead.call(this, statusCode) : original.writeHead.call(this, statusCode, text);
  };

  res.flushHeaders = function flushHeaders() {
    // through the instance's writeHead, so a compression layer wrapped around us decides first
    if (!mode) res.writeHead(res.statusCode);
    if (mode === 'hold') return;
    original.flushHeaders.call(this);
  };

  /** @type {any} */ (res).write = function write(
    /** @type {unknown} */ chunk,
    /** @type {unknown} */ encoding,
    /** @type {unknown} */ callback,
  ) {
    decide();
    if (mode !== 'hold')
      return original.write.call(this, /** @type {any} */ (chunk), /** @type {any} */ (encoding), /** @type {any} */ (callback));
    chunks.push(toBuffer(chunk, encoding));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') queueMicrotask(() => done());
    return true;
  };

  /** @type {any} */ (res).end = function end(
    /** @type {unknown} */ chunk,
    /** @type {unknown} */ encoding,
    /** @type {unknown} */ callback,
  ) {
    decide();
    if (mode !== 'hold')
      return original.end.call(this, /** @type {any} */ (chunk), /** @type {any} */ (encoding), /** @type {any} */ (callback));
    const done = [chunk, encoding, callback].find((argument) => typeof argument === 'function');
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
    const body = Buffer.concat(chunks);
    let hashes = /** @type {string[]} */ ([]);
    try {
      hashes = inlineScriptHashes(decode(body, res.getHeader('content-encoding')));
    } catch (error) {
      console.error(`security headers: could not read the page ${req.url ?? ''}`, error);
    }
    const admin = ADMIN_PATH_RE.test(req.url ?? '');
    res.setHeader('Content-Security-Policy', pagePolicy(hashes, https, { admin }));
    // staff pages hold customers' data: no address of one leaves in a Referer
    if (admin) res.setHeader('Referrer-Policy', 'no-referrer');
    if (req.method !== 'HEAD' && !res.hasHeader('content-length')) res.setHeader('Content-Length', body.length);
    if (reason === undefined) original.writeHead.call(this, res.statusCode);
    else original.writeHead.call(this, res.statusCode, reason);
    return original.end.call(this, body, /** @type {any} */ (done));
  };
}
