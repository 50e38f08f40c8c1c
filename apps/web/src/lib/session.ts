import { useSyncExternalStore } from 'react';
import { SESSION_HINT_COOKIE, SESSION_HINT_MAX_AGE_S } from '@/features/auth/session-cookies';

// Client-side session state. The token itself never reaches page scripts: the API keeps it in
// an httpOnly cookie (DESIGN.md), so this holds only what the UI shows (profile, plan).
//
// Whether to ask the API for the profile at all is told by a second, readable cookie,
// `llk_session_hint=1`: the proxy keeps it in step with the presence of the httpOnly session
// cookie on every page request, and the log-in forms set it at once. Visitors without it cost
// no request; a hint whose session has died is cleared by the first 401.

export interface TSessionUser {
  id: string | number;
  /** what the header shows: the nickname ("shown in the apps and on this site"), else the username */
  name: string;
  plan: 'FREE' | 'PRO';
  /** ISO 8601; null when never a member */
  expiresAt: string | null;
  active: boolean;
  /** ISO 8601: the day the account is erased, while its deletion is pending (null otherwise) */
  eraseAt?: string | null;
}

interface TSessionState {
  user: TSessionUser | null;
}

const EMPTY: TSessionState = { user: null };
let state: TSessionState = EMPTY;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function writeHint(value: string, maxAge: number) {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SESSION_HINT_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}

/** Whether this browser probably has a session (the hint cookie is set). */
export function hasSessionHint(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}

export const session = {
  get: (): TSessionState => state,
  setUser(user: TSessionUser | null) {
    state = { user };
    emit();
  },
  /** A log-in succeeded (the API has set the httpOnly cookie). */
  markLoggedIn() {
    writeHint('1', SESSION_HINT_MAX_AGE_S);
    emit(); // useSessionHint() readers load the profile
  },
  /** Logout, 401 or a password reset: forget the profile and the hint. */
  clear() {
    writeHint('', 0);
    state = EMPTY;
    emit(); // also when already empty: the hint, which useSessionHint() reads, has changed
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Whether the hint cookie is set, for client components; false during server rendering. */
export function useSessionHint(): boolean {
  return useSyncExternalStore(session.subscribe, hasSessionHint, () => false);
}

/** The session in a client component; logged out during server rendering. */
export function useSession(): TSessionState {
  return useSyncExternalStore(session.subscribe, session.get, () => EMPTY);
}
