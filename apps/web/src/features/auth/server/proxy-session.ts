import type { TLocale } from '@llk/contracts';
import { type NextRequest, NextResponse } from 'next/server';
import { getApiOrigin } from '@/lib/api-origin';
import { mergeCarryParams } from '@/lib/carry-params';
import { localizeHref } from '@/lib/locale-path';
import { loginHref } from '@/lib/login-href';
import { isAccountPath, parseLocalePath } from '@/lib/routes';
import { GUEST_ONLY_PATHS, parseAllowlist, resolveRedirect, withAccessKey } from '../redirect-target';
import { secondStepFragment } from '../second-step-handoff';
import { SESSION_COOKIE, SESSION_HINT_COOKIE, SESSION_HINT_MAX_AGE_S } from '../session-cookies';
import { SWITCH_COOKIE, SWITCH_MAX_AGE_S, SWITCH_PATH, encodePendingSwitch } from '../switch-account';

// The proxy's share of the session behaviours, done before any HTML is sent
// (so there is no flash of a log-in form and no accessKey left in an address bar or a log):
//   ?accessKey=…            redeem it (GET /tokenByAccessKeyV2), pass the session cookie on,
//                           307 to the same URL without accessKey ("reload the same path");
//                           while another account is signed in, ask first (/switchAccount);
//                           when the API asks for the second step, 307 to /login with the
//                           challenge (second-step-handoff.ts) and this URL as redirectUrl
//   no session + /account…  307 to /login?redirectUrl=<this page> (log-in required; a dead
//                           session is caught by the account pages' own API calls)
//   session + /login, /signup, /resetPW or an unknown path
//                           307 to redirectUrl (internal), to an allowed origin with a fresh
//                           accessKey (GET /accessKey), or home; a dead session is cleared
//   every page request      llk_session_hint follows the presence of llk_session
// REDIRECT_ALLOWLIST is read at run time from the web's environment (the API has no say in
// redirects: it only issues the accessKey). Any API failure only logs and lets the page
// render.

interface TSessionContext {
  locale: TLocale;
  /** path without the locale prefix */
  path: string;
  /** the route table matched (render) or the path is unknown (fatal "Page Not Found") */
  kind: 'render' | 'notFound';
}

interface TSessionOutcome {
  /** answer this instead of the page */
  response?: NextResponse;
  /** the session cookie is dead: delete it (and the hint) on whatever is answered */
  clear?: boolean;
}

interface TApiAnswer {
  status: number;
  ok: boolean;
  data: unknown;
  setCookies: string[];
}

const API_TIMEOUT_MS = 5000;

function apiHeaders(request: NextRequest, token?: string): Headers {
  const headers = new Headers({ accept: 'application/json' });
  for (const name of ['accept-language', 'user-agent', 'x-forwarded-for']) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set('x-forwarded-proto', request.nextUrl.protocol === 'https:' ? 'https' : 'http');
  if (token) headers.set('cookie', `${SESSION_COOKIE}=${token}`);
  return headers;
}

