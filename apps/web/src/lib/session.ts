import { useSyncExternalStore } from 'react';

// Client-side session state. The token itself never reaches page scripts: the API keeps it in
// an httpOnly cookie (DESIGN.md), so this holds only what the UI shows (profile, plan). The
// accounts issue fills `user`; clear() is what 401 handling and logout call.

export interface TSessionUser {
  id: string | number;
  [field: string]: unknown;
}

export interface TSessionState {
  user: TSessionUser | null;
}

const EMPTY: TSessionState = { user: null };
let state: TSessionState = EMPTY;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export const session = {
  get: (): TSessionState => state,
  setUser(user: TSessionUser | null) {
    state = { user };
    emit();
  },
  clear() {
    if (state === EMPTY) return;
    state = EMPTY;
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The session in a client component; logged out during server rendering. */
export function useSession(): TSessionState {
  return useSyncExternalStore(session.subscribe, session.get, () => EMPTY);
}
