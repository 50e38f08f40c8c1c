// @ts-check
// Requests Next cannot take: a method its Request objects refuse (TRACE, TRACK) and a path with
// a broken percent escape (/api/order/info/%zz). Next throws on both before any route or the
// /api forward runs and answers a bare 500; server.mjs asks this module first and answers 405
// or 400 instead: the API's envelope in the caller's language under /api, plain text elsewhere.
import en from '@llk/contracts/messages/en' with { type: 'json' };
import es from '@llk/contracts/messages/es' with { type: 'json' };
import fr from '@llk/contracts/messages/fr' with { type: 'json' };
import ja from '@llk/contracts/messages/ja' with { type: 'json' };
import ko from '@llk/contracts/messages/ko' with { type: 'json' };
import zhCN from '@llk/contracts/messages/zh-CN' with { type: 'json' };
import zhTW from '@llk/contracts/messages/zh-tw' with { type: 'json' };

/** The methods Next's route handlers and pages take. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** ErrorCode values of the contracts (test/refuse.test.ts holds them equal). */
export const CODES = { BAD_REQUEST: 40000, METHOD_NOT_ALLOWED: 40500 };

const MESSAGES = { 'zh-CN': zhCN, en, 'zh-tw': zhTW, es, fr, ja, ko };

/**
 * localeFromAcceptLanguage of the contracts, for a plain-JavaScript server (test/refuse.test.ts
 * compares the two): no header → zh-CN; else the first tag by q that maps to a locale; else en.
 * @param {string | undefined} header
 * @returns {keyof typeof MESSAGES}
 */
export function localeOf(header) {
  if (!header?.trim()) return 'zh-CN';
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
      const qParam = params.map((p) => p.split('=').map((x) => x.trim())).find(([name]) => name?.toLowerCase() === 'q');
      const q = qParam === undefined ? 1 : qParam[1] ? Number(qParam[1]) : Number.NaN;
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of tags) {
    const [primary, second] = tag.toLowerCase().replaceAll('_', '-').split('-');
    if (primary === 'zh') return second === undefined || second === 'cn' || second === 'hans' ? 'zh-CN' : 'zh-tw';
    if (primary === 'en' || primary === 'es' || primary === 'fr' || primary === 'ja' || primary === 'ko') return primary;
  }
  return 'en';
}

/** @param {string} path */
function decodes(path) {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The refusal for a request Next would fail on, or null to let Next handle it.
 * @param {{ method?: string; url?: string; headers: Record<string, string | string[] | undefined> }} req
 * @returns {{ status: number; headers: Record<string, string>; body: string } | null}
 */
export function refusalFor(req) {
  const method = (req.method ?? 'GET').toUpperCase();
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const badMethod = !ALLOWED_METHODS.includes(method);
  if (!badMethod && decodes(path)) return null;
  const status = badMethod ? 405 : 400;
  const headers = /** @type {Record<string, string>} */ ({ 'cache-control': 'no-store' });
  if (badMethod) headers.allow = ALLOWED_METHODS.join(', ');
  if (!path.startsWith('/api/'))
    return {
      status,
      headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' },
      body: badMethod ? 'Method Not Allowed' : 'Bad Request',
    };
  const acceptLanguage = req.headers['accept-language'];
  const { errors } = MESSAGES[localeOf(Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage)];
  const envelope = badMethod
    ? { errcode: CODES.METHOD_NOT_ALLOWED, errmsg: errors.methodNotAllowed, data: null }
    : { errcode: CODES.BAD_REQUEST, errmsg: errors.badRequest, data: null };
  return { status, headers: { ...headers, 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(envelope) };
}