async function callApi(request: NextRequest, path: string, token?: string): Promise<TApiAnswer | null> {
  try {
    const response = await fetch(`${getApiOrigin()}${path}`, {
      headers: apiHeaders(request, token),
      cache: 'no-store',
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as { errcode?: unknown; data?: unknown } | null;
    return {
      status: response.status,
      ok: response.ok && body?.errcode === 0,
      data: body?.data,
      setCookies: response.headers.getSetCookie(),
    };
  } catch (error) {
    console.error(`session: ${path.split('?')[0]} failed`, error);
    return null;
  }
}

/** POST /logout for a session the browser is leaving; the token goes as a header (no cookie same-origin rule). */
export async function endApiSession(request: NextRequest, token: string): Promise<void> {
  const headers = apiHeaders(request);
  headers.set('authorization', token);
  try {
    await fetch(`${getApiOrigin()}/logout`, { method: 'POST', headers, cache: 'no-store', signal: AbortSignal.timeout(API_TIMEOUT_MS) });
  } catch (error) {
    console.error('session: /logout failed', error);
  }
}

type TCookieOptions = NonNullable<Parameters<NextResponse['cookies']['set']>[2]>;

/** 'llk_session=abc; Max-Age=60; Path=/; HttpOnly; SameSite=Lax' → name, value, options. */
export function parseSetCookie(line: string): { name: string; value: string; options: TCookieOptions } | null {
  const [pair = '', ...attributes] = line.split(';');
  const equals = pair.indexOf('=');
  if (equals < 1) return null;
  const options: TCookieOptions = {};
  for (const attribute of attributes) {
    const [rawKey = '', ...rest] = attribute.split('=');
    const key = rawKey.trim().toLowerCase();
    const value = rest.join('=').trim();
    if (key === 'path') options.path = value;
    else if (key === 'max-age') options.maxAge = Number(value);
    else if (key === 'expires') options.expires = new Date(value);
    else if (key === 'domain') options.domain = value;
    else if (key === 'httponly') options.httpOnly = true;
    else if (key === 'secure') options.secure = true;
    else if (key === 'samesite') options.sameSite = value.toLowerCase() as TCookieOptions['sameSite'];
  }
  return { name: pair.slice(0, equals).trim(), value: decodeURIComponent(pair.slice(equals + 1).trim()), options };
}

function setHint(response: NextResponse, request: NextRequest) {
  response.cookies.set(SESSION_HINT_COOKIE, '1', {
    path: '/',
    maxAge: SESSION_HINT_MAX_AGE_S,
    sameSite: 'lax',
    secure: request.nextUrl.protocol === 'https:',
  });
}

/** Passes the API's Set-Cookie lines on through response.cookies (NextResponse rewrites Set-Cookie from that store). */
function passCookiesOn(response: NextResponse, setCookies: string[]) {
  for (const line of setCookies) {
    const cookie = parseSetCookie(line);
    if (cookie) response.cookies.set(cookie.name, cookie.value, cookie.options);
  }
}

/** What redeeming an access key gave: a session, a second step to finish on /login, or nothing. */
export type TAccessKeyLogIn = { kind: 'session' } | { kind: 'secondStep'; challengeId: string } | { kind: 'refused' };

/** GET /tokenByAccessKeyV2: on success the new session's cookie (and the hint) ride along on `response`. */
export async function logInWithAccessKey(request: NextRequest, accessKey: string, response: NextResponse): Promise<TAccessKeyLogIn> {
  const answer = await callApi(request, `/tokenByAccessKeyV2?accessKey=${encodeURIComponent(accessKey)}`);
  if (answer?.ok && answer.setCookies.length > 0) {
    passCookiesOn(response, answer.setCookies);
    setHint(response, request);
    return { kind: 'session' };
  }
  // With two-step verification the API may answer a second step instead (no cookie).
  const { secondStep, challengeId } = (answer?.ok ? (answer.data ?? {}) : {}) as { secondStep?: unknown; challengeId?: unknown };
  if (secondStep && typeof challengeId === 'string' && challengeId) return { kind: 'secondStep', challengeId };
  if (answer) console.warn(`session: access-key log-in refused (${answer.status})`);
  return { kind: 'refused' };
}

/**
 * To /login for the second step of a hand-off, then on to `next` (path and query, locale
 * prefix included). A guest-only page (/login?redirectUrl=… itself) keeps its own query.
 */
export function secondStepRedirect(
  request: NextRequest,
  locale: TLocale,
  next: string,
  challengeId: string,
  status: 303 | 307 = 307,
): NextResponse {
  const nextUrl = new URL(next, request.url);
  const guestOnly = GUEST_ONLY_PATHS.includes(parseLocalePath(nextUrl.pathname).path);
  const target = guestOnly ? nextUrl : new URL(loginHref(localizeHref(locale, '/login'), nextUrl.pathname, nextUrl.search), request.url);
  target.hash = secondStepFragment(challengeId);
  const response = NextResponse.redirect(target, status);
  response.headers.set('cache-control', 'no-store');
  return response;
}

/**
 * Whether a link's key may replace the session the request carries: 'ask' when it would sign
 * in another account, 'drop' when the key is no good or the API cannot tell (never swap
 * silently), 'redeem' when nobody live is signed in or it is the same account.
 */
async function switchDecision(request: NextRequest, accessKey: string): Promise<'redeem' | 'ask' | 'drop'> {
  const token = request.cookies.get(SESSION_COOKIE)?.value;
  if (!token) return 'redeem';
  const answer = await callApi(request, `/accessKey/check?accessKey=${encodeURIComponent(accessKey)}`, token);
  if (!answer) return 'drop';
  if (answer.status === 401) return 'redeem';
  if (!answer.ok) return 'drop';
  return (answer.data as { sameAccount?: boolean } | null)?.sameAccount === true ? 'redeem' : 'ask';
}

/** The same URL without accessKey; on success the API's session cookie rides along. */
async function redeemAccessKey(request: NextRequest, accessKey: string, locale: TLocale): Promise<NextResponse> {
  const clean = request.nextUrl.clone();
  clean.searchParams.delete('accessKey');
  const response = NextResponse.redirect(clean, 307);
  response.headers.set('cache-control', 'no-store');
  if (!accessKey) return response;
  const decision = await switchDecision(request, accessKey);
  if (decision === 'drop') {
    console.warn('session: access key dropped (refused, or the API could not say whose it is)');
    return response;
  }
  if (decision === 'ask') {
    const ask = NextResponse.redirect(new URL(localizeHref(locale, SWITCH_PATH), request.url), 307);
    ask.headers.set('cache-control', 'no-store');
    ask.cookies.set(SWITCH_COOKIE, encodePendingSwitch({ key: accessKey, next: `${clean.pathname}${clean.search}` }), {
      path: '/',
      maxAge: SWITCH_MAX_AGE_S,
      httpOnly: true,
      sameSite: 'lax',
      secure: request.nextUrl.protocol === 'https:',
    });
    return ask;
  }
  const outcome = await logInWithAccessKey(request, accessKey, response);
  if (outcome.kind === 'secondStep') return secondStepRedirect(request, locale, `${clean.pathname}${clean.search}`, outcome.challengeId);
  return response;
}

export async function resolveSession(request: NextRequest, context: TSessionContext): Promise<TSessionOutcome> {
  const { searchParams } = request.nextUrl;
  const accessKey = searchParams.get('accessKey');
  if (context.kind === 'render' && accessKey !== null) return { response: await redeemAccessKey(request, accessKey, context.locale) };

  const token = request.cookies.get(SESSION_COOKIE)?.value;
  if (!token) {
    if (context.kind !== 'render' || !isAccountPath(context.path)) return {};
    const target = loginHref(localizeHref(context.locale, '/login'), request.nextUrl.pathname, request.nextUrl.search);
    const response = NextResponse.redirect(new URL(target, request.url), 307);
    response.headers.set('cache-control', 'no-store');
    return { response };
  }
  if (context.kind !== 'notFound' && !GUEST_ONLY_PATHS.includes(context.path)) return {};

  const allowlist = parseAllowlist(process.env.REDIRECT_ALLOWLIST);
  const target = resolveRedirect(searchParams.get('redirectUrl'), context.locale, allowlist, request.nextUrl.origin);
  // GET /accessKey proves the session as well as /user/info does, and is needed for a hand-off.
  const answer = await callApi(request, target.kind === 'external' ? '/accessKey' : '/user/info', token);
  if (!answer) return {};
  if (answer.status === 401) return { clear: true };
  if (!answer.ok) return {};

  let location: URL;
  if (target.kind === 'external') {
    const { accessKey: key } = (answer.data ?? {}) as { accessKey?: string };
    if (!key) return {};
    location = new URL(withAccessKey(target.url, key));
  } else {
    // clientType and from travel on; redirectUrl has been used up.
    const carried = new URLSearchParams(searchParams);
    carried.delete('redirectUrl');
    location = new URL(mergeCarryParams(target.href, carried), request.url);
  }
  const response = NextResponse.redirect(location, 307);
  response.headers.set('cache-control', 'no-store');
  return { response };
}

/** Keeps llk_session_hint in step with llk_session (or removes both for a dead session). */
export function syncSessionHint(request: NextRequest, response: NextResponse, clear = false) {
  const secure = request.nextUrl.protocol === 'https:';
  const hasToken = !clear && Boolean(request.cookies.get(SESSION_COOKIE)?.value);
  const hinted = request.cookies.get(SESSION_HINT_COOKIE)?.value === '1';
  if (clear) response.cookies.set(SESSION_COOKIE, '', { path: '/', maxAge: 0, httpOnly: true, sameSite: 'lax', secure });
  if (hasToken && !hinted) setHint(response, request);
  else if (!hasToken && request.cookies.has(SESSION_HINT_COOKIE)) response.cookies.set(SESSION_HINT_COOKIE, '', { path: '/', maxAge: 0 });
}
