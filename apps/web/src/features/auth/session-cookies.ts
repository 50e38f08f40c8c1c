// Cookie names shared by the proxy (server) and the session store (browser).

/** The API's httpOnly session cookie (apps/api auth plugin); page scripts never see it. */
export const SESSION_COOKIE = 'llk_session';
/** Readable "a session probably exists" flag, so the header asks for the profile only then. */
export const SESSION_HINT_COOKIE = 'llk_session_hint';
/** The API's absolute session lifetime (180 days); the proxy re-syncs the hint anyway. */
export const SESSION_HINT_MAX_AGE_S = 180 * 24 * 60 * 60;
