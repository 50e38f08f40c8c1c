// Cookie names shared by the proxy (server) and the session store (browser). The session
// cookie itself is named once, in the contracts, for the API that sets it and the web that reads it.

export { SESSION_COOKIE } from '@llk/contracts/cookies';
/** Readable "a session probably exists" flag, so the header asks for the profile only then. */
export const SESSION_HINT_COOKIE = 'llk_session_hint';
/** The API's absolute session lifetime (180 days); the proxy re-syncs the hint anyway. */
export const SESSION_HINT_MAX_AGE_S = 180 * 24 * 60 * 60;
