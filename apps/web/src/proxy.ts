import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type TLocale } from '@llk/contracts';
import { type NextRequest, NextResponse } from 'next/server';
import { resolveSession, syncSessionHint } from './features/auth/server/proxy-session';
import { answerSwitchChoice } from './features/auth/server/switch-account';
import { applyReferralCookie } from './features/referral/referral-cookie';
import { FATAL_HEADER, REQUEST_PATH_HEADER, encodeFatal } from './lib/fatal';
import { decideRequest } from './lib/request-decision';
import { parseLocalePath } from './lib/routes';

// Runs before every page request (not /api, /_next or files): route validation, crawler
// handling and the language cookie, all decided by the pure decideRequest(); this file only
// turns the decision into a response. /api/* is forwarded by app/api/[...path]/route.ts.
// Then the session behaviours (accessKey, guest-only pages): features/auth/server/proxy-session.ts;
// the answer of the account-switch question (POST /switchAccount): features/auth/server/switch-account.ts.
// Last, whatever the response (page, language redirect, session redirect, 404), a followed
// referral link (?ref=CODE) is remembered in the llk_ref cookie: features/referral/referral-cookie.ts.

// Read by next-intl's getRequestLocale() when a page did not call setRequestLocale().
const NEXT_INTL_LOCALE_HEADER = 'X-NEXT-INTL-LOCALE';

function setLocaleCookie(response: NextResponse, request: NextRequest, locale: TLocale) {
  response.cookies.set(LOCALE_COOKIE, locale, {
    path: '/',
    maxAge: LOCALE_COOKIE_MAX_AGE,
    sameSite: 'lax',
    secure: request.nextUrl.protocol === 'https:',
  });
}

function rewrite(request: NextRequest, target: string, locale: TLocale, fatal?: { header: string; status: number }) {
  const headers = new Headers(request.headers);
  headers.set(NEXT_INTL_LOCALE_HEADER, locale);
  headers.set(REQUEST_PATH_HEADER, encodeURIComponent(request.nextUrl.pathname));
  if (fatal) headers.set(FATAL_HEADER, fatal.header);
  return NextResponse.rewrite(new URL(target, request.url), { request: { headers }, ...(fatal ? { status: fatal.status } : {}) });
}

export async function proxy(request: NextRequest) {
  const response = (await answerSwitchChoice(request)) ?? (await route(request));
  applyReferralCookie(request, response);
  return response;
}

async function route(request: NextRequest): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  const decision = decideRequest({
    pathname,
    search,
    cookie: request.cookies.get(LOCALE_COOKIE)?.value,
    acceptLanguage: request.headers.get('accept-language'),
    userAgent: request.headers.get('user-agent'),
  });

  // The back office keeps its own language and session (app/admin, ADR 0019); never indexed.
  if (decision.action === 'admin') {
    const admin = NextResponse.next();
    admin.headers.set('X-Robots-Tag', 'noindex, nofollow');
    return admin;
  }

  // Crawlers never carry sessions; language redirects keep the query for the next request.
  let clear = false;
  const sessionKind =
    decision.action === 'render'
      ? 'render'
      : decision.action === 'fatal' && decision.failure === 'notFound' && !decision.bare
        ? 'notFound'
        : null;
  if (sessionKind && decision.action !== 'redirect') {
    const outcome = await resolveSession(request, { locale: decision.locale, path: parseLocalePath(pathname).path, kind: sessionKind });
    if (outcome.response) {
      if (decision.action === 'render' && decision.setCookie) setLocaleCookie(outcome.response, request, decision.setCookie);
      return outcome.response;
    }
    clear = outcome.clear ?? false;
  }

  if (decision.action === 'fatal') {
    if (decision.bare) return new NextResponse(null, { status: decision.status });
    // The internal /[locale]/fatal page renders the message it finds in the request header;
    // the status of the rewrite response becomes the page's status.
    const fatal = rewrite(request, `/${decision.locale}/fatal`, decision.locale, {
      header: encodeFatal({ failure: decision.failure, path: decision.path }),
      status: decision.status,
    });
    syncSessionHint(request, fatal, clear);
    return fatal;
  }

  const response =
    decision.action === 'redirect'
      ? NextResponse.redirect(new URL(decision.location, request.url), 307)
      : rewrite(request, decision.target, decision.locale);
  if (decision.setCookie) setLocaleCookie(response, request, decision.setCookie);
  syncSessionHint(request, response, clear);
  return response;
}

export const config = {
  // Everything but the API forward, Next's own files and files with an extension (public/).
  matcher: ['/((?!api/|_next/|_vercel/|.*\\..*).*)'],
};
