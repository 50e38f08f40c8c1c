import { type NextRequest, NextResponse } from 'next/server';
import { localizeHref } from '@/lib/locale-path';
import { parseLocalePath } from '@/lib/routes';
import { SWITCH_COOKIE, SWITCH_PATH, decodePendingSwitch } from '../switch-account';
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '../session-cookies';
import { endApiSession, logInWithAccessKey, secondStepRedirect } from './proxy-session';

// The answer of the /switchAccount page (a plain form POST, so it works without JavaScript):
// "switch" redeems the link's key kept in the llk_switch cookie, "stay" forgets it; either way
// the visitor goes on (303) to where the link pointed. Switching signs the account they leave
// out (its session would otherwise live on, unreachable, until it expires). The cookie is SameSite=Lax, so another
// site's form cannot bring it along; the Origin check says the same a second time.

function fromThisSite(request: NextRequest): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return false;
  try {
    const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? request.nextUrl.host;
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** A POST to /switchAccount (any locale), answered here; null for every other request. */
export async function answerSwitchChoice(request: NextRequest): Promise<NextResponse | null> {
  if (request.method !== 'POST') return null;
  const { locale, path } = parseLocalePath(request.nextUrl.pathname);
  if (path !== SWITCH_PATH) return null;

  const pending = decodePendingSwitch(request.cookies.get(SWITCH_COOKIE)?.value);
  const form = await request.formData().catch(() => null);
  const response = NextResponse.redirect(new URL(pending?.next ?? localizeHref(locale, '/'), request.url), 303);
  response.headers.set('cache-control', 'no-store');
  response.cookies.set(SWITCH_COOKIE, '', { path: '/', maxAge: 0 });
  if (!pending || form?.get('choice') !== 'switch' || !fromThisSite(request)) return response;
  const leaving = request.cookies.get(SESSION_COOKIE)?.value;
  const outcome = await logInWithAccessKey(request, pending.key, response);
  if (outcome.kind === 'refused') return response;
  if (leaving) await endApiSession(request, leaving);
  if (outcome.kind === 'session') return response;
  // The account switched to asks for its second step: the one left is signed out already, so
  // /login (a guest-only page) shows the second-step form.
  const second = secondStepRedirect(request, locale, pending.next, outcome.challengeId, 303);
  second.cookies.set(SWITCH_COOKIE, '', { path: '/', maxAge: 0 });
  second.cookies.set(SESSION_COOKIE, '', {
    path: '/',
    maxAge: 0,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.nextUrl.protocol === 'https:',
  });
  second.cookies.set(SESSION_HINT_COOKIE, '', { path: '/', maxAge: 0 });
  return second;
}
