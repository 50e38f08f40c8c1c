import { normalizeReferralCode, REFERRAL_COOKIE, REFERRAL_COOKIE_MAX_AGE_S, REFERRAL_QUERY_PARAM } from '@llk/contracts';

// Attribution (ADR 0009): a visitor who follows a referral link (any page with
// ?ref=CODE) keeps the code until sign-up, across pages and the language switch, in the
// llk_ref cookie. The browser's POST /api/signup is forwarded with its cookies, and the API
// binds the new account to the ambassador and clears the cookie. Pure, for the proxy.

interface TReferralCookie {
  name: string;
  value: string;
  /** seconds */
  maxAge: number;
  path: '/';
  sameSite: 'lax';
  httpOnly: true;
  secure: boolean;
}

/** What the proxy needs of a request (NextRequest fits). */
interface TReferralRequest {
  nextUrl: { searchParams: URLSearchParams; protocol: string };
}

/**
 * The cookie to set for a page request that carries ?ref=CODE with a well-formed code, else
 * null. The latest link followed wins; a malformed code leaves any earlier one in place.
 */
export function referralCookieFor(request: TReferralRequest): TReferralCookie | null {
  const code = normalizeReferralCode(request.nextUrl.searchParams.get(REFERRAL_QUERY_PARAM));
  if (!code) return null;
  return {
    name: REFERRAL_COOKIE,
    value: code,
    maxAge: REFERRAL_COOKIE_MAX_AGE_S,
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: request.nextUrl.protocol === 'https:',
  };
}

/** What the proxy needs of a response (NextResponse fits). */
interface TCookieSink {
  cookies: { set(name: string, value: string, options: Omit<TReferralCookie, 'name' | 'value'>): unknown };
}

/** One line for the proxy: remember the referral of this request, if any, on its response. */
export function applyReferralCookie(request: TReferralRequest, response: TCookieSink): void {
  const cookie = referralCookieFor(request);
  if (!cookie) return;
  const { name, value, ...options } = cookie;
  response.cookies.set(name, value, options);
}
